// The ledger's writes and sums (app/domain/ledger.ts decides the lines). Every write takes the
// transaction of the event that causes it, so a payment confirmed or a stay cancelled and its
// lines commit or roll back together. Balances are SQL SUMs over the lines, mirroring the
// domain's hostBalances (ledger.db.test.ts holds them equal).

import { Op, literal, type Transaction, type WhereOptions } from "sequelize";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Listing } from "~/db/models/listing.server";
import type { Reservation } from "~/db/models/reservation.server";
import { cancellationLines, claimDecisionLines, confirmationLines, refundPaidLines, type HostBalances, type LedgerLineDraft } from "~/domain/ledger";
import { payoutAvailableAt } from "~/domain/payouts";
import {
  experienceCancellationLines,
  experienceConfirmationLines,
  friendTripPaidLines,
  partnerEarningAvailableAt,
  type ExperienceBookingAmounts,
} from "~/domain/experience-ledger";
import type { CancelledBy, RefundBreakdown } from "~/domain/refunds";

interface LineOwners {
  hostId: number | null;
  travelerId: number | null;
  reservationId: number | null;
  payoutRequestId: number | null;
  /** Migration 0200: the experience booking or the Friend Trip request the lines come from. */
  experienceBookingId?: number | null;
  friendTripRequestId?: number | null;
}

/**
 * Appends `drafts` once: each line's dedupe key is `<event>:<kind>`, so an event replayed (a
 * callback delivered twice) writes nothing more.
 */
export async function appendLines(
  drafts: readonly LedgerLineDraft[],
  owners: LineOwners,
  event: string,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  if (drafts.length === 0) return;
  const keys = drafts.map((draft) => `${event}:${draft.kind}`);
  const existing = await LedgerLine.count({ where: { dedupeKey: keys }, transaction });
  if (existing > 0) return;
  await LedgerLine.bulkCreate(
    drafts.map((draft, index) => ({
      ...draft,
      hostId: draft.account === "traveler" ? null : owners.hostId,
      travelerId: draft.account === "traveler" ? owners.travelerId : null,
      reservationId: owners.reservationId,
      payoutRequestId: owners.payoutRequestId,
      experienceBookingId: owners.experienceBookingId ?? null,
      friendTripRequestId: owners.friendTripRequestId ?? null,
      dedupeKey: keys[index]!,
      createdAt: now,
    })),
    { transaction },
  );
}

async function earningAvailableAt(reservation: Reservation, transaction: Transaction): Promise<Date> {
  const listing = await Listing.findByPk(reservation.listingId, { attributes: ["checkInTime"], transaction });
  return payoutAvailableAt(reservation.checkIn, listing?.checkInTime);
}

function stayOwners(reservation: Reservation): LineOwners {
  return { hostId: reservation.hostId, travelerId: reservation.travelerId, reservationId: reservation.id, payoutRequestId: null };
}

/** A payment confirmed `reservation`: payment, voucher, fee, commission and the host's earning. */
export async function recordStayConfirmed(reservation: Reservation, paid: number, now: Date, transaction: Transaction): Promise<void> {
  const lines = confirmationLines(reservation, paid, await earningAvailableAt(reservation, transaction));
  await appendLines(lines, stayOwners(reservation), `stay:${reservation.id}:confirmed`, now, transaction);
}

/** A paid stay was cancelled: the refund, the voucher, and what the host and the platform give back. */
export async function recordStayCancelled(
  reservation: Reservation,
  refund: Pick<RefundBreakdown, "refundable" | "cleaningRefund" | "gross" | "voucher">,
  cancelledBy: CancelledBy,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const lines = cancellationLines(reservation, refund, cancelledBy, await earningAvailableAt(reservation, transaction));
  await appendLines(lines, stayOwners(reservation), `stay:${reservation.id}:cancelled`, now, transaction);
}

/** An operator granted a claim on `reservation`: owed to the traveler, off the host's earning. */
export async function recordClaimDecided(reservation: Reservation, claimId: number, amount: number, now: Date, transaction: Transaction): Promise<void> {
  const lines = claimDecisionLines(amount, await earningAvailableAt(reservation, transaction));
  await appendLines(lines, stayOwners(reservation), `claim:${claimId}:decided`, now, transaction);
}

/** A refund was paid: its bank fee, deducted from what the traveler receives. */
export async function recordRefundPaid(
  refund: { id: number; reservationId: number | null; experienceBookingId?: number | null; travelerId: number },
  bankFee: number,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const owners = {
    hostId: null,
    travelerId: refund.travelerId,
    reservationId: refund.reservationId,
    payoutRequestId: null,
    experienceBookingId: refund.experienceBookingId ?? null,
  };
  await appendLines(refundPaidLines(bankFee), owners, `refund:${refund.id}:paid`, now, transaction);
}

/** What the host still earns from a stay: the sum of the stay's host lines. */
export async function stayHostEarning(reservationId: number, transaction?: Transaction): Promise<number> {
  return sumOf({ reservationId, account: "host" }, transaction);
}

/** Lines of stays an unreleased operator hold or an open claim (migration 0160) withholds. */
const WITHHELD_STAYS =
  "SELECT reservation_id FROM earning_holds WHERE released_at IS NULL UNION SELECT open_reservation_id FROM claims WHERE open_reservation_id IS NOT NULL";
const withheldStay = literal(`reservation_id IN (${WITHHELD_STAYS})`);
const notWithheldStay = literal(`(reservation_id IS NULL OR reservation_id NOT IN (${WITHHELD_STAYS}))`);

async function sumOf(where: WhereOptions<LedgerLine>, transaction?: Transaction): Promise<number> {
  const total = await LedgerLine.sum("amount", { where, transaction });
  return Number(total ?? 0);
}

/** The host's balances, each a SUM over its ledger lines. */
export async function hostBalancesOf(hostId: number, now: Date, transaction?: Transaction): Promise<HostBalances> {
  const host = { hostId, account: "host" };
  const earning = { ...host, kind: { [Op.ne]: "payout_paid" } };
  const [pending, available, withheld, paidOut] = await Promise.all([
    sumOf({ ...earning, availableAt: { [Op.gt]: now }, [Op.and]: [notWithheldStay] }, transaction),
    sumOf({ ...earning, availableAt: { [Op.lte]: now }, [Op.and]: [notWithheldStay] }, transaction),
    sumOf({ ...earning, [Op.and]: [withheldStay] }, transaction),
    sumOf({ ...host, kind: "payout_paid" }, transaction),
  ]);
  return { pending, available, withheld, paidOut };
}

// ---------------------------------------------------------------------------------------------
// Experiences and Friend Trip packs (issue 21; ADR 183): the same lines, owned by the experience
// booking or the Friend Trip request; a partner's earning is a host-account line of the partner's
// user account, so it counts in that user's balances like a stay's earning.

/** A payment confirmed an experience booking: the payment, Darna's commission, the partner's earning. */
export async function recordExperienceConfirmed(
  booking: ExperienceBookingAmounts & { id: number; travelerId: number },
  partnerUserId: number | null,
  paid: number,
  startsAt: Date,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const owners = { hostId: partnerUserId, travelerId: booking.travelerId, reservationId: null, payoutRequestId: null, experienceBookingId: booking.id };
  await appendLines(experienceConfirmationLines(booking, paid, partnerEarningAvailableAt(startsAt)), owners, `experience:${booking.id}:confirmed`, now, transaction);
}

/** A paid experience booking was cancelled with `refund` millimes back to the traveler (all or nothing). */
export async function recordExperienceCancelled(
  booking: ExperienceBookingAmounts & { id: number; travelerId: number },
  partnerUserId: number | null,
  refund: number,
  startsAt: Date,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const owners = { hostId: partnerUserId, travelerId: booking.travelerId, reservationId: null, payoutRequestId: null, experienceBookingId: booking.id };
  await appendLines(experienceCancellationLines(booking, refund, partnerEarningAvailableAt(startsAt)), owners, `experience:${booking.id}:cancelled`, now, transaction);
}

/** A Friend Trip pack was paid: the traveler's payment and Darna's revenue. */
export async function recordFriendTripPaid(
  request: { id: number; userId: number | null },
  paid: number,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const owners = { hostId: null, travelerId: request.userId, reservationId: null, payoutRequestId: null, friendTripRequestId: request.id };
  await appendLines(friendTripPaidLines(paid), owners, `friend-trip:${request.id}:paid`, now, transaction);
}
