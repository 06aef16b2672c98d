// PATCH  /api/v1/reviews/{id} { text, ratings }: the author edits the review → { id }
// DELETE /api/v1/reviews/{id}: the author deletes it → 204. Anyone else: 403.
import { ReviewSchema } from "~/schemas/review";
import { deleteReview, updateReview } from "~/services/reviews/review-writes.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["PATCH", "DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = Number(params.id);
  if (request.method === "PATCH") return updateReview(user, id, await readJsonBody(request, ReviewSchema));
  if (request.method === "DELETE") {
    await deleteReview(user, id);
    return new Response(null, { status: 204 });
  }
  throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["PATCH", "DELETE"] } });
});
