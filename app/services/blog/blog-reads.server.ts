// Reading the blog (ADR 144): published articles of one language, newest first; one article with
// its sanitized HTML and its published translations (hreflang alternates); the operators' list.
// "Published" means published by an operator and its publish date (Africa/Tunis) has come.
import { Op, type WhereOptions } from "sequelize";
import { BlogArticle } from "~/db/models/blog-article.server";
import { BLOG_PAGE_SIZE } from "~/domain/blog";
import { dateInTunis } from "~/domain/stay-dates";
import { coverView, type BlogCover } from "~/services/blog/blog-covers.server";
import { renderMarkdown } from "~/services/blog/markdown.server";
import type { Language } from "~/utils/i18n";

export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  summary: string;
  cover: BlogCover | null;
  publishedAt: string;
  lang: string;
}

export interface ArticleTranslation {
  lang: string;
  slug: string;
}

export interface ArticleDetail extends ArticleSummary {
  /** The body as sanitized HTML. */
  html: string;
  /** Every published version, this one included. */
  translations: ArticleTranslation[];
}

export interface ArticlePage {
  items: ArticleSummary[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

function publishedWhere(now: Date): WhereOptions<BlogArticle> {
  return { published: true, publishDate: { [Op.lte]: dateInTunis(now) } };
}

function summaryOf(article: BlogArticle): ArticleSummary {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    cover: coverView(article),
    publishedAt: article.publishDate,
    lang: article.language,
  };
}

const NEWEST_FIRST: Array<[string, string]> = [
  ["publishDate", "DESC"],
  ["id", "DESC"],
];

/** A page of the published articles of `language`, newest first. */
export async function publishedArticles(language: Language, page: number, now: Date, pageSize = BLOG_PAGE_SIZE): Promise<ArticlePage> {
  const { count, rows } = await BlogArticle.findAndCountAll({
    where: { language, ...publishedWhere(now) },
    order: NEWEST_FIRST,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map(summaryOf), page, pageSize, total: count, pageCount: Math.max(1, Math.ceil(count / pageSize)) };
}

/** The home page's "From the blog": the latest published articles of `language`. */
export async function latestArticles(language: Language, limit: number, now: Date): Promise<ArticleSummary[]> {
  const rows = await BlogArticle.findAll({ where: { language, ...publishedWhere(now) }, order: NEWEST_FIRST, limit });
  return rows.map(summaryOf);
}

/**
 * A published article by id (any language: the page then redirects to its canonical URL) or by
 * slug (in `language`); null when there is none.
 */
export async function findPublishedArticle(ref: { id: number } | { slug: string }, language: Language, now: Date): Promise<ArticleDetail | null> {
  const where = "id" in ref ? { id: ref.id } : { slug: ref.slug, language };
  const article = await BlogArticle.findOne({ where: { ...where, ...publishedWhere(now) } });
  if (!article) return null;
  const group = await BlogArticle.findAll({
    where: { translationGroup: article.translationGroup, ...publishedWhere(now) },
    attributes: ["language", "slug"],
    order: [["language", "ASC"]],
  });
  return { ...summaryOf(article), html: renderMarkdown(article.body), translations: group.map((item) => ({ lang: item.language, slug: item.slug })) };
}

export interface AdminArticleRow {
  id: number;
  lang: string;
  slug: string;
  title: string;
  published: boolean;
  publishDate: string;
  translationGroup: string;
}

/** Every article, for the operators' list (newest first). */
export async function allArticles(): Promise<AdminArticleRow[]> {
  const rows = await BlogArticle.findAll({ order: NEWEST_FIRST });
  return rows.map((row) => ({
    id: row.id,
    lang: row.language,
    slug: row.slug,
    title: row.title,
    published: Boolean(row.published),
    publishDate: row.publishDate,
    translationGroup: row.translationGroup,
  }));
}

export interface ArticleForEdit {
  id: number;
  language: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  publishDate: string;
  published: boolean;
  cover: BlogCover | null;
  /** The other articles of its translation group. */
  translations: Array<{ id: number; lang: string; title: string }>;
}

export async function articleForEdit(id: number): Promise<ArticleForEdit | null> {
  const article = Number.isSafeInteger(id) ? await BlogArticle.findByPk(id) : null;
  if (!article) return null;
  const others = await BlogArticle.findAll({
    where: { translationGroup: article.translationGroup, id: { [Op.ne]: article.id } },
    order: [["language", "ASC"]],
  });
  return {
    id: article.id,
    language: article.language,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    body: article.body,
    publishDate: article.publishDate,
    published: Boolean(article.published),
    cover: coverView(article),
    translations: others.map((other) => ({ id: other.id, lang: other.language, title: other.title })),
  };
}
