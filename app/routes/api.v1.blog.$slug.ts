// GET /api/v1/blog/{slug}: one published article of the answer's language (?lng=, then
// Accept-Language) by its slug, or of any language by its id, with its body as sanitized HTML.
import { parseArticleRef } from "~/domain/blog";
import { findPublishedArticle } from "~/services/blog/blog-reads.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => {
  const ref = parseArticleRef(params.slug);
  const article = ref ? await findPublishedArticle(ref, await apiLanguage(request), new Date()) : null;
  if (!article) throw apiError(404, "blog:errors.notFound");
  return article;
});

export const action = methodNotAllowed(["GET"]);
