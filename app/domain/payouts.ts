// Host money (PRODUCT.md "Host money", ADR 055): a stay's payout becomes available 24 hours after
// check-in; what it becomes once cancelled; hosts request their available balance from the 25th
// to the month's last day (Tunis dates); operators then confirm, refuse or pin each request.
// Amounts are integer millimes.

import { percentOf, HOST_COMMISSION_PERCENT } from "~/domain/pricing";
import { checkInInstant, type RefundBreakdown } from "~/domain/refunds";
import { daysInMonth, todayInTunis, type IsoDate } from "~/domain/stay-dates";

const PAYOUT_DELAY_HOURS = 24;
/** Requests are taken from this day of the month to its last day. */
const PAYOUT_WINDOW_FIRST_DAY = 25;

export const PAYOUT_REQUEST_STATES = ["requested", "confirmed", "refused", "pinned"] as const;
export type PayoutRequestState = (typeof PAYOUT_REQUEST_STATES)[number];

const PAYOUT_ERROR_KEYS = {
  outsideWindow: "rules:payout.outsideWindow",
  amountInvalid: "rules:payout.amountInvalid",
  amountTooHigh: "rules:payout.amountTooHigh",
} as const;

/** When the host's payout of a stay becomes available: check-in (at its time) + 24 hours. */
export function payoutAvailableAt(checkIn: IsoDate, checkInTime?: string | null): Date {
  return new Date(checkInInstant(checkIn, checkInTime).getTime() + PAYOUT_DELAY_HOURS * 3_600_000);
}

/**
 * What the host earns from a stay the traveler cancelled: what the traveler does not get back
 * (of nights − discount + cleaning), less the 10% commission on it. A host or operator
 * cancellation earns nothing.
 */
export function hostPayoutAfterCancellation(
  subtotal: number,
  refund: Pick<RefundBreakdown, "refundable" | "cleaningRefund">,
  cancelledBy: "traveler" | "host" | "operator",
  commissionPercent = HOST_COMMISSION_PERCENT,
): number {
  if (cancelledBy !== "traveler") return 0;
  const retained = subtotal - refund.refundable - refund.cleaningRefund;
  if (!Number.isSafeInteger(retained) || retained < 0) throw new RangeError("the refund exceeds the stay's subtotal");
  return retained - percentOf(retained, commissionPercent);
}

/** This month's request window (Tunis dates) and whether it is open at `now`. */
export function payoutWindow(now: Date): { opensOn: IsoDate; closesOn: IsoDate; isOpen: boolean } {
  const today = todayInTunis(now);
  const month = today.slice(0, 7);
  const lastDay = daysInMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  const opensOn = `${month}-${String(PAYOUT_WINDOW_FIRST_DAY).padStart(2, "0")}`;
  const closesOn = `${month}-${String(lastDay).padStart(2, "0")}`;
  return { opensOn, closesOn, isOpen: today >= opensOn && today <= closesOn };
}

export function isPayoutRequestWindow(now: Date): boolean {
  return payoutWindow(now).isOpen;
}

/** Errors of a payout request for `amount` millimes, as translation keys (empty = accepted). */
export function payoutRequestIssues(amount: number, available: number, now: Date): Array<{ field: "amount"; key: string; values?: Record<string, string | number> }> {
  const window = payoutWindow(now);
  if (!window.isOpen) return [{ field: "amount", key: PAYOUT_ERROR_KEYS.outsideWindow, values: { opensOn: window.opensOn, closesOn: window.closesOn } }];
  if (!Number.isSafeInteger(amount) || amount <= 0) return [{ field: "amount", key: PAYOUT_ERROR_KEYS.amountInvalid }];
  if (amount > available) return [{ field: "amount", key: PAYOUT_ERROR_KEYS.amountTooHigh, values: { available } }];
  return [];
}

/**
 * The host's payout a reservation shows: the booked payout while the stay stands; after a
 * cancellation of a paid stay, what hostPayoutAfterCancellation leaves (the traveler's refunds
 * taken out; nothing when the host or an operator cancelled); nothing when it was never paid
 * (declined, expired or cancelled before payment).
 */
export function currentHostPayout(reservation: {
  status: string;
  hostPayout: number;
  nightsTotal: number;
  discount: number;
  cleaningFee: number;
  confirmedAt: Date | string | null;
  cancelledBy: string | null;
  /** What the traveler was refunded for this stay (gross, before bank fees). */
  refunded: number;
}): number {
  if (reservation.status !== "cancelled") return ["declined", "expired"].includes(reservation.status) ? 0 : reservation.hostPayout;
  if (!reservation.confirmedAt) return 0;
  const subtotal = reservation.nightsTotal - reservation.discount + reservation.cleaningFee;
  const cancelledBy = reservation.cancelledBy === "traveler" ? "traveler" : reservation.cancelledBy === "host" ? "host" : "operator";
  return hostPayoutAfterCancellation(subtotal, { refundable: Math.min(reservation.refunded, subtotal), cleaningRefund: 0 }, cancelledBy);
}
