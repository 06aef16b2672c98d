// The team's queue on /admin (issue 17 point 1): for each kind of pending work, how many items
// wait and since when. One registry: a new kind (refunds, claims, Friend Trip requests, partner
// proposals…) adds one entry here and one label in locales/*/console.json "queue.kinds".
import { Op } from "sequelize";
import { Claim } from "~/db/models/claim.server";
import { FriendTripRequest } from "~/db/models/friend-trip.server";
import { Listing } from "~/db/models/listing.server";
import { Experience } from "~/db/models/experience.server";
import { PartnerProposal } from "~/db/models/partner-proposal.server";
import { Payment } from "~/db/models/payment.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { QualityCheck } from "~/db/models/quality-check.server";
import { Refund } from "~/db/models/refund.server";
import { ReviewReport } from "~/db/models/review-report.server";
import { listConflicts } from "~/services/calendar-sync/feeds.server";
import { BANK_PROVIDER_ID } from "~/services/payments/payment.server";

export interface PendingWork {
  count: number;
  /** When the oldest waiting item arrived (an ISO instant, or a YYYY-MM-DD day), null when none. */
  oldest: string | null;
}

interface QueueSource {
  /** Its label is console:queue.kinds.<key>. */
  key: string;
  /** The page where the work is done (without the language prefix). */
  path: string;
  pending: (now: Date) => Promise<PendingWork>;
}

/** Counts rows and the smallest value of `column` with one query. */
async function countAndOldest(
  model: { count: (options: object) => Promise<number>; min: (column: string, options: object) => Promise<unknown> },
  where: object,
  column: string,
): Promise<PendingWork> {
  const [count, oldest] = await Promise.all([model.count({ where }), model.min(column, { where })]);
  return { count, oldest: oldest ? toIso(oldest) : null };
}

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value).slice(0, 10);
}

export const QUEUE_SOURCES: QueueSource[] = [
  {
    key: "listings",
    path: "/admin/listings",
    pending: () => countAndOldest(Listing, { moderationState: "pending_review", deletedAt: null }, "submittedAt"),
  },
  {
    key: "bankProofs",
    path: "/admin/payments",
    pending: () => countAndOldest(Payment, { provider: BANK_PROVIDER_ID, status: "processing", proofPath: { [Op.ne]: null } }, "proofUploadedAt"),
  },
  {
    key: "payouts",
    path: "/admin/payouts",
    pending: () => countAndOldest(PayoutRequest, { status: { [Op.in]: ["requested", "pinned"] } }, "createdAt"),
  },
  // Refunds owed to travelers: oldest is the soonest due date; overdue ones (past it) counted apart.
  { key: "refundsDue", path: "/admin/refunds", pending: () => countAndOldest(Refund, { status: "pending" }, "dueAt") },
  { key: "refundsOverdue", path: "/admin/refunds", pending: (now) => countAndOldest(Refund, { status: "pending", dueAt: { [Op.lt]: now } }, "dueAt") },
  { key: "claims", path: "/admin/claims", pending: () => countAndOldest(Claim, { status: "open" }, "createdAt") },
  { key: "reviews", path: "/admin/reviews", pending: () => countAndOldest(ReviewReport, { status: "open" }, "createdAt") },
  { key: "quality", path: "/admin/quality", pending: () => countAndOldest(QualityCheck, { status: "open" }, "openedOn") },
  // Friend Trip requests nobody has answered yet (paid or free: "new"; awaiting_payment is the traveler's turn).
  { key: "friendTrip", path: "/admin/friend-trip?status=new", pending: () => countAndOldest(FriendTripRequest, { status: "new" }, "createdAt") },
  { key: "partnerProposals", path: "/admin/partners", pending: () => countAndOldest(PartnerProposal, { status: "pending" }, "createdAt") },
  { key: "experiences", path: "/admin/experiences", pending: () => countAndOldest(Experience, { status: "pending" }, "createdAt") },
  {
    key: "calendarConflicts",
    path: "/admin/calendar-conflicts",
    pending: async (now) => {
      const conflicts = await listConflicts({}, now);
      return { count: conflicts.length, oldest: conflicts[0]?.night ?? null };
    },
  },
];

export interface QueueLine extends PendingWork {
  key: string;
  path: string;
}

export async function teamQueue(now: Date = new Date()): Promise<QueueLine[]> {
  return Promise.all(QUEUE_SOURCES.map(async (source) => ({ key: source.key, path: source.path, ...(await source.pending(now)) })));
}
