// /blog/{id-or-slug}: one published article. Its canonical URL is /{lang}/blog/{slug}: an id, or
// a path without the language prefix, redirects there. Its published translations are the
// hreflang alternates. The body is Markdown rendered to sanitized HTML on the server (ADR 144).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { articlePath, useArticleDate } from "~/components/blog/article-card";
import { parseArticleRef } from "~/domain/blog";
import { findPublishedArticle } from "~/services/blog/blog-reads.server";
import { linkBaseUrl } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";

// Its translations have slugs of their own: the meta below writes its canonical and alternates (components/shell/seo-links.tsx).
export const handle = { i18n: ["blog"], ownAlternates: true, documentCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Darna" }];
  const { article, origin } = data;
  const english = article.translations.find((translation) => translation.lang === "en");
  return [
    { title: `${article.title} · Darna` },
    { name: "description", content: article.summary },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.summary },
    ...(article.cover ? [{ property: "og:image", content: new URL(article.cover.src, origin).href }] : []),
    { tagName: "link", rel: "canonical", href: `${origin}${articlePath(article)}` },
    ...article.translations.map((translation) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: translation.lang,
      href: `${origin}${articlePath(translation)}`,
    })),
    ...(english ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${articlePath(english)}` }] : []),
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ref = parseArticleRef(params.id);
  if (!ref) throw new Response("Not Found", { status: 404 });
  const article = await findPublishedArticle(ref, await getLanguage(request), new Date());
  if (!article) throw new Response("Not Found", { status: 404 });
  const canonical = articlePath(article);
  if (new URL(request.url).pathname !== canonical) throw redirect(canonical, 301);
  return { article, origin: linkBaseUrl(request) };
}

export default function ArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  const { t } = useTranslation("blog");
  const formatDate = useArticleDate();
  const others = article.translations.filter((translation) => translation.lang !== article.lang);
  return (
    <main className="blog-article">
      <p>
        <Link to={`/${article.lang}/blog`}>{t("article.back")}</Link>
      </p>
      <article lang={article.lang}>
        <h1>{article.title}</h1>
        <p className="article-card__date">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </p>
        {article.cover ? (
          <img
            className="blog-article__cover"
            src={article.cover.src}
            srcSet={article.cover.srcSet}
            sizes="(min-width: 60rem) 50rem, 100vw"
            width={article.cover.width}
            height={article.cover.height}
            alt=""
          />
        ) : null}
        <p className="blog-article__summary">{article.summary}</p>
        {/* Sanitized on the server (renderMarkdown): only an allowlist of tags and safe links. */}
        <div className="blog-article__body" data-testid="article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
      </article>
      {others.length > 0 ? (
        <nav aria-label={t("article.otherLanguages")} className="blog-article__languages">
          <p>{t("article.otherLanguages")}</p>
          <ul>
            {others.map((translation) => (
              <li key={translation.lang}>
                <Link to={articlePath(translation)} hrefLang={translation.lang} lang={translation.lang}>
                  {translation.lang.toUpperCase()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </main>
  );
}
