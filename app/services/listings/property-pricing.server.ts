// How a listing's stored prices become the terms of the one pricing function
// (app/domain/pricing.ts quoteStay): pages, search totals, the API and booking all go through
// here, so a stay never costs two different amounts.
import type { PricingTerms } from "~/domain/pricing";
import { env } from "~/utils/env.server";

/**
 * The traveler service fee, whole percent: `SERVICE_FEE_PERCENT` (PRODUCT.md "a configured
 * percentage, default 5%"). A value that is not a whole percent 0–100 stops the start (app/utils/env.server.ts).
 */
export function serviceFeePercent(): number {
  return env.serviceFeePercent;
}

/** The stored prices of a whole listing (not a room of an establishment). */
export interface ListingPrices {
  basePrice: number | null;
  cleaningFee: number;
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
}

/** The terms of a whole-listing stay, with the host's per-date prices of its nights. */
export function listingPricingTerms(listing: ListingPrices, pricesByDate?: ReadonlyMap<string, number>): PricingTerms {
  return {
    nightlyPrice: listing.basePrice ?? 0,
    pricesByDate,
    cleaningFee: listing.cleaningFee,
    weeklyDiscountPercent: listing.weeklyDiscountPct,
    monthlyDiscountPercent: listing.monthlyDiscountPct,
    serviceFeePercent: serviceFeePercent(),
  };
}

/** The terms of `rooms` rooms of a hotel room type or one guesthouse room. */
export function roomPricingTerms(room: {
  price: number;
  cleaningFee: number;
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
  rooms: number;
}): PricingTerms {
  return {
    nightlyPrice: room.price,
    cleaningFee: room.cleaningFee,
    weeklyDiscountPercent: room.weeklyDiscountPct,
    monthlyDiscountPercent: room.monthlyDiscountPct,
    serviceFeePercent: serviceFeePercent(),
    rooms: room.rooms,
  };
}
