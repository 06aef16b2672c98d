// The host landing's earnings estimate (issue 16): from the nightly prices of comparable public
// listings, the middle half of the market (first to third quartile) and what the host keeps of it
// after Darna's commission. Pure: the service fetches the prices, this decides the range.
import { HOST_COMMISSION_PERCENT, percentOf } from "~/domain/pricing";

/** Fewer comparable listings than this say too little: the estimate widens its basis instead. */
export const MIN_COMPARABLES = 3;

export interface EarningsRange {
  /** Nightly prices in millimes: the first and third quartile of the comparables. */
  nightlyLow: number;
  nightlyHigh: number;
  /** What the host receives per night at those prices, after the commission. */
  payoutLow: number;
  payoutHigh: number;
  comparables: number;
}

/** Which public listings the range comes from, narrowest first (the service widens until enough). */
export const ESTIMATE_BASES = ["cityTypeBedrooms", "cityType", "typeBedrooms", "type"] as const;
export type EstimateBasis = (typeof ESTIMATE_BASES)[number];

export type EarningsEstimate = { basis: EstimateBasis; range: EarningsRange } | { basis: null; range: null };

/** The value at quantile q (0..1) of ascending prices, by nearest rank (always a real price). */
function nearestRank(sorted: number[], q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

/** The range of `prices` (millimes, any order), or null when they are too few to say anything. */
export function earningsRange(prices: number[], commissionPercent = HOST_COMMISSION_PERCENT): EarningsRange | null {
  if (prices.length < MIN_COMPARABLES) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const nightlyLow = nearestRank(sorted, 0.25);
  const nightlyHigh = nearestRank(sorted, 0.75);
  return {
    nightlyLow,
    nightlyHigh,
    payoutLow: nightlyLow - percentOf(nightlyLow, commissionPercent),
    payoutHigh: nightlyHigh - percentOf(nightlyHigh, commissionPercent),
    comparables: sorted.length,
  };
}
