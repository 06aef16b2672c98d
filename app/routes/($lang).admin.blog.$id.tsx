// /admin/blog/{id}: an operator edits an article, replaces its cover, publishes or unpublishes it,
// and starts its translations into the languages it lacks.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleForm } from "~/components/blog/article-form";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { articleForEdit } from "~/services/blog/blog-reads.server";
import { saveArticleForm } from "~/services/blog/blog-forms.server";
import { setArticlePublished } from "~/services/blog/blog-writes.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { supportedLanguages } from "~/utils/i18n";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["blog", "listing"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const article = await articleForEdit(requireIdParam(params.id));
  if (!article) throw new Response("Not Found", { status: 404 });
  const t = await getFixedT(await getLanguage(request), "blog");
  return { article, title: String(t("admin.editTitle", { title: article.title })) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const id = requireIdParam(params.id);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (!isMultipart) {
    // The publish / unpublish buttons: small url-encoded posts.
    const intent = String((await readFormData(request)).get("intent") ?? "");
    if (intent !== "publish" && intent !== "unpublish") throw new Response("Bad Request", { status: 400 });
    if (!(await setArticlePublished(operator, id, intent === "publish"))) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(localizedPath(request, `/admin/blog/${id}`), {
      type: "success",
      message: intent === "publish" ? "blog:toast.published" : "blog:toast.unpublished",
    });
  }
  if (!(await articleForEdit(id))) throw new Response("Not Found", { status: 404 });
  const outcome = await saveArticleForm(request, operator.id, id);
  if (!outcome.ok) return data(outcome.answer, { status: outcome.status });
  return redirectWithToast(localizedPath(request, `/admin/blog/${id}`), { type: "success", message: "blog:toast.saved" });
}

export default function EditArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("blog");
  const lp = useLocalizedPath();
  const missing = supportedLanguages.filter((lng) => lng !== article.language && !article.translations.some((other) => other.lang === lng));
  return (
    <main className="admin-blog">
      <p>
        <Link to={lp("/admin/blog")}>{t("admin.back")}</Link>
      </p>
      <h1>{article.title}</h1>
      <p data-testid="article-state">
        {article.published ? t("admin.published") : t("admin.draft")}
        {article.published ? (
          <>
            {" · "}
            <Link to={`/${article.language}/blog/${article.slug}`}>{t("admin.view")}</Link>
          </>
        ) : null}
      </p>
      <Form method="post">
        <button type="submit" name="intent" value={article.published ? "unpublish" : "publish"} className="button button--secondary" data-testid="article-toggle">
          {article.published ? t("admin.unpublish") : t("admin.publish")}
        </button>
      </Form>
      <section aria-labelledby="translations-title" className="admin-blog__translations">
        <h2 id="translations-title">{t("admin.translations")}</h2>
        <ul>
          {article.translations.map((other) => (
            <li key={other.id}>
              <Link to={lp(`/admin/blog/${other.id}`)}>{`${other.lang.toUpperCase()} · ${other.title}`}</Link>
            </li>
          ))}
          {missing.map((lng) => (
            <li key={lng}>
              <Link to={lp(`/admin/blog/new?translationOf=${article.id}`)} data-testid={`translate-${lng}`}>
                {t("admin.translateInto", { language: t(`languages.${lng}`) })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ArticleForm
        key={`${article.id}-${article.slug}-${article.title}`}
        defaultValue={{
          language: article.language,
          title: article.title,
          slug: article.slug,
          summary: article.summary,
          body: article.body,
          publishDate: article.publishDate,
        }}
        lastResult={answer?.reply}
        coverValues={answer?.values ?? {}}
        cover={article.cover}
        translationChoices={[]}
        isNew={false}
      />
    </main>
  );
}
