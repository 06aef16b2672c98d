// GET /api/v1/properties/{id}/reviews?page=: a public listing's visible reviews, newest first,
// with its rating (one decimal), count and the five averages.
import { parseListingId } from "~/domain/search";
import { listingReviews, REVIEWS_PAGE_SIZE } from "~/services/reviews/review-reads.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { readPageSize } from "~/utils/api-pagination";

export const loader = apiRoute(async ({ request, params }) => {
  const id = parseListingId(params.id);
  if (id === null || !(await isPublicListing(id))) throw apiError(404, "property:errors.notFound");
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return listingReviews(id, Number.isFinite(page) ? page : 1, readPageSize(request.url, REVIEWS_PAGE_SIZE));
});

export const action = methodNotAllowed(["GET"]);
