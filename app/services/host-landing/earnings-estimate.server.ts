// The host landing's earnings estimate: the nightly prices of the catalogue's public listings
// that resemble the host's home, widened step by step until enough of them say something
// (app/domain/earnings.ts turns the prices into the range).
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { earningsRange, ESTIMATE_BASES, type EarningsEstimate, type EstimateBasis } from "~/domain/earnings";
import type { HostEstimateQuestion } from "~/schemas/host-estimate";
import { publicListingCondition } from "~/services/listings/public-listings.server";

const FILTERS: Record<EstimateBasis, { city: boolean; bedrooms: boolean }> = {
  cityTypeBedrooms: { city: true, bedrooms: true },
  cityType: { city: true, bedrooms: false },
  typeBedrooms: { city: false, bedrooms: true },
  type: { city: false, bedrooms: false },
};

async function comparablePrices(question: HostEstimateQuestion, basis: EstimateBasis): Promise<number[]> {
  const { city, bedrooms } = FILTERS[basis];
  const rows = await getSequelize().query<{ base_price: number }>(
    `SELECT l.base_price FROM listings l
      WHERE ${publicListingCondition("l")} AND l.base_price IS NOT NULL AND l.property_type = :type
        ${city ? "AND LOWER(l.city) = LOWER(:city)" : ""} ${bedrooms ? "AND l.bedrooms = :bedrooms" : ""}`,
    { replacements: { type: question.type, city: question.city, bedrooms: question.bedrooms }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => Number(row.base_price));
}

/** The range from the narrowest basis with enough public listings (MIN_COMPARABLES), if any. */
export async function estimateEarnings(question: HostEstimateQuestion): Promise<EarningsEstimate> {
  for (const basis of ESTIMATE_BASES) {
    const range = earningsRange(await comparablePrices(question, basis));
    if (range) return { basis, range };
  }
  return { basis: null, range: null };
}
