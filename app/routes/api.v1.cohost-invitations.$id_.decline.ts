// POST /api/v1/cohost-invitations/{id}/decline → { id, status }: the invitee declines, as on
// /dashboard/cohosts (declineInvitation; ADR 225). 404 for an invitation that is not the bearer's to answer.
import { invitationStatus } from "~/services/cohosts/cohost-api.server";
import { declineInvitation } from "~/services/cohosts/cohosts.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireVerifiedUser(request);
  const id = Number(params.id);
  await declineInvitation(user, id);
  return { id, status: await invitationStatus(id) };
});
