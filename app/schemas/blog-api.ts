// The blog's /api/v1 shapes (app/openapi/blog.ts documents them; ADR 144).
import { z } from "~/schemas/zod";
import { LocalDate, named } from "~/openapi/components";
import { supportedLanguages } from "~/utils/i18n";

/** GET /api/v1/blog's query: a page of at most 100 articles. */
export const BlogListQuerySchema = z.object({
  page: z.coerce.number({ error: "api:fields.invalid" }).int({ error: "api:fields.invalid" }).min(1, { error: "api:fields.invalid" }).max(100_000, { error: "api:fields.invalid" }).optional(),
  pageSize: z.coerce.number({ error: "api:fields.invalid" }).int({ error: "api:fields.invalid" }).min(1, { error: "api:fields.invalid" }).max(100, { error: "api:fields.invalid" }).optional(),
});

const BlogCoverSchema = named(
  "BlogCover",
  z
    .object({
      src: z.string().describe("The 640 px wide WebP."),
      srcSet: z.string().describe("Every WebP width, for `srcset` (320w, 640w, 800w, 1280w)."),
      avifSrcSet: z.string().describe("The AVIF widths kept where smaller than the WebP (320w, 640w, 800w at most), for `<source type=\"image/avif\">`; empty when none."),
      width: z.int().min(1),
      height: z.int().min(1),
    })
    .describe("The cover photo, or null when the article has none."),
);

export const BlogArticleSummarySchema = named(
  "BlogArticleSummary",
  z.object({
    id: z.int().min(1),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    cover: BlogCoverSchema.nullable(),
    publishedAt: LocalDate.describe("The publish date (Africa/Tunis)."),
    lang: z.enum(supportedLanguages),
  }),
);

export const BlogArticleListSchema = named(
  "BlogArticleList",
  z.object({
    items: z.array(BlogArticleSummarySchema),
    page: z.int().min(1),
    pageSize: z.int().min(1).max(100),
    total: z.int().min(0).describe("Published articles in this language."),
  }),
);

export const BlogArticleDetailSchema = named(
  "BlogArticle",
  BlogArticleSummarySchema.extend({
    html: z.string().describe("The body as sanitized HTML: headings h2–h4, paragraphs, lists, emphasis, quotes, code, tables and http(s)/mailto links only."),
    translations: z
      .array(z.object({ lang: z.enum(supportedLanguages), slug: z.string() }))
      .describe("Every published version of the article (this one included), for hreflang alternates."),
  }),
);
