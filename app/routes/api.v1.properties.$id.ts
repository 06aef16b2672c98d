// GET /api/v1/properties/{id}: every public field of a public listing (never the street address
// or the host's contact details). Unknown or non-public ids: 404.
import { parseListingId } from "~/domain/search";
import { getPublicListing } from "~/services/listings/property-page.server";
import { apiProperty } from "~/services/search/search-api.server";
import { establishmentUnits } from "~/services/search/stay-prices.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => {
  const id = parseListingId(params.id);
  if (id === null) throw apiError(404, "property:errors.notFound");
  const listing = await getPublicListing(id, await apiLanguage(request));
  const units = listing.kind === "establishment" ? ((await establishmentUnits([id], null, null)).get(id) ?? []) : [];
  return apiProperty(listing, units);
});

export const action = methodNotAllowed(["GET", "HEAD"]);
