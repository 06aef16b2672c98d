// Host money after a cancellation (PRODUCT.md "Host money", ADR 055): what the host's payout of a
// reservation becomes once it is cancelled. Amounts are integer millimes.

import { percentOf, HOST_COMMISSION_PERCENT } from "~/domain/pricing";
import type { RefundBreakdown } from "~/domain/refunds";

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
