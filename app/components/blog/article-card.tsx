import { Link } from "@remix-run/react";
import { ResponsivePhoto, type ResponsivePhotoData } from "~/components/ui/responsive-photo";
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/utils/date-format";

export interface ArticleCardData {
  id: number;
  slug: string;
  title: string;
  summary: string;
  lang: string;
  publishedAt: string;
  cover: ResponsivePhotoData | null;
}

/** The canonical path of an article: always with its language prefix. */
export function articlePath(article: { lang: string; slug: string }): string {
  return `/${article.lang}/blog/${article.slug}`;
}

/** A date as the reader's language writes it (the date is a day in Tunis: shown as is). */
export function useArticleDate() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
}

/** One article in a list (/blog, the home page's "From the blog"). */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const formatDate = useArticleDate();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="article-card" data-testid="article-card">
      {article.cover ? (
        <ResponsivePhoto photo={article.cover} sizes="(min-width: 48rem) 30vw, 90vw" smallWithoutScript alt="" />
      ) : null}
      <Heading>
        <Link to={articlePath(article)}>{article.title}</Link>
      </Heading>
      <p className="article-card__date">
        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
      </p>
      <p>{article.summary}</p>
    </article>
  );
}
