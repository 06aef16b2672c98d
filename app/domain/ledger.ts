// The host-money ledger (PRODUCT.md "Host money", issue 14): every money movement of a stay is
// an append-only line; balances are sums of lines, never stored totals. This module decides
// which lines an event writes and how lines add up to balances; ledger.server.ts writes them in
// the event's transaction and sums them in SQL (tested against `hostBalances` below).
// Amounts are signed integer millimes, seen from the line's account: + it gains, − it gives.

import { hostPayoutAfterCancellation } from "~/domain/payouts";
import { HOST_COMMISSION_PERCENT, percentOf } from "~/domain/pricing";
import type { RefundBreakdown } from "~/domain/refunds";

export const LEDGER_ACCOUNTS = ["host", "traveler", "platform"] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_KINDS = [
  "traveler_payment",
  "voucher_spent",
  "service_fee",
  "commission",
  "host_earning",
  "refund_to_traveler",
  "refund_borne",
  "commission_returned",
  "voucher_granted",
  "payout_requested",
  "payout_refused",
  "payout_paid",
  "claim_deduction",
  "refund_bank_fee",
  "partner_earning",
  "friend_trip_pack",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A line before it is written: who, what, how much, and from when it counts as available. */
export interface LedgerLineDraft {
  account: LedgerAccount;
  kind: LedgerKind;
  amount: number;
  /** The host's line counts as available from this instant (null: not a host balance line). */
  availableAt: Date | null;
}

export interface LedgerLine extends LedgerLineDraft {
  reservationId: number | null;
  payoutRequestId: number | null;
}

function requireMillimes(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of millimes, got ${value}`);
  return value;
}

/** A stay's host earning: nights − discount + cleaning − commission (10 %), less refunds borne. */
export function hostEarning(input: {
  nightsTotal: number;
  discount: number;
  cleaningFee: number;
  refundBorne?: number;
  commissionPercent?: number;
}): { subtotal: number; commission: number; earning: number } {
  const subtotal = requireMillimes(input.nightsTotal, "nightsTotal") - requireMillimes(input.discount, "discount") + requireMillimes(input.cleaningFee, "cleaningFee");
  if (subtotal < 0) throw new RangeError("the discount exceeds the nights");
  const commission = percentOf(subtotal, input.commissionPercent ?? HOST_COMMISSION_PERCENT);
  const earning = subtotal - commission - requireMillimes(input.refundBorne ?? 0, "refundBorne");
  if (earning < 0) throw new RangeError("the refund borne exceeds the earning");
  return { subtotal, commission, earning };
}

/** The booked amounts of a stay, as the reservation keeps them from its quote. */
export interface BookedStay {
  total: number;
  serviceFee: number;
  hostCommission: number;
  hostPayout: number;
  voucherApplied: number;
}

/** A payment confirmed a stay: what the traveler paid (money and voucher), the fee, the commission, the host's earning. */
export function confirmationLines(stay: BookedStay, paid: number, earningAvailableAt: Date): LedgerLineDraft[] {
  const lines: LedgerLineDraft[] = [
    { account: "traveler", kind: "traveler_payment", amount: -requireMillimes(paid, "paid"), availableAt: null },
    { account: "platform", kind: "service_fee", amount: requireMillimes(stay.serviceFee, "serviceFee"), availableAt: null },
    { account: "platform", kind: "commission", amount: requireMillimes(stay.hostCommission, "hostCommission"), availableAt: null },
    { account: "host", kind: "host_earning", amount: requireMillimes(stay.hostPayout, "hostPayout"), availableAt: earningAvailableAt },
  ];
  if (stay.voucherApplied > 0) lines.splice(1, 0, { account: "traveler", kind: "voucher_spent", amount: -stay.voucherApplied, availableAt: null });
  return lines.filter((line) => line.amount !== 0);
}

/**
 * A paid stay was cancelled: the traveler's refund (money and voucher), and what the host no
 * longer earns (its share of the refund) with the commission that goes with it. The host keeps
 * (what the traveler does not get back) − 10 %; a host or operator cancellation keeps nothing.
 */
export function cancellationLines(
  stay: BookedStay,
  refund: Pick<RefundBreakdown, "refundable" | "cleaningRefund" | "gross" | "voucher">,
  cancelledBy: "traveler" | "host" | "operator",
  earningAvailableAt: Date,
): LedgerLineDraft[] {
  const subtotal = stay.total - stay.serviceFee;
  const keptEarning = hostPayoutAfterCancellation(subtotal, refund, cancelledBy);
  const keptCommission = cancelledBy === "traveler" ? subtotal - refund.refundable - refund.cleaningRefund - keptEarning : 0;
  const lines: LedgerLineDraft[] = [
    { account: "traveler", kind: "refund_to_traveler", amount: requireMillimes(refund.gross, "gross"), availableAt: null },
    { account: "traveler", kind: "voucher_granted", amount: requireMillimes(refund.voucher, "voucher"), availableAt: null },
    { account: "host", kind: "refund_borne", amount: keptEarning - stay.hostPayout, availableAt: earningAvailableAt },
    { account: "platform", kind: "commission_returned", amount: keptCommission - stay.hostCommission, availableAt: null },
  ];
  return lines.filter((line) => line.amount !== 0);
}

export interface HostBalances {
  /** Earned, not yet available (before 24 hours after check-in). */
  pending: number;
  /** Earned, available, less what payout requests hold or paid. */
  available: number;
  /** Earnings of stays an operator hold or an open claim withholds. */
  withheld: number;
  /** Confirmed payouts. */
  paidOut: number;
}

/**
 * The host's balances from its lines. A withheld stay's lines count only as withheld; payout
 * lines (no reservation) come off available when requested and go back when refused; a
 * confirmed payout's `payout_paid` line counts as paid out (it was already off available).
 */
export function hostBalances(lines: readonly LedgerLine[], now: Date, withheldReservationIds: ReadonlySet<number> = new Set()): HostBalances {
  const balances: HostBalances = { pending: 0, available: 0, withheld: 0, paidOut: 0 };
  for (const line of lines) {
    if (line.account !== "host") continue;
    if (line.kind === "payout_paid") balances.paidOut += line.amount;
    else if (line.reservationId !== null && withheldReservationIds.has(line.reservationId)) balances.withheld += line.amount;
    else if (line.availableAt && line.availableAt.getTime() > now.getTime()) balances.pending += line.amount;
    else balances.available += line.amount;
  }
  return balances;
}

/** A payout's lines: requested (off available), refused (back), paid (counted as paid out). */
export function payoutLine(kind: "payout_requested" | "payout_refused" | "payout_paid", amount: number, at: Date): LedgerLineDraft {
  requireMillimes(amount, "amount");
  return { account: "host", kind, amount: kind === "payout_requested" ? -amount : amount, availableAt: at };
}

/**
 * An operator granted a claim `amount` millimes: the traveler is owed it, and it comes off the
 * host's earning of the stay (from when that earning counts, so it nets in the same balance).
 */
export function claimDecisionLines(amount: number, earningAvailableAt: Date): LedgerLineDraft[] {
  if (requireMillimes(amount, "amount") === 0) return [];
  return [
    { account: "traveler", kind: "refund_to_traveler", amount, availableAt: null },
    { account: "host", kind: "claim_deduction", amount: -amount, availableAt: earningAvailableAt },
  ];
}

/** A refund was paid: the bank fee deducted from what the traveler receives. */
export function refundPaidLines(bankFee: number): LedgerLineDraft[] {
  if (requireMillimes(bankFee, "bankFee") === 0) return [];
  return [{ account: "traveler", kind: "refund_bank_fee", amount: -bankFee, availableAt: null }];
}
