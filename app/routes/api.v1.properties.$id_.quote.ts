// GET /api/v1/properties/{id}/quote?checkIn&checkOut&adults&children&infants&pets → the price of
// the stay by the one pricing function: { nights, nightsTotal, discount, cleaningFee, serviceFee,
// total, currency }. Hotels and guesthouses also take roomTypeId or roomId (and rooms). The same
// rules and errors as the property page: 400 with each broken rule ("The minimum stay is N
// nights"), 409 "The selected dates are already booked", 404 for unknown or non-public ids.
import { parseListingId } from "~/domain/search";
import { getPublicListing } from "~/services/listings/property-page.server";
import { quoteListingStay, quoteUnitStay } from "~/services/listings/property-availability.server";
import { apiQuote, stayRefusal } from "~/services/search/search-api.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => {
  const id = parseListingId(params.id);
  if (id === null) throw apiError(404, "property:errors.notFound");
  const search = new URL(request.url).searchParams;
  const stay = {
    checkIn: search.get("checkIn") ?? undefined,
    checkOut: search.get("checkOut") ?? undefined,
    adults: search.get("adults") ?? undefined,
    children: search.get("children") ?? undefined,
    infants: search.get("infants") ?? undefined,
    pets: search.get("pets") ?? undefined,
    rooms: search.get("rooms") ?? undefined,
  };
  const now = new Date();
  const listing = await getPublicListing(id, await apiLanguage(request));
  const outcome =
    listing.kind === "establishment"
      ? await quoteUnitStay(id, { roomTypeId: parseListingId(search.get("roomTypeId")), roomId: parseListingId(search.get("roomId")) }, stay, now)
      : await quoteListingStay(id, stay, now);
  if (!outcome.ok) return stayRefusal(request, outcome.status, outcome.issues);
  return apiQuote(outcome.quote);
});

export const action = methodNotAllowed(["GET", "HEAD"]);
