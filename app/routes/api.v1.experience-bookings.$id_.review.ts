// POST /api/v1/experience-bookings/{id}/review { text, ratings }: the traveler reviews an
// experience once its slot has ended, within 30 days, through the stays' review service
// (saveExperienceReview, ADR 184) → 201 { id }; 403 not their booking; 409 already reviewed, not
// ended or the window closed; 400 with field errors. Edit, delete, reply and report go through
// /api/v1/reviews/{id} as for stays.
import { ReviewSchema } from "~/schemas/review";
import { saveExperienceReview } from "~/services/reviews/review-writes.server";
import { apiError, apiJson, apiLanguage, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const input = await readJsonBody(request, ReviewSchema);
  const created = await saveExperienceReview({ ...user, language: await apiLanguage(request) }, Number(params.id), input);
  return apiJson(created, { status: 201, headers: { Location: `/api/v1/reviews/${created.id}` } });
});
