// The price of a stay (PRODUCT.md "Price of a stay"): the one function every quote, search
// total, booking and API answer uses, so they can never disagree. Amounts are integer millimes;
// each percentage is applied once, rounded half-up to the millime (ADR 050).

import { divideRoundHalfUp } from "~/domain/money";
import { isIsoDate, nightsOf, type IsoDate, type StayRange } from "~/domain/stay-dates";

export const DEFAULT_SERVICE_FEE_PERCENT = 5;
export const HOST_COMMISSION_PERCENT = 10;
/** A weekly discount applies from this many nights… */
export const WEEKLY_DISCOUNT_MIN_NIGHTS = 7;
/** …and a monthly one, replacing it, from this many. */
export const MONTHLY_DISCOUNT_MIN_NIGHTS = 28;

export type DiscountKind = "weekly" | "monthly";

/**
 * The length-of-stay discount a reservation was priced with: as stored, or for reservations made
 * before it was stored, its percent read back from the amounts (and the kind from the nights).
 */
export function reservationDiscount(reservation: {
  nights: number;
  nightsTotal: number;
  discount: number;
  discountKind?: DiscountKind | null;
  discountPercent?: number | null;
}): { discountKind: DiscountKind | null; discountPercent: number } {
  if (reservation.discount <= 0) return { discountKind: null, discountPercent: 0 };
  if (reservation.discountKind && reservation.discountPercent) return { discountKind: reservation.discountKind, discountPercent: reservation.discountPercent };
  const percent = reservation.nightsTotal > 0 ? Math.round((reservation.discount * 100) / reservation.nightsTotal) : 0;
  return { discountKind: reservation.nights >= MONTHLY_DISCOUNT_MIN_NIGHTS ? "monthly" : "weekly", discountPercent: percent };
}

/** What a listing (or a room type / guesthouse room) charges, as stored. */
export interface PricingTerms {
  /** The base price of one night (one room), in millimes. */
  nightlyPrice: number;
  /** Nights the host priced differently in the calendar: date → millimes (one room). */
  pricesByDate?: ReadonlyMap<IsoDate, number> | Readonly<Record<IsoDate, number>>;
  /** Flat, once per stay (per room booked: ADR 050). */
  cleaningFee?: number;
  /** Whole percentages, 0–100; 0 means "no such discount". */
  weeklyDiscountPercent?: number;
  monthlyDiscountPercent?: number;
  /** The configured traveler service fee, whole percent (default 5). */
  serviceFeePercent?: number;
  /** The host commission, whole percent (default 10). */
  commissionPercent?: number;
  /** Rooms of a hotel room type or guesthouse booked together (default 1). */
  rooms?: number;
}

export interface NightPrice {
  date: IsoDate;
  /** The price of this night for ONE room. */
  price: number;
}

/**
 * A priced stay. Every amount covers all rooms booked; `nightly` lists one room's night prices
 * (the breakdown shows "n nights × price × rooms").
 */
export interface StayQuote {
  nights: number;
  rooms: number;
  nightly: NightPrice[];
  /** Σ nightly × rooms. */
  nightsTotal: number;
  discount: number;
  discountKind: DiscountKind | null;
  discountPercent: number;
  cleaningFee: number;
  /** nightsTotal − discount + cleaningFee: what the service fee and the commission are taken on. */
  subtotal: number;
  serviceFee: number;
  serviceFeePercent: number;
  /** What the traveler pays: subtotal + serviceFee. */
  total: number;
  hostCommission: number;
  commissionPercent: number;
  /** What the host receives: subtotal − hostCommission. */
  hostPayout: number;
}

function requireMillimes(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of millimes, got ${value}`);
  return value;
}

function requirePercent(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw new RangeError(`${what} must be a whole percent 0–100, got ${value}`);
  return value;
}

/** `percent`% of `amount` millimes, rounded half-up to the millime. */
export function percentOf(amount: number, percent: number): number {
  requireMillimes(amount, "amount");
  requirePercent(percent, "percent");
  return Number(divideRoundHalfUp(BigInt(amount) * BigInt(percent), 100n));
}

/** One room's price of the night of `date`: the host calendar's price, else the base price. */
export function nightPrice(terms: Pick<PricingTerms, "nightlyPrice" | "pricesByDate">, date: IsoDate): number {
  const prices = terms.pricesByDate;
  let own: number | undefined;
  if (prices instanceof Map) own = prices.get(date);
  else if (prices) own = (prices as Readonly<Record<IsoDate, number>>)[date];
  return requireMillimes(own ?? terms.nightlyPrice, `price of ${date}`);
}

/**
 * Which length-of-stay discount a stay of `nights` gets. Monthly replaces weekly from 28 nights,
 * but only when the host set one: a monthly discount of 0 leaves the weekly one in force (ADR 050).
 */
export function lengthOfStayDiscount(
  nights: number,
  weeklyDiscountPercent = 0,
  monthlyDiscountPercent = 0,
): { kind: DiscountKind | null; percent: number } {
  requirePercent(weeklyDiscountPercent, "weeklyDiscountPercent");
  requirePercent(monthlyDiscountPercent, "monthlyDiscountPercent");
  if (nights >= MONTHLY_DISCOUNT_MIN_NIGHTS && monthlyDiscountPercent > 0) return { kind: "monthly", percent: monthlyDiscountPercent };
  if (nights >= WEEKLY_DISCOUNT_MIN_NIGHTS && weeklyDiscountPercent > 0) return { kind: "weekly", percent: weeklyDiscountPercent };
  return { kind: null, percent: 0 };
}

/**
 * Prices the stay [checkIn, checkOut). Throws RangeError on input the stay rules would have
 * refused (bad dates, no night, negative or fractional amounts): validate first with
 * `validateStay` (stay-rules.ts).
 */
export function quoteStay(terms: PricingTerms, stay: StayRange): StayQuote {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) throw new RangeError("check-in and check-out must be YYYY-MM-DD dates");
  const dates = nightsOf(stay.checkIn, stay.checkOut);
  if (dates.length === 0) throw new RangeError("check-out must be after check-in");
  const rooms = terms.rooms ?? 1;
  if (!Number.isSafeInteger(rooms) || rooms < 1) throw new RangeError(`rooms must be a positive integer, got ${rooms}`);
  requireMillimes(terms.nightlyPrice, "nightlyPrice");
  const serviceFeePercent = requirePercent(terms.serviceFeePercent ?? DEFAULT_SERVICE_FEE_PERCENT, "serviceFeePercent");
  const commissionPercent = requirePercent(terms.commissionPercent ?? HOST_COMMISSION_PERCENT, "commissionPercent");
  const cleaningPerRoom = requireMillimes(terms.cleaningFee ?? 0, "cleaningFee");

  const nightly = dates.map((date) => ({ date, price: nightPrice(terms, date) }));
  const { kind, percent } = lengthOfStayDiscount(dates.length, terms.weeklyDiscountPercent, terms.monthlyDiscountPercent);

  // One room is priced, then every amount is multiplied by the rooms: "per room, times the rooms
  // booked", so n rooms always cost exactly n times one room (no rounding drift between them).
  const nightsPerRoom = nightly.reduce((sum, night) => sum + night.price, 0);
  const discountPerRoom = percentOf(nightsPerRoom, percent);
  const subtotalPerRoom = nightsPerRoom - discountPerRoom + cleaningPerRoom;
  const serviceFeePerRoom = percentOf(subtotalPerRoom, serviceFeePercent);
  const commissionPerRoom = percentOf(subtotalPerRoom, commissionPercent);

  const times = (amount: number) => {
    const result = amount * rooms;
    if (!Number.isSafeInteger(result)) throw new RangeError("amount too large");
    return result;
  };
  return {
    nights: dates.length,
    rooms,
    nightly,
    nightsTotal: times(nightsPerRoom),
    discount: times(discountPerRoom),
    discountKind: kind,
    discountPercent: percent,
    cleaningFee: times(cleaningPerRoom),
    subtotal: times(subtotalPerRoom),
    serviceFee: times(serviceFeePerRoom),
    serviceFeePercent,
    total: times(subtotalPerRoom + serviceFeePerRoom),
    hostCommission: times(commissionPerRoom),
    commissionPercent,
    hostPayout: times(subtotalPerRoom - commissionPerRoom),
  };
}
