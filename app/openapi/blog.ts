// The blog routes (issue 16 point 2): published articles, one language at a time.
import { z } from "~/schemas/zod";
import { operation } from "~/openapi/operation";
import { BlogArticleDetailSchema, BlogArticleListSchema, BlogListQuerySchema } from "~/schemas/blog-api";

export const tags = [{ name: "Blog", description: "Articles about travel in Tunisia, written by the Darna team in English, French and Spanish." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/blog",
    operationId: "listBlogArticles",
    summary: "Published articles of the language asked for (lng, then Accept-Language), newest first",
    tag: "Blog",
    query: BlogListQuerySchema.extend({
      page: BlogListQuerySchema.shape.page.describe("Page, from 1 (default 1)."),
      pageSize: BlogListQuerySchema.shape.pageSize.describe("Articles per page, 1–100 (default 20)."),
    }),
    responses: { 200: { description: "A page of articles.", schema: BlogArticleListSchema } },
    errors: [400, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/blog/{slug}",
    operationId: "getBlogArticle",
    summary: "One published article by its slug (in the language asked for) or by its id",
    description:
      "The body comes as sanitized HTML only (`html`): the Markdown source may hold raw HTML, which Darna never renders, " +
      "so it is not handed to clients either. `translations` lists the article's published versions in other languages.",
    tag: "Blog",
    params: z.object({ slug: z.string().describe("The article's slug in the language asked for, or its numeric id.") }),
    responses: { 200: { description: "The article.", schema: BlogArticleDetailSchema } },
    errors: [404, 405],
  }),
];
