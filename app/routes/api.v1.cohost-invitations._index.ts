// GET /api/v1/cohost-invitations → { sent, received }; POST { email, listingIds } → 201 the
// invitation: /dashboard/cohosts's list and invite form, through inviteCohost (ADR 225).
import { InviteCohostSchema } from "~/schemas/cohosts";
import { cohostInvitationLists, sentInvitationView } from "~/services/cohosts/cohost-api.server";
import { inviteCohost } from "~/services/cohosts/cohosts.server";
import { apiError, apiJson, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser, requireVerifiedUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => cohostInvitationLists(await requireApiUser(request)));

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireVerifiedUser(request);
  const invitation = await inviteCohost(user, await readJsonBody(request, InviteCohostSchema));
  return apiJson(await sentInvitationView(user.id, invitation.id), { status: 201 });
});
