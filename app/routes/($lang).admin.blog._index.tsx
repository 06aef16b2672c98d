// /admin/blog: the operators' list of articles in every language, with publish and unpublish
// buttons (plain form posts), and the way to write a new one or edit one (issue 16 point 2).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { allArticles } from "~/services/blog/blog-reads.server";
import { setArticlePublished } from "~/services/blog/blog-writes.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["blog"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "blog");
  return { articles: await allArticles(), title: String(t("admin.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const form = await readFormData(request);
  const [verb, rawId] = String(form.get("intent") ?? "").split(":");
  const id = Number(rawId);
  if ((verb !== "publish" && verb !== "unpublish") || !Number.isSafeInteger(id) || id < 1) {
    throw new Response("Bad Request", { status: 400 });
  }
  if (!(await setArticlePublished(operator, id, verb === "publish"))) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(localizedPath(request, "/admin/blog"), {
    type: "success",
    message: verb === "publish" ? "blog:toast.published" : "blog:toast.unpublished",
  });
}

export default function AdminBlogPage() {
  const { articles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("blog");
  const lp = useLocalizedPath();
  return (
    <main className="admin-blog">
      <h1>{t("admin.title")}</h1>
      <p>
        <Link to={lp("/admin/blog/new")} className="button" data-testid="article-new">
          {t("admin.new")}
        </Link>
      </p>
      {articles.length === 0 ? <p className="empty-state">{t("admin.empty")}</p> : null}
      <table className="admin-blog__table">
        <thead>
          <tr>
            <th scope="col">{t("admin.columns.title")}</th>
            <th scope="col">{t("admin.columns.language")}</th>
            <th scope="col">{t("admin.columns.date")}</th>
            <th scope="col">{t("admin.columns.state")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("admin.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => (
            <tr key={article.id} data-testid={`article-row-${article.id}`}>
              <td>
                <Link to={lp(`/admin/blog/${article.id}`)}>{article.title}</Link>
                <br />
                <small>/{article.slug}</small>
              </td>
              <td>{article.lang.toUpperCase()}</td>
              <td>{article.publishDate}</td>
              <td data-testid="article-state">{article.published ? t("admin.published") : t("admin.draft")}</td>
              <td>
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value={`${article.published ? "unpublish" : "publish"}:${article.id}`}
                    className="button button--small button--secondary"
                    data-testid="article-toggle"
                  >
                    {article.published ? t("admin.unpublish") : t("admin.publish")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
