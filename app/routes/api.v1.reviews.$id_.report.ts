// POST /api/v1/reviews/{id}/report { reason } → 201 { id }: the listing's host reports a review to
// the operators, as on the reservation page (ReportSchema, reportReview; ADR 225).
import { ReportSchema } from "~/schemas/review";
import { reportReview } from "~/services/reviews/review-writes.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { reason } = await readJsonBody(request, ReportSchema);
  return apiJson(await reportReview(user, Number(params.id), reason), { status: 201 });
});
