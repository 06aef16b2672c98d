import { z } from "~/schemas/zod";
import { AMENITIES, PROPERTY_TYPES, TRAVEL_TYPES } from "~/domain/listing";
import { EMPTY_SEARCH, MAX_GUESTS_PER_FIELD, SEARCH_SORTS, type Bbox, type SearchErrors, type SearchQuery } from "~/schemas/search-query";

// The traveler search's query string (/accommodation, /travel-type, /search-by-map and
// GET /api/v1/properties). One GET form: the URL holds every filter, so a search can be shared.
// A bad value never breaks the page: it is dropped and reported next to its field.
export * from "~/schemas/search-query";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const AMOUNT = /^\d{1,9}(?:[.,]\d{1,3})?$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A real calendar date, YYYY-MM-DD (the API document says so with `format: date`). */
const dateField = z.string().refine(isCalendarDate, "search:errors.date").meta({ format: "date", pattern: DATE.source });
const countField = (min: number) =>
  z.coerce.number("search:errors.guests").int("search:errors.guests").min(min, "search:errors.guests").max(MAX_GUESTS_PER_FIELD, "search:errors.guests");

/** The fields one by one (used by parseSearchParams; exported for the API document and tests). */
export const SearchFieldSchemas = {
  destination: z.string().trim().max(100, "search:errors.destination"),
  checkIn: dateField,
  checkOut: dateField,
  adults: countField(1),
  children: countField(0),
  infants: countField(0),
  pets: countField(0),
  minPrice: z.string().trim().regex(AMOUNT, "search:errors.price"),
  maxPrice: z.string().trim().regex(AMOUNT, "search:errors.price"),
  bedrooms: z.coerce.number("search:errors.bedrooms").int("search:errors.bedrooms").min(0, "search:errors.bedrooms").max(50, "search:errors.bedrooms"),
  sort: z.enum(SEARCH_SORTS, "search:errors.sort"),
  page: z.coerce.number("search:errors.page").int("search:errors.page").min(1, "search:errors.page").max(10_000, "search:errors.page"),
} as const;

/** Values of a multi-valued parameter: repeated (`type=a&type=b`) or comma-separated (`a,b`). */
function listOf(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

function pickKnown<T extends string>(values: string[], known: readonly T[]): { ok: T[]; bad: boolean } {
  const ok = [...new Set(values.filter((value): value is T => (known as readonly string[]).includes(value)))];
  return { ok, bad: ok.length !== new Set(values).size };
}

function parseBbox(value: string | null): Bbox | null | "invalid" {
  if (value === null || value.trim() === "") return null;
  const parts = value.split(",").map((part) => Number(part));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return "invalid";
  const [west, south, east, north] = parts as [number, number, number, number];
  if (south > north || south < -90 || north > 90 || west < -180 || east > 180 || west > east) return "invalid";
  return { west, south, east, north };
}

const TRUE = new Set(["1", "true", "on", "yes"]);

/**
 * Reads the search's query string. Every valid field is kept; an invalid one falls back to its
 * default and its error key is reported, so the page still shows results for the rest.
 */
export function parseSearchParams(params: URLSearchParams): { query: SearchQuery; errors: SearchErrors } {
  const query: SearchQuery = { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [] };
  const errors: SearchErrors = {};

  for (const name of Object.keys(SearchFieldSchemas) as Array<keyof typeof SearchFieldSchemas>) {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") continue;
    const parsed = SearchFieldSchemas[name].safeParse(raw);
    if (parsed.success) (query as unknown as Record<string, unknown>)[name] = parsed.data === "" ? null : parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? "search:errors.invalid";
  }

  const types = pickKnown(listOf(params, "type"), PROPERTY_TYPES);
  query.types = types.ok;
  if (types.bad) errors.types = "search:errors.type";
  const travelTypes = pickKnown(listOf(params, "travelTypes"), TRAVEL_TYPES);
  query.travelTypes = travelTypes.ok;
  if (travelTypes.bad) errors.travelTypes = "search:errors.travelType";
  const amenities = pickKnown(listOf(params, "amenities"), AMENITIES);
  query.amenities = amenities.ok;
  if (amenities.bad) errors.amenities = "search:errors.amenity";

  query.instantBook = TRUE.has((params.get("instantBook") ?? "").toLowerCase());

  const bbox = parseBbox(params.get("bbox"));
  if (bbox === "invalid") errors.bbox = "search:errors.bbox";
  else query.bbox = bbox;

  // Dates go together, check-out after check-in.
  if ((query.checkIn === null) !== (query.checkOut === null) && !errors.checkIn && !errors.checkOut) {
    errors[query.checkIn === null ? "checkIn" : "checkOut"] = "search:errors.bothDates";
  }
  if (query.checkIn !== null && query.checkOut !== null && query.checkOut <= query.checkIn) {
    errors.checkOut = "search:errors.checkOutAfterCheckIn";
  }
  if (errors.checkIn || errors.checkOut) {
    query.checkIn = null;
    query.checkOut = null;
  }
  if (query.minPrice !== null && query.maxPrice !== null && priceNumber(query.maxPrice) < priceNumber(query.minPrice)) {
    errors.maxPrice = "search:errors.priceRange";
    query.maxPrice = null;
  }
  return { query, errors };
}

function priceNumber(amount: string): number {
  return Number(amount.replace(",", "."));
}
