// The team on live listings (issue 17 point 3, ADR 170): suspend an approved listing (out of
// search and unbookable, reservations stand, the host reads the reason and may answer),
// reinstate it, or remove it (soft delete; its future reservations are cancelled as the host
// cancelling — full refund, travelers e-mailed — by the booking engine's own functions).
// Every step is a moderation event, an audit row and a notification to the host (ADR 146: in the
// notification centre, and e-mailed in their language when their "listings" setting wants it,
// as the review decisions are), in one transaction.
import { Op } from "sequelize";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { can } from "~/domain/staff-roles";
import { dateInTunis } from "~/domain/stay-dates";
import { audit } from "~/services/admin/audit.server";
import { consoleEmail } from "~/services/admin/console-emails.server";
import { cancelReservation, declineRequest } from "~/services/booking/reservation.server";
import type { Actor } from "~/services/listings/listing-access.server";
import { recordModeration } from "~/services/listings/listing-moderation.server";
import { notify } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";

export type LiveListingIntent = "suspend" | "reinstate" | "remove";

const EMAIL_OF = { suspend: "listingSuspended", reinstate: "listingReinstated", remove: "listingRemoved" } as const;
const NOTIFICATION_OF = { suspend: "listing.suspended", reinstate: "listing.reinstated", remove: "listing.removed" } as const;

export async function actOnLiveListing(
  actor: Actor,
  listingId: number,
  input: { intent: LiveListingIntent; reason: string },
  options: { now?: Date } = {},
): Promise<{ cancelled: number }> {
  if (!can(actor.role, "moderate")) throw new AppError(403, "listing:errors.forbidden");
  const now = options.now ?? new Date();
  const listing = await writeTransaction(async (transaction) => {
    const listing = Number.isSafeInteger(listingId) ? await Listing.findByPk(listingId, { transaction, lock: transaction.LOCK.UPDATE }) : null;
    if (!listing || listing.deletedAt) throw new AppError(404, "listing:errors.notFound");
    try {
      await recordModeration(listing, actor, input.intent, input.reason, now, transaction);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) throw new AppError(409, "console:errors.listingState");
      throw error;
    }
    listing.moderationNote = input.intent === "reinstate" ? null : input.reason;
    if (input.intent === "remove") {
      listing.deletedAt = now;
      listing.status = "deleted";
    }
    await listing.save({ transaction });
    await audit(transaction, { operatorId: actor.id, kind: `listing.${input.intent}`, recordId: listing.id, reason: input.reason, now });
    const title = listing.title ?? `#${listing.id}`;
    const path = `/dashboard/host-property-details/${listing.id}`;
    await notify(transaction, {
      userId: listing.hostId,
      kind: NOTIFICATION_OF[input.intent],
      params: { title },
      link: path,
      email: consoleEmail({ kind: EMAIL_OF[input.intent], userId: listing.hostId, path, values: { title, reason: input.reason } }, `listing:${listing.id}:${now.getTime()}`),
      now,
    });
    return listing;
  });
  if (input.intent !== "remove") return { cancelled: 0 };
  return { cancelled: await cancelFutureReservations(listing, input.reason, now) };
}

/**
 * The removed listing's reservations that have not begun end as if the host cancelled (a paid
 * stay refunded in full by refundFor's host rules; a request declined). Each is its own
 * transaction in the booking engine; run again, it skips what is already closed.
 */
async function cancelFutureReservations(listing: Listing, reason: string, now: Date): Promise<number> {
  const host = { id: listing.hostId, role: "user" as const };
  const reservations = await Reservation.findAll({
    where: { listingId: listing.id, checkIn: { [Op.gte]: dateInTunis(now) }, status: { [Op.in]: ["pending_host", "pending_payment", "confirmed"] } },
    order: [["checkIn", "ASC"], ["id", "ASC"]],
  });
  let cancelled = 0;
  for (const reservation of reservations) {
    if (reservation.status === "pending_host") await declineRequest(host, reservation.id, reason, { now });
    else await cancelReservation(host, reservation.id, { now });
    cancelled += 1;
  }
  return cancelled;
}

/** The host answers the team about their suspended listing: a step in its moderation history. */
export async function answerSuspension(host: { id: number }, listingId: number, answer: string, now: Date = new Date()): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = Number.isSafeInteger(listingId) ? await Listing.findByPk(listingId, { transaction }) : null;
    if (!listing || listing.hostId !== host.id) throw new AppError(404, "listing:errors.notFound");
    if (listing.moderationState !== "suspended") throw new AppError(409, "console:errors.listingState");
    await ListingModerationEvent.create(
      { listingId, actorId: host.id, action: "answer", fromState: "suspended", toState: "suspended", note: answer, createdAt: now },
      { transaction },
    );
  });
}
