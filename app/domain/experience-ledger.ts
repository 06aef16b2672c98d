// The ledger lines of experience bookings and Friend Trip packs (issue 21; ADR 183), in the
// shape of app/domain/ledger.ts: signed millimes seen from the line's account, each event's
// lines summing to zero. No I/O.

import type { LedgerLineDraft } from "~/domain/ledger";

/** A partner's earning counts as available this long after the experience starts (as a stay's, 24 h after check-in). */
export const PARTNER_EARNING_DELAY_HOURS = 24;

export interface ExperienceBookingAmounts {
  total: number;
  commission: number;
  partnerEarning: number;
}

export function partnerEarningAvailableAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() + PARTNER_EARNING_DELAY_HOURS * 3_600_000);
}

function requireMillimes(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of millimes, got ${value}`);
  return value;
}

/** A payment confirmed an experience booking: the traveler paid the total; 10 % to Darna, the rest the partner's. */
export function experienceConfirmationLines(booking: ExperienceBookingAmounts, paid: number, earningAvailableAt: Date): LedgerLineDraft[] {
  if (requireMillimes(booking.commission, "commission") + requireMillimes(booking.partnerEarning, "partnerEarning") !== requireMillimes(paid, "paid")) {
    throw new RangeError(`paid ${paid} is not the booking's commission and earning`);
  }
  return [
    { account: "traveler", kind: "traveler_payment", amount: -paid, availableAt: null },
    { account: "platform", kind: "commission", amount: booking.commission, availableAt: null },
    { account: "host", kind: "partner_earning", amount: booking.partnerEarning, availableAt: earningAvailableAt },
  ].filter((line) => line.amount !== 0) as LedgerLineDraft[];
}

/**
 * A paid booking was cancelled. The refund is all (the partner cancelled, or the traveler 48 hours
 * or more before the start) or nothing: all gives back the partner's earning and the commission;
 * nothing writes no line (the partner keeps its earning, Darna its commission).
 */
export function experienceCancellationLines(booking: ExperienceBookingAmounts, refund: number, earningAvailableAt: Date): LedgerLineDraft[] {
  if (requireMillimes(refund, "refund") === 0) return [];
  if (refund !== booking.total) throw new RangeError(`an experience refund is all or nothing, got ${refund} of ${booking.total}`);
  return [
    { account: "traveler", kind: "refund_to_traveler", amount: refund, availableAt: null },
    { account: "host", kind: "refund_borne", amount: -booking.partnerEarning, availableAt: earningAvailableAt },
    { account: "platform", kind: "commission_returned", amount: -booking.commission, availableAt: null },
  ].filter((line) => line.amount !== 0) as LedgerLineDraft[];
}

/** A Friend Trip pack was paid: all of it is Darna's revenue (the concierge is Darna's own service). */
export function friendTripPaidLines(paid: number): LedgerLineDraft[] {
  if (requireMillimes(paid, "paid") === 0) return [];
  return [
    { account: "traveler", kind: "traveler_payment", amount: -paid, availableAt: null },
    { account: "platform", kind: "friend_trip_pack", amount: paid, availableAt: null },
  ];
}
