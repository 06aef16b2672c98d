// Submission and moderation (SPEC.md §4): the host submits a complete draft, an operator approves,
// asks for corrections or rejects; every decision is kept in the listing's moderation history.
import { Op, type Transaction } from "sequelize";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { isEstablishmentType, listingStatus, missingSteps, moderationTransition, type ModerationAction } from "~/domain/listing";
import type { ModerationInput } from "~/schemas/listing-wizard";
import { trackEvent } from "~/services/analytics/analytics.server";
import { notifyHostOfModeration } from "~/services/listings/listing-emails.server";
import { can } from "~/domain/staff-roles";
import { notify, wantsEmail } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";
import { assertOwnerOrOperator, findListing, type Actor } from "~/services/listings/listing-access.server";
import { FULL_INCLUDE, factsOf, toView, type ListingView } from "~/services/listings/listing-view.server";
import { markSaved } from "~/services/listings/listing-wizard.server";
import { audit } from "~/services/admin/audit.server";

// ————————————————————————————————————————————————————————————————————————————— submission & moderation

/** The decisions a host is notified of (ADR 146). */
const MODERATION_OUTCOMES: Partial<Record<ModerationAction, "approved" | "corrections" | "rejected">> = {
  approve: "approved",
  request_corrections: "corrections",
  reject: "rejected",
};

export async function recordModeration(
  listing: Listing,
  actor: Actor,
  action: ModerationAction,
  note: string | null,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const to = moderationTransition(listing.moderationState, action);
  if (!to) throw new AppError(409, "listing:errors.transitionNotAllowed");
  await ListingModerationEvent.create(
    { listingId: listing.id, actorId: actor.id, action, fromState: listing.moderationState, toState: to, note, createdAt: now },
    { transaction },
  );
  listing.moderationState = to;
  listing.status = listingStatus(to, listing.deletedAt !== null);
}

/** The host sends a complete draft (or a corrected listing) for review. */
export async function submitListing(actor: Actor, listingId: number, now: Date = new Date()): Promise<void> {
  const { firstSubmission, propertyType } = await writeTransaction(async (transaction) => {
    const listing = await findListing(listingId, transaction);
    if (listing.hostId !== actor.id) throw new AppError(403, "listing:errors.forbidden");
    const full = await Listing.findByPk(listingId, { include: FULL_INCLUDE, transaction });
    const missing = missingSteps(factsOf(full!));
    if (missing.length > 0) {
      throw new AppError(422, "listing:errors.incomplete", { values: { steps: missing.join(", ") }, code: "incomplete" });
    }
    const firstSubmission = listing.submittedAt === null;
    await recordModeration(listing, actor, "submit", null, now, transaction);
    listing.submittedAt = now;
    markSaved(listing, "verification");
    await listing.save({ transaction });
    return { firstSubmission, propertyType: listing.propertyType };
  });
  if (firstSubmission) {
    await trackEvent(isEstablishmentType(propertyType) ? "Created Establishment" : "Created Property", {
      userId: actor.id,
      properties: { listingId, propertyType },
    });
  }
}

/** An operator approves, asks for corrections (notes) or rejects (reason) a listing under review. */
export async function moderateListing(
  actor: Actor,
  listingId: number,
  decision: ModerationInput,
  options: { now?: Date; baseUrl?: string } = {},
): Promise<void> {
  if (!can(actor.role, "moderate")) throw new AppError(403, "listing:errors.forbidden");
  const now = options.now ?? new Date();
  const listing = await writeTransaction(async (transaction) => {
    const listing = await findListing(listingId, transaction);
    const note = decision.note?.trim() || null;
    if (decision.intent !== "approve" && !note) {
      throw new AppError(400, "listing:errors.required", { fields: { note: "listing:errors.required" } });
    }
    await recordModeration(listing, actor, decision.intent, note, now, transaction);
    await audit(transaction, { operatorId: actor.id, kind: `listing.${decision.intent}`, recordId: listing.id, reason: note, now });
    listing.moderationNote = note;
    if (decision.intent === "approve") listing.approvedAt = now;
    await listing.save({ transaction });
    const outcome = MODERATION_OUTCOMES[decision.intent];
    if (outcome) {
      await notify(transaction, {
        userId: listing.hostId,
        kind: `listing.${outcome}`,
        params: { title: listing.title ?? `#${listing.id}` },
        link: outcome === "approved" ? `/property-details/${listing.id}` : "/dashboard/listings",
        email: "caller",
        now,
      });
    }
    return listing;
  });
  // The decision's own e-mail (with the operator's note), when the host's settings want it.
  const host = await User.findByPk(listing.hostId);
  if (host && (await wantsEmail(host.id, "listings"))) await notifyHostOfModeration(host, listing, decision.intent, options.baseUrl);
}

export interface ModerationQueueItem extends ListingView {
  hostName: string;
  hostEmail: string;
  history: Array<{ action: string; note: string | null; actorId: number | null; createdAt: string }>;
}

function toQueueItem(listing: Listing): ModerationQueueItem {
  const events = (listing as Listing & { moderationEvents?: ListingModerationEvent[] }).moderationEvents ?? [];
  return {
    ...toView(listing),
    hostName: listing.host ? `${listing.host.firstName} ${listing.host.lastName}` : "",
    hostEmail: listing.host?.email ?? "",
    history: events
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((event) => ({ action: event.action, note: event.note, actorId: event.actorId, createdAt: event.createdAt.toISOString() })),
  };
}

/** Listings waiting for an operator, oldest submission first. */
export async function listModerationQueue(actor: Actor): Promise<ModerationQueueItem[]> {
  if (!can(actor.role, "read")) throw new AppError(403, "listing:errors.forbidden");
  const listings = await Listing.findAll({
    where: { moderationState: "pending_review", status: { [Op.ne]: "deleted" } },
    include: [...FULL_INCLUDE, { association: "host" }, { association: "moderationEvents" }],
    order: [["submittedAt", "ASC"], ["id", "ASC"]],
  });
  return listings.map(toQueueItem);
}

/** One listing as an operator reviews it: everything, its host and its moderation history. */
export async function getListingForReview(actor: Actor, listingId: number): Promise<ModerationQueueItem> {
  if (!can(actor.role, "read")) throw new AppError(403, "listing:errors.forbidden");
  // The team still sees a listing it removed, with its whole history (ADR 170).
  if (!Number.isSafeInteger(listingId) || !(await Listing.findByPk(listingId, { attributes: ["id"] }))) throw new AppError(404, "listing:errors.notFound");
  const listing = await Listing.findByPk(listingId, { include: [...FULL_INCLUDE, { association: "host" }, { association: "moderationEvents" }] });
  return toQueueItem(listing!);
}

/** A listing's moderation history, for its host or an operator. */
export async function moderationHistory(actor: Actor, listingId: number) {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  const events = await ListingModerationEvent.findAll({ where: { listingId }, order: [["createdAt", "ASC"], ["id", "ASC"]] });
  return events.map((event) => ({ action: event.action, fromState: event.fromState, toState: event.toState, note: event.note, createdAt: event.createdAt.toISOString() }));
}
