// POST /api/v1/cohost-invitations/{id}/accept → { id, status }: the invitee (a verified account holding the invited address) accepts, as on
// /dashboard/cohosts (acceptInvitation; ADR 225). 404 for an invitation that is not the bearer's to answer.
import { invitationStatus } from "~/services/cohosts/cohost-api.server";
import { acceptInvitation } from "~/services/cohosts/cohosts.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireVerifiedUser(request);
  const id = Number(params.id);
  await acceptInvitation(user, id);
  return { id, status: await invitationStatus(id) };
});
