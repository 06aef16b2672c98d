// POST /api/v1/cohost-invitations/{id}/end → { id, status }: the host withdraws a pending invitation or removes a co-host, as on
// /dashboard/cohosts (endInvitation; ADR 225). 404 for an invitation that is not the bearer's to answer.
import { invitationStatus } from "~/services/cohosts/cohost-api.server";
import { endInvitation } from "~/services/cohosts/cohosts.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireVerifiedUser(request);
  const id = Number(params.id);
  await endInvitation(user, id);
  return { id, status: await invitationStatus(id) };
});
