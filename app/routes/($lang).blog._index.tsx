// /blog: the published articles of the page's language, newest first, a page at a time (issue 16
// point 2). /blogs, the list route SPEC.md marks disabled, is not a route: it stays a 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleCard } from "~/components/blog/article-card";
import { pageLinks } from "~/domain/search";
import { publishedArticles } from "~/services/blog/blog-reads.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["blog", "search"], documentCache: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const result = await publishedArticles(language, page, new Date());
  if (page > result.pageCount) throw new Response("Not Found", { status: 404 });
  const t = await getFixedT(language, "blog");
  return { ...result, title: String(t("list.title")), description: String(t("list.description")) };
}

export default function BlogPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["blog", "search"]);
  const lp = useLocalizedPath();
  const href = (page: number) => (page === 1 ? lp("/blog") : `${lp("/blog")}?page=${page}`);
  return (
    <main className="blog">
      <h1>{t("blog:list.title")}</h1>
      <p className="blog__intro">{t("blog:list.description")}</p>
      {data.items.length === 0 ? <p className="empty-state">{t("blog:list.empty")}</p> : null}
      <div className="article-grid">
        {data.items.map((article) => (
          <ArticleCard key={article.id} article={article} />
        ))}
      </div>
      {data.pageCount > 1 ? (
        <nav className="pagination" aria-label={t("search:pagination.label")}>
          <ul>
            {data.page > 1 ? (
              <li>
                <Link to={href(data.page - 1)} rel="prev" className="pagination__step">
                  {t("search:pagination.previous")}
                </Link>
              </li>
            ) : null}
            {pageLinks(data.page, data.pageCount).map((target, index) =>
              target === null ? (
                <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={target}>
                  {target === data.page ? (
                    <span aria-current="page" className="pagination__current">
                      {target}
                    </span>
                  ) : (
                    <Link to={href(target)} aria-label={t("search:pagination.goTo", { page: target })}>
                      {target}
                    </Link>
                  )}
                </li>
              ),
            )}
            {data.page < data.pageCount ? (
              <li>
                <Link to={href(data.page + 1)} rel="next" className="pagination__step">
                  {t("search:pagination.next")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </main>
  );
}
