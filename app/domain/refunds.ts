// Refunds of PRODUCT.md "Cancellation and refunds" (ADR 053): what a cancelled stay gives back,
// and the two operator-approved claims (amenity failure, cleanliness). Money is integer millimes;
// percentages are rounded half-up to the millime. Instants are measured against the check-in
// instant: the check-in date at the listing's check-in time, on Tunis clocks.

import type { CancellationPolicy } from "~/domain/listing";
import { divideRoundHalfUp } from "~/domain/money";
import { percentOf, type NightPrice } from "~/domain/pricing";
import { addDays, dateInTunis, parseTimeOfDay, tunisInstant, type IsoDate } from "~/domain/stay-dates";

export type CancelledBy = "traveler" | "host" | "operator";

/** A refund is paid within this many days of the decision. */
export const REFUND_DUE_DAYS = 15;
/** The check-in time used when a listing has none. */
export const DEFAULT_CHECK_IN_TIME = "15:00";
/** An amenity failure refunds this share of each affected night. */
export const AMENITY_FAILURE_PERCENT = 25;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const REFUND_RULE_KEYS = {
  flexibleFull: "rules:refund.flexibleFull",
  flexibleNone: "rules:refund.flexibleNone",
  moderateFull: "rules:refund.moderateFull",
  moderateHalf: "rules:refund.moderateHalf",
  strictGrace: "rules:refund.strictGrace",
  strictHalf: "rules:refund.strictHalf",
  strictNone: "rules:refund.strictNone",
  closedHalf: "rules:refund.closedHalf",
  closedNone: "rules:refund.closedNone",
  afterCheckIn: "rules:refund.afterCheckIn",
  hostCancelled: "rules:refund.hostCancelled",
  operatorCancelled: "rules:refund.operatorCancelled",
  amenityFailure: "rules:refund.amenityFailure",
  cleanliness: "rules:refund.cleanliness",
} as const;

/** The policy in plain words for a listing page ("Full refund until 24 hours before check-in…"). */
export function policySummaryKey(policy: CancellationPolicy): string {
  return `rules:refund.policy.${policy}`;
}

/** The instant check-in starts: the date at the listing's check-in time (default 15:00), Tunis time. */
export function checkInInstant(checkIn: IsoDate, checkInTime?: string | null): Date {
  const minutes = parseTimeOfDay(checkInTime ?? DEFAULT_CHECK_IN_TIME) ?? parseTimeOfDay(DEFAULT_CHECK_IN_TIME)!;
  return tunisInstant(checkIn, minutes);
}

/** The parts of what the traveler paid that the rules look at (from the stored quote). */
export interface PaidAmounts {
  total: number;
  serviceFee: number;
  cleaningFee: number;
}

export interface RefundInput {
  policy: CancellationPolicy;
  cancelledBy: CancelledBy;
  amounts: PaidAmounts;
  /** When the stay was booked: the reservation's confirmation (payment) instant. */
  bookedAt: Date;
  checkIn: IsoDate;
  /** The listing's check-in time, `HH:MM`. */
  checkInTime?: string | null;
  cancelledAt: Date;
  /** The configured bank fee of a refund, in millimes (deducted when the traveler cancels). */
  bankFee?: number;
}

export interface RefundBreakdown {
  /** Share of the nights (total − service fee − cleaning) given back, 0–100. */
  percent: number;
  /** total − service fee − cleaning fee: what `percent` applies to. */
  base: number;
  /** round(base × percent). */
  refundable: number;
  cleaningRefund: number;
  /** Service fee paid back in money (operator cancellations only). */
  serviceFeeRefund: number;
  /** Service fee given back as a credit for a later booking (host cancellations). */
  voucher: number;
  /** refundable + cleaningRefund + serviceFeeRefund. */
  gross: number;
  bankFee: number;
  /** gross − bankFee: the money paid out. */
  net: number;
  /** The Tunis date by which it must be paid: the decision's date + 15 days. */
  dueDate: IsoDate;
  /** Translation key of the rule that applied. */
  ruleKey: string;
  /** The instant the thresholds were measured from. */
  checkInAt: Date;
}

function requireMillimes(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of millimes, got ${value}`);
  return value;
}

/** Bank fee, net and due date of a refund of `gross` decided at `decidedAt`. */
export function settleRefund(gross: number, decidedAt: Date, bankFee = 0): { bankFee: number; net: number; dueDate: IsoDate } {
  requireMillimes(gross, "gross");
  requireMillimes(bankFee, "bankFee");
  // The fee never exceeds the refund (no refund ever costs the traveler money).
  const fee = Math.min(bankFee, gross);
  return { bankFee: fee, net: gross - fee, dueDate: addDays(dateInTunis(decidedAt), REFUND_DUE_DAYS) };
}

/** The traveler's share by policy, given how long before check-in and after booking they cancel. */
function travelerRule(policy: CancellationPolicy, msBeforeCheckIn: number, msSinceBooking: number): { percent: number; ruleKey: string } {
  switch (policy) {
    case "flexible":
      return msBeforeCheckIn >= DAY_MS ? { percent: 100, ruleKey: REFUND_RULE_KEYS.flexibleFull } : { percent: 0, ruleKey: REFUND_RULE_KEYS.flexibleNone };
    case "moderate":
      return msBeforeCheckIn >= 5 * DAY_MS ? { percent: 100, ruleKey: REFUND_RULE_KEYS.moderateFull } : { percent: 50, ruleKey: REFUND_RULE_KEYS.moderateHalf };
    case "strict":
      if (msSinceBooking <= 48 * HOUR_MS && msBeforeCheckIn >= 14 * DAY_MS) return { percent: 100, ruleKey: REFUND_RULE_KEYS.strictGrace };
      return msBeforeCheckIn >= 7 * DAY_MS ? { percent: 50, ruleKey: REFUND_RULE_KEYS.strictHalf } : { percent: 0, ruleKey: REFUND_RULE_KEYS.strictNone };
    case "closed":
      // "50% if MORE than 14 days before check-in": exactly 14 days is already too late.
      return msBeforeCheckIn > 14 * DAY_MS ? { percent: 50, ruleKey: REFUND_RULE_KEYS.closedHalf } : { percent: 0, ruleKey: REFUND_RULE_KEYS.closedNone };
  }
}

/**
 * What a cancelled, paid stay gives back. Traveler: the policy's percent of the nights (total −
 * service fee − cleaning), plus the whole cleaning fee if before check-in; the service fee is kept;
 * the bank fee is deducted. Host: everything back, the service fee as a voucher, no bank fee.
 * Operator: everything back in money, service fee included, no bank fee.
 */
export function refundFor(input: RefundInput): RefundBreakdown {
  const total = requireMillimes(input.amounts.total, "total");
  const serviceFee = requireMillimes(input.amounts.serviceFee, "serviceFee");
  const cleaningFee = requireMillimes(input.amounts.cleaningFee, "cleaningFee");
  const base = total - serviceFee - cleaningFee;
  if (base < 0) throw new RangeError("service fee and cleaning fee exceed the total");
  if (input.cancelledAt.getTime() < input.bookedAt.getTime()) throw new RangeError("cancelled before it was booked");

  const checkInAt = checkInInstant(input.checkIn, input.checkInTime);
  const msBeforeCheckIn = checkInAt.getTime() - input.cancelledAt.getTime();
  const beforeCheckIn = msBeforeCheckIn > 0;

  let rule: { percent: number; ruleKey: string } = { percent: 100, ruleKey: REFUND_RULE_KEYS.hostCancelled };
  let cleaningRefund = cleaningFee;
  let serviceFeeRefund = 0;
  let voucher = 0;
  let bankFee = 0;
  if (input.cancelledBy === "host") {
    voucher = serviceFee;
  } else if (input.cancelledBy === "operator") {
    rule = { percent: 100, ruleKey: REFUND_RULE_KEYS.operatorCancelled };
    serviceFeeRefund = serviceFee;
  } else {
    rule = beforeCheckIn
      ? travelerRule(input.policy, msBeforeCheckIn, input.cancelledAt.getTime() - input.bookedAt.getTime())
      : { percent: 0, ruleKey: REFUND_RULE_KEYS.afterCheckIn };
    cleaningRefund = beforeCheckIn ? cleaningFee : 0;
    bankFee = input.bankFee ?? 0;
  }
  const { percent, ruleKey } = rule;

  const refundable = percentOf(base, percent);
  const gross = refundable + cleaningRefund + serviceFeeRefund;
  const settled = settleRefund(gross, input.cancelledAt, bankFee);
  return { percent, base, refundable, cleaningRefund, serviceFeeRefund, voucher, gross, ...settled, ruleKey, checkInAt };
}

/**
 * An operator-approved amenity failure: 25% of each affected night's rate — the night's price
 * less the stay's length-of-stay discount — times the rooms booked, each night rounded half-up.
 */
export function amenityFailureRefund(input: {
  /** The stay's nightly prices for one room (StayQuote.nightly). */
  nightly: readonly NightPrice[];
  /** The stay's length-of-stay discount percent (StayQuote.discountPercent). */
  discountPercent?: number;
  rooms?: number;
  affectedNights: readonly IsoDate[];
}): { amount: number; perNight: NightPrice[]; ruleKey: string } {
  const rooms = input.rooms ?? 1;
  const discountPercent = input.discountPercent ?? 0;
  if (!Number.isSafeInteger(rooms) || rooms < 1) throw new RangeError(`rooms must be a positive integer, got ${rooms}`);
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) throw new RangeError("discountPercent must be 0–100");
  const prices = new Map(input.nightly.map((night) => [night.date, requireMillimes(night.price, `price of ${night.date}`)]));
  const perNight: NightPrice[] = [];
  for (const date of new Set(input.affectedNights)) {
    const price = prices.get(date);
    if (price === undefined) throw new RangeError(`${date} is not a night of this stay`);
    const perRoom = Number(divideRoundHalfUp(BigInt(price) * BigInt(AMENITY_FAILURE_PERCENT) * BigInt(100 - discountPercent), 10_000n));
    perNight.push({ date, price: perRoom * rooms });
  }
  perNight.sort((a, b) => (a.date < b.date ? -1 : 1));
  return { amount: perNight.reduce((sum, night) => sum + night.price, 0), perNight, ruleKey: REFUND_RULE_KEYS.amenityFailure };
}

/** An operator-approved cleanliness complaint refunds what was asked, at most the cleaning fee. */
export function cleanlinessRefund(input: { cleaningFee: number; requested: number }): { amount: number; ruleKey: string } {
  const cleaningFee = requireMillimes(input.cleaningFee, "cleaningFee");
  const requested = requireMillimes(input.requested, "requested");
  return { amount: Math.min(requested, cleaningFee), ruleKey: REFUND_RULE_KEYS.cleanliness };
}
