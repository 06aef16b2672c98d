// POST /api/v1/reviews/{id}/reply { reply }: the listing's host posts or edits their one public
// reply → { id }; anyone else 403.
import { ReplySchema } from "~/schemas/review";
import { replyToReview } from "~/services/reviews/review-writes.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { reply } = await readJsonBody(request, ReplySchema);
  await replyToReview(user, Number(params.id), reply);
  return { id: Number(params.id) };
});
