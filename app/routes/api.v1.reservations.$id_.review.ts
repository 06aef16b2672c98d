// POST /api/v1/reservations/{id}/review { text, ratings }: the traveler reviews a completed stay
// → 201 { id }; 403 not their stay; 409 already reviewed, not completed or the window closed;
// 400 with field errors (text under 10 characters, a rating outside 1–5).
import { ReviewSchema } from "~/schemas/review";
import { saveReview } from "~/services/reviews/review-writes.server";
import { apiError, apiJson, apiLanguage, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const input = await readJsonBody(request, ReviewSchema);
  const created = await saveReview({ ...user, language: await apiLanguage(request) }, Number(params.id), input);
  return apiJson(created, { status: 201, headers: { Location: `/api/v1/reviews/${created.id}` } });
});
