// GET /api/v1/properties: the search of /accommodation for programs. The same query parameters
// (destination, checkIn, checkOut, adults, children, infants, pets, type, travelTypes, minPrice,
// maxPrice, bedrooms, amenities, instantBook, sort, page, bbox), plus `currency` for the unit of
// minPrice/maxPrice (default TND). → { items, total, page, pageSize, pageCount, currency }.
import type { PropertySearchResult } from "~/schemas/discovery-api";
import { parseSearchParams } from "~/schemas/search";
import { apiListItem } from "~/services/search/search-api.server";
import { searchListings } from "~/services/search/search.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { findCurrency, TND } from "~/utils/currency.server";

export const loader = apiRoute(async ({ request }): Promise<PropertySearchResult> => {
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseSearchParams(params);
  const code = params.get("currency");
  const currency = code ? await findCurrency(code) : TND;
  if (!currency) throw apiError(400, "api:errors.invalid_input", { fields: { currency: "api:fields.invalid" } });
  const result = await searchListings({ query, currency, now: new Date(), errors });
  if (Object.keys(result.errors).length > 0) {
    throw apiError(400, "api:errors.invalid_input", { fields: result.errors as Record<string, string> });
  }
  return {
    items: result.items.map(apiListItem),
    total: result.total,
    totalCapped: result.totalCapped,
    page: result.page,
    pageSize: result.pageSize,
    pageCount: result.pageCount,
    currency: "TND",
  };
});

export const action = methodNotAllowed(["GET", "HEAD"]);
