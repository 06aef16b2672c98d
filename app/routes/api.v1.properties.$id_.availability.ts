// GET /api/v1/properties/{id}/availability?from&to: the status of every night of [from, to)
// (default: the next 90 days; at most 366 nights) — free, booked, held, blocked, paused, past or
// beyond the booking window — with whole listings' nightly prices in millimes.
import { parseListingId } from "~/domain/search";
import { addDays, dateInTunis, nightsBetween } from "~/domain/stay-dates";
import { AvailabilityQuerySchema, type PropertyAvailability } from "~/schemas/discovery-api";
import { listingNights } from "~/services/listings/property-availability.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

const MAX_NIGHTS = 366;

export const loader = apiRoute(async ({ request, params }): Promise<PropertyAvailability> => {
  const id = parseListingId(params.id);
  if (id === null) throw apiError(404, "property:errors.notFound");
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const fields: Record<string, string> = {};
  const read = (name: "from" | "to") => {
    const raw = search.get(name);
    if (raw === null || raw === "") return null;
    const parsed = AvailabilityQuerySchema.shape[name].safeParse(raw);
    if (!parsed.success) fields[name] = "search:errors.date";
    return parsed.success ? parsed.data : null;
  };
  const from = read("from") ?? dateInTunis(now);
  const to = read("to") ?? addDays(from, 90);
  if (!fields.from && !fields.to) {
    if (to <= from) fields.to = "search:errors.checkOutAfterCheckIn";
    else if (nightsBetween(from, to) > MAX_NIGHTS) fields.to = "search:errors.tooLong";
  }
  if (Object.keys(fields).length > 0) throw apiError(400, "api:errors.invalid_input", { fields });
  const nights = await listingNights(id, from, to, now);
  return {
    id,
    from,
    to,
    nights: nights.map((night) => ({ date: night.date, status: night.status, available: night.status === "free", price: night.price })),
    currency: "TND",
  };
});

export const action = methodNotAllowed(["GET", "HEAD"]);
