// Co-host invitations (issue 16 point 5, ADR 147): a host invites an e-mail address to co-host
// some of their own listings; whoever holds a verified Darna account with that address sees the
// invitation and accepts or declines it; the host withdraws a pending one or removes a co-host.
// One live invitation per host and address: the database holds it (unique active_key).
// Notifications (ADR 146, category "listings"): the invitee, when a verified account holds the
// address, on invitation; the host on acceptance or refusal. Each in the step's transaction.
import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { CohostInvitation, type CohostInvitationStatus } from "~/db/models/cohost-invitation.server";
import { CohostListing } from "~/db/models/cohost-listing.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { sendCohostInvitationEmail } from "~/services/cohosts/cohost-emails.server";
import { notify } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";

interface Person {
  id: number;
  email: string;
}

export interface CohostInvitationView {
  id: number;
  status: CohostInvitationStatus;
  email: string;
  /** The other person: the co-host for the host, the host for the invitee. */
  personName: string | null;
  listings: Array<{ id: number; title: string }>;
  createdAt: string;
}

function activeKey(hostId: number, email: string): string {
  return `${hostId}:${email}`;
}

/** The host's own listings that may be co-hosted (not deleted). */
export async function ownListings(hostId: number): Promise<Array<{ id: number; title: string }>> {
  const listings = await Listing.findAll({ attributes: ["id", "title"], where: { hostId, status: { [Op.ne]: "deleted" } }, order: [["id", "ASC"]] });
  return listings.map((listing) => ({ id: listing.id, title: listing.title ?? `#${listing.id}` }));
}

/** Invites `email` to co-host `listingIds` (the host's own); the e-mail leaves after the commit. */
export async function inviteCohost(host: Person, input: { email: string; listingIds: number[] }, now: Date = new Date()): Promise<CohostInvitation> {
  const email = input.email.trim().toLowerCase();
  if (email === host.email.toLowerCase()) throw new AppError(400, "cohosts:errors.self", { fields: { email: "cohosts:errors.self" } });
  const wanted = [...new Set(input.listingIds)];
  if (wanted.length === 0) throw new AppError(400, "cohosts:errors.listings", { fields: { listingIds: "cohosts:errors.listings" } });
  const owned = await Listing.findAll({ attributes: ["id"], where: { id: { [Op.in]: wanted }, hostId: host.id, status: { [Op.ne]: "deleted" } } });
  // Another host's listing (or a made-up id) is refused as a whole: nobody co-hosts what is not the inviter's.
  if (owned.length !== wanted.length) throw new AppError(403, "cohosts:errors.notYourListing", { fields: { listingIds: "cohosts:errors.notYourListing" } });
  let invitation: CohostInvitation;
  try {
    invitation = await writeTransaction(async (transaction) => {
      const created = await CohostInvitation.create(
        { hostId: host.id, email, cohostId: null, status: "pending", activeKey: activeKey(host.id, email), respondedAt: null, endedAt: null, createdAt: now, updatedAt: now },
        { transaction },
      );
      await CohostListing.bulkCreate(wanted.map((listingId) => ({ invitationId: created.id, listingId })), { transaction });
      const invitee = await User.findOne({ attributes: ["id", "emailVerifiedAt"], where: { email }, transaction });
      if (invitee?.emailVerifiedAt) {
        // The invitation e-mail (cohost-emails.server.ts) is this notification's e-mail.
        await notify(transaction, { userId: invitee.id, kind: "cohost.invited", params: { host: await nameOf(host.id, transaction) }, link: "/dashboard/cohosts", email: "caller", now });
      }
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new AppError(409, "cohosts:errors.alreadyInvited", { fields: { email: "cohosts:errors.alreadyInvited" } });
    throw error;
  }
  await sendCohostInvitationEmail(host.id, email);
  return invitation;
}

async function nameOf(userId: number, transaction: Transaction): Promise<string> {
  const user = await User.findByPk(userId, { attributes: ["firstName", "lastName"], transaction });
  return user ? `${user.firstName} ${user.lastName}`.trim() : "";
}

async function changeStatus(
  invitationId: number,
  where: { hostId?: number; email?: string },
  from: CohostInvitationStatus[],
  change: { status: CohostInvitationStatus; cohostId?: number },
  now: Date,
  /** The invitee who answers: the inviting host is notified in the same transaction. */
  answeredBy?: number,
): Promise<void> {
  if (!Number.isSafeInteger(invitationId) || invitationId <= 0) throw new AppError(404, "cohosts:errors.notFound");
  const invitation = await CohostInvitation.findOne({ where: { id: invitationId, ...where } });
  if (!invitation) throw new AppError(404, "cohosts:errors.notFound");
  const live = change.status === "accepted";
  await writeTransaction(async (transaction) => {
    const [changed] = await CohostInvitation.update(
      {
        status: change.status,
        activeKey: live ? invitation.activeKey : null,
        ...(change.cohostId !== undefined ? { cohostId: change.cohostId } : {}),
        ...(change.status === "accepted" || change.status === "declined" ? { respondedAt: now } : { endedAt: now }),
        updatedAt: now,
      },
      { where: { id: invitation.id, status: { [Op.in]: from } }, transaction },
    );
    if (changed !== 1) throw new AppError(409, "cohosts:errors.changedMeanwhile");
    if (answeredBy !== undefined) {
      await notify(transaction, { userId: invitation.hostId, kind: `cohost.${change.status}`, params: { name: await nameOf(answeredBy, transaction) }, link: "/dashboard/cohosts", now });
    }
  });
}

/** The invitee (a verified account holding the invited address) accepts. */
export async function acceptInvitation(invitee: Person, invitationId: number, now: Date = new Date()): Promise<void> {
  await changeStatus(invitationId, { email: invitee.email.toLowerCase() }, ["pending"], { status: "accepted", cohostId: invitee.id }, now, invitee.id);
}

export async function declineInvitation(invitee: Person, invitationId: number, now: Date = new Date()): Promise<void> {
  await changeStatus(invitationId, { email: invitee.email.toLowerCase() }, ["pending"], { status: "declined" }, now, invitee.id);
}

/** The host withdraws a pending invitation or removes a co-host: their access ends at once. */
export async function endInvitation(host: Person, invitationId: number, now: Date = new Date()): Promise<void> {
  const invitation = await CohostInvitation.findOne({ where: { id: Number.isSafeInteger(invitationId) ? invitationId : 0, hostId: host.id } });
  if (!invitation) throw new AppError(404, "cohosts:errors.notFound");
  const status = invitation.status === "accepted" ? "removed" : "withdrawn";
  await changeStatus(invitationId, { hostId: host.id }, [invitation.status === "accepted" ? "accepted" : "pending"], { status }, now);
}

async function toViews(invitations: CohostInvitation[], personOf: (invitation: CohostInvitation) => number | null): Promise<CohostInvitationView[]> {
  if (invitations.length === 0) return [];
  const links = await CohostListing.findAll({ where: { invitationId: { [Op.in]: invitations.map((i) => i.id) } } });
  const [listings, people] = await Promise.all([
    Listing.findAll({ attributes: ["id", "title"], where: { id: { [Op.in]: [...new Set(links.map((l) => l.listingId))] } } }),
    User.findAll({ attributes: ["id", "firstName", "lastName"], where: { id: { [Op.in]: invitations.map(personOf).filter((id): id is number => id !== null) } } }),
  ]);
  const titleOf = new Map(listings.map((listing) => [listing.id, listing.title ?? `#${listing.id}`]));
  const nameOf = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
  return invitations.map((invitation) => {
    const personId = personOf(invitation);
    return {
      id: invitation.id,
      status: invitation.status,
      email: invitation.email,
      personName: personId !== null ? (nameOf.get(personId) ?? null) : null,
      listings: links.filter((l) => l.invitationId === invitation.id).map((l) => ({ id: l.listingId, title: titleOf.get(l.listingId) ?? `#${l.listingId}` })),
      createdAt: new Date(invitation.createdAt).toISOString(),
    };
  });
}

/** The host's pending invitations and current co-hosts, newest first. */
export async function invitationsSent(hostId: number): Promise<CohostInvitationView[]> {
  const invitations = await CohostInvitation.findAll({ where: { hostId, status: { [Op.in]: ["pending", "accepted"] } }, order: [["id", "DESC"]] });
  return toViews(invitations, (invitation) => invitation.cohostId);
}

/** Invitations to the user's address waiting for an answer, and the hosts they co-host for. */
export async function invitationsReceived(user: Person): Promise<CohostInvitationView[]> {
  const invitations = await CohostInvitation.findAll({
    where: {
      [Op.or]: [
        { email: user.email.toLowerCase(), status: "pending" },
        { cohostId: user.id, status: "accepted" },
      ],
    },
    order: [["id", "DESC"]],
  });
  return toViews(invitations, (invitation) => invitation.hostId);
}
