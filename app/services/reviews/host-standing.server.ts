// A host's standing (PRODUCT.md "Reviews and quality"): the ratings of their listings, written
// beside each listing in the transaction that changes a review, and the suspension the rating
// rule (app/domain/reviews.ts) calls for. Every imposition and lifting is recorded with who,
// when and why (host_suspension_events). The search reads host_suspensions through
// publicListingCondition, so a suspended host's listings leave search and cannot be booked.
import { Op, QueryTypes, type Transaction } from "sequelize";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { HostSuspensionEvent } from "~/db/models/host-suspension-event.server";
import { Review } from "~/db/models/review.server";
import { User } from "~/db/models/user.server";
import { getSequelize } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { summarizeRatings, suspensionChange, type RatingSummary, type Ratings } from "~/domain/reviews";
import { queueReviewEmail } from "~/services/reviews/review-emails.server";
import { AppError } from "~/utils/app-error";
import { audit } from "~/services/admin/audit.server";

const RATING_COLUMNS = ["amenities", "services", "price", "tours", "location"] as const;

async function visibleRatings(where: { listingId?: number; hostId?: number; experienceId?: number; partnerId?: number }, transaction?: Transaction): Promise<Ratings[]> {
  const rows = await Review.findAll({ where: { ...where, hiddenAt: null }, attributes: [...RATING_COLUMNS], transaction });
  return rows.map((row) => ({ amenities: row.amenities, services: row.services, price: row.price, tours: row.tours, location: row.location }));
}

/** The rating of a host over all their listings (visible reviews). */
export async function hostRating(hostId: number, transaction?: Transaction): Promise<RatingSummary> {
  return summarizeRatings(await visibleRatings({ hostId }, transaction));
}

/** Writes a listing's rating and count beside it (what cards and the rating sort read). */
async function refreshListingRating(listingId: number, transaction: Transaction): Promise<void> {
  const summary = summarizeRatings(await visibleRatings({ listingId }, transaction));
  await getSequelize().query("UPDATE listings SET rating = :rating, review_count = :count WHERE id = :id", {
    replacements: { rating: summary.rating, count: summary.count, id: listingId },
    transaction,
    type: QueryTypes.UPDATE,
  });
}

/** Writes an experience's rating and count beside it (cards, the API), like a listing's (ADR 184). */
export async function refreshExperienceRating(experienceId: number, transaction: Transaction): Promise<void> {
  const summary = summarizeRatings(await visibleRatings({ experienceId }, transaction));
  await getSequelize().query("UPDATE experiences SET rating = :rating, review_count = :count WHERE id = :id", {
    replacements: { rating: summary.rating, count: summary.count, id: experienceId },
    transaction,
    type: QueryTypes.UPDATE,
  });
}

/** A partner's rating: over the visible reviews of all its experiences (as a host's over its listings). */
export async function partnerRating(partnerId: number): Promise<RatingSummary> {
  return summarizeRatings(await visibleRatings({ partnerId }));
}

/** Records one change (who, when, why) and tells the host by e-mail. */
async function recordChange(
  change: { hostId: number; action: "imposed" | "lifted"; source: "rating" | "operator"; actorId: number | null; note: string | null },
  summary: RatingSummary,
  transaction: Transaction,
  now: Date,
): Promise<void> {
  const event = await HostSuspensionEvent.create({ ...change, rating: summary.rating, reviewCount: summary.count, createdAt: now }, { transaction });
  await queueReviewEmail(
    { kind: change.action === "imposed" ? "suspended" : "suspensionLifted", userId: change.hostId, path: "/dashboard/listings", values: { note: change.note ?? "" } },
    transaction,
    `suspension:${event.id}`,
  );
}

export async function activeSuspension(hostId: number, transaction?: Transaction): Promise<HostSuspension | null> {
  return HostSuspension.findOne({ where: { hostId, liftedAt: null }, order: [["id", "DESC"]], transaction });
}

/**
 * After a review of `listingId` changed (saved, edited, deleted, hidden): its rating, then the
 * host's suspension as the rule says. Runs inside the caller's transaction.
 */
export async function applyRatingRule(hostId: number, listingId: number, transaction: Transaction, now: Date): Promise<"imposed" | "lifted" | null> {
  await refreshListingRating(listingId, transaction);
  const summary = await hostRating(hostId, transaction);
  const current = await activeSuspension(hostId, transaction);
  const change = suspensionChange(current, summary);
  if (change.action === "impose") {
    await HostSuspension.create({ hostId, reason: "rating", note: null, suspendedAt: now, liftedAt: null }, { transaction });
    await recordChange({ hostId, action: "imposed", source: "rating", actorId: null, note: null }, summary, transaction, now);
    return "imposed";
  }
  if (change.action === "lift" && current) {
    await current.update({ liftedAt: now }, { transaction });
    await recordChange({ hostId, action: "lifted", source: "rating", actorId: null, note: null }, summary, transaction, now);
    return "lifted";
  }
  return null;
}

/**
 * An operator imposes or lifts a host's suspension with a reason (/admin/hosts/{id}, a quality
 * check's "suspended"). Lifting ends whatever suspension is active, the rating's too; the rating
 * rule imposes it again at the next review change if the rating is still below 4.
 */
export async function operatorSetsSuspension(
  operatorId: number,
  hostId: number,
  decision: "impose" | "lift",
  note: string,
  options: { now?: Date; transaction?: Transaction } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const work = async (transaction: Transaction) => {
    await audit(transaction, { operatorId, kind: `host.${decision}`, recordId: hostId, reason: note, now });
    const current = await activeSuspension(hostId, transaction);
    const summary = await hostRating(hostId, transaction);
    if (decision === "impose") {
      if (current?.reason === "operator") throw new AppError(409, "reviews:errors.alreadySuspended");
      // An operator's suspension replaces the rating's: only an operator lifts it.
      if (current) await current.update({ liftedAt: now }, { transaction });
      await HostSuspension.create({ hostId, reason: "operator", note, suspendedAt: now, liftedAt: null }, { transaction });
      await recordChange({ hostId, action: "imposed", source: "operator", actorId: operatorId, note }, summary, transaction, now);
      return;
    }
    if (!current) throw new AppError(409, "reviews:errors.notSuspended");
    await current.update({ liftedAt: now }, { transaction });
    await recordChange({ hostId, action: "lifted", source: "operator", actorId: operatorId, note }, summary, transaction, now);
  };
  if (options.transaction) await work(options.transaction);
  else await writeTransaction(work);
}

export interface HostStanding {
  hostId: number;
  rating: number | null;
  count: number;
  suspension: { reason: "rating" | "operator"; note: string | null; since: string } | null;
  history: { action: "imposed" | "lifted"; source: "rating" | "operator"; actorId: number | null; actorName: string | null; note: string | null; rating: number | null; reviewCount: number; at: string }[];
}

/** What the host's banner and /admin/hosts/{id} show. */
export async function hostStanding(hostId: number): Promise<HostStanding> {
  const [summary, current, events] = await Promise.all([
    hostRating(hostId),
    activeSuspension(hostId),
    getSequelize().query<{ action: "imposed" | "lifted"; source: "rating" | "operator"; actor_id: number | null; first_name: string | null; last_name: string | null; note: string | null; rating: number | null; review_count: number; created_at: string | Date }>(
      `SELECT e.action, e.source, e.actor_id, u.first_name, u.last_name, e.note, e.rating, e.review_count, e.created_at
         FROM host_suspension_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.host_id = :hostId ORDER BY e.created_at DESC, e.id DESC LIMIT 50`,
      { replacements: { hostId }, type: QueryTypes.SELECT },
    ),
  ]);
  return {
    hostId,
    rating: summary.rating,
    count: summary.count,
    suspension: current ? { reason: current.reason, note: current.note, since: current.suspendedAt.toISOString() } : null,
    history: events.map((e) => ({
      action: e.action,
      source: e.source,
      actorId: e.actor_id === null ? null : Number(e.actor_id),
      actorName: e.first_name ? `${e.first_name} ${e.last_name ?? ""}`.trim() : null,
      note: e.note,
      rating: e.rating === null ? null : Number(e.rating),
      reviewCount: Number(e.review_count),
      at: new Date(e.created_at).toISOString(),
    })),
  };
}

/** A user's name, e-mail and standing for /admin/hosts/{id}; null when there is no such user. */
export async function hostForOperators(hostId: number): Promise<{ name: string; email: string; standing: HostStanding } | null> {
  const host = Number.isSafeInteger(hostId) && hostId > 0 ? await User.findByPk(hostId) : null;
  if (!host) return null;
  return { name: `${host.firstName} ${host.lastName}`, email: host.email, standing: await hostStanding(host.id) };
}

/** Is the host suspended now? (booking refuses their listings.) */
export async function isHostSuspended(hostId: number, transaction?: Transaction): Promise<boolean> {
  return (await HostSuspension.count({ where: { hostId, liftedAt: { [Op.is]: null } }, transaction })) > 0;
}
