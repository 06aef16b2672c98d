// Co-host invitations through the API (issue 22, ADR 225): the same service functions as
// /dashboard/cohosts; these helpers only shape the answers.
import { CohostInvitation, type CohostInvitationStatus } from "~/db/models/cohost-invitation.server";
import { invitationsReceived, invitationsSent, type CohostInvitationView } from "./cohosts.server";

interface Person {
  id: number;
  email: string;
}

export async function cohostInvitationLists(user: Person): Promise<{ sent: CohostInvitationView[]; received: CohostInvitationView[] }> {
  const [sent, received] = await Promise.all([invitationsSent(user.id), invitationsReceived(user)]);
  return { sent, received };
}

/** One invitation the host sent, as the list shows it (after inviting). */
export async function sentInvitationView(hostId: number, invitationId: number): Promise<CohostInvitationView | null> {
  return (await invitationsSent(hostId)).find((invitation) => invitation.id === invitationId) ?? null;
}

/** An invitation's status after a step (accept, decline, end). */
export async function invitationStatus(invitationId: number): Promise<CohostInvitationStatus | null> {
  return (await CohostInvitation.findByPk(invitationId, { attributes: ["id", "status"] }))?.status ?? null;
}
