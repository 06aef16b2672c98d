// Claims (PRODUCT.md "Host money", SPEC.md §9, ADR 142): within 24 hours of check-in a traveler
// reports an amenity failure (one of six amenities: 25 % of each affected night's rate) or a
// cleanliness problem (at most the cleaning fee); an operator accepts it in full, in part or
// refuses it, and the refund comes out of the host's earning of the stay. Pure: amounts are
// integer millimes, "now" is a parameter.

import type { NightPrice } from "~/domain/pricing";
import { amenityFailureRefund, checkInInstant, cleanlinessRefund } from "~/domain/refunds";
import { nightsOf, type IsoDate } from "~/domain/stay-dates";

export const CLAIM_KINDS = ["amenity", "cleanliness"] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** The six amenities whose failure SPEC.md §9 refunds. */
export const CLAIM_AMENITIES = ["air_conditioning", "heating", "boiler", "pool", "jacuzzi", "internet"] as const;
export type ClaimAmenity = (typeof CLAIM_AMENITIES)[number];

export const CLAIM_STATUSES = ["open", "accepted", "partial", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_DECISIONS = ["accept", "partial", "refuse"] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** A claim is opened at most this many hours after check-in. */
export const CLAIM_WINDOW_HOURS = 24;
export const MAX_CLAIM_PHOTOS = 5;
export const CLAIM_TEXT_MIN = 10;
export const CLAIM_TEXT_MAX = 2000;

const HOUR_MS = 3_600_000;

/** From the check-in instant (the listing's check-in time, Tunis clocks) to 24 hours later. */
export function claimWindow(checkIn: IsoDate, checkInTime?: string | null): { opensAt: Date; closesAt: Date } {
  const opensAt = checkInInstant(checkIn, checkInTime);
  return { opensAt, closesAt: new Date(opensAt.getTime() + CLAIM_WINDOW_HOURS * HOUR_MS) };
}

/** Open from check-in (included) to check-in + 24 hours (excluded). */
export function isClaimWindowOpen(checkIn: IsoDate, checkInTime: string | null | undefined, now: Date): boolean {
  const { opensAt, closesAt } = claimWindow(checkIn, checkInTime);
  return now.getTime() >= opensAt.getTime() && now.getTime() < closesAt.getTime();
}

/** The booked amounts of a stay a claim is measured against. */
export interface ClaimedStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  rooms: number;
  nightsTotal: number;
  discountPercent: number | null;
  cleaningFee: number;
}

/**
 * One room's price of each night as booked. A reservation keeps its nights' total, not each
 * night's price (the calendar may have changed since), so the total is spread evenly over the
 * nights, the leftover millimes going to the first nights: the nights add up to what was paid.
 */
export function bookedNightly(stay: Pick<ClaimedStay, "checkIn" | "checkOut" | "rooms" | "nightsTotal">): NightPrice[] {
  const dates = nightsOf(stay.checkIn, stay.checkOut);
  if (dates.length === 0) return [];
  const perRoom = Math.floor(stay.nightsTotal / Math.max(1, stay.rooms));
  const base = Math.floor(perRoom / dates.length);
  const leftover = perRoom - base * dates.length;
  return dates.map((date, index) => ({ date, price: base + (index < leftover ? 1 : 0) }));
}

export interface ClaimFacts {
  kind: ClaimKind;
  affectedNights: readonly IsoDate[];
}

/**
 * The most a claim can refund: the domain's rule for its kind, and never more than the host
 * still earns from the stay (`remainingEarning`: the refund comes out of it).
 */
export function claimCap(claim: ClaimFacts, stay: ClaimedStay, remainingEarning: number): { amount: number; ruleKey: string } {
  const rule =
    claim.kind === "amenity"
      ? amenityFailureRefund({ nightly: bookedNightly(stay), discountPercent: stay.discountPercent ?? 0, rooms: stay.rooms, affectedNights: claim.affectedNights })
      : cleanlinessRefund({ cleaningFee: stay.cleaningFee, requested: stay.cleaningFee });
  return { amount: Math.max(0, Math.min(rule.amount, remainingEarning)), ruleKey: rule.ruleKey };
}

/** Which of `nights` are not nights of the stay (an amenity claim names only the stay's nights). */
export function nightsOutsideStay(nights: readonly IsoDate[], stay: Pick<ClaimedStay, "checkIn" | "checkOut">): IsoDate[] {
  const stayNights = new Set(nightsOf(stay.checkIn, stay.checkOut));
  return nights.filter((night) => !stayNights.has(night));
}

/**
 * An operator's decision as a status and the refund: accept → the cap; partial → `amount`, more
 * than nothing and less than the cap; refuse → nothing. An amount out of range answers an error key.
 */
export function claimOutcome(
  decision: ClaimDecision,
  cap: number,
  amount?: number | null,
): { status: Exclude<ClaimStatus, "open">; amount: number } | { error: string } {
  if (decision === "accept") return { status: "accepted", amount: cap };
  if (decision === "refuse") return { status: "refused", amount: 0 };
  if (amount === undefined || amount === null || !Number.isSafeInteger(amount) || amount <= 0) return { error: "claims:errors.amountRequired" };
  if (amount > cap) return { error: "claims:errors.amountOverCap" };
  return { status: amount === cap ? "accepted" : "partial", amount };
}
