// GET /api/v1/blog?page=&pageSize=: the published articles of the answer's language (?lng=, then
// Accept-Language), newest first.
import { BlogListQuerySchema } from "~/schemas/blog-api";
import { publishedArticles } from "~/services/blog/blog-reads.server";
import { apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

const DEFAULT_PAGE_SIZE = 20;

export const loader = apiRoute(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const query = BlogListQuerySchema.parse({
    page: params.get("page") ?? undefined,
    pageSize: params.get("pageSize") ?? undefined,
  });
  const { items, page, pageSize, total } = await publishedArticles(await apiLanguage(request), query.page ?? 1, new Date(), query.pageSize ?? DEFAULT_PAGE_SIZE);
  return { items, page, pageSize, total };
});

export const action = methodNotAllowed(["GET"]);
