// The traveler search's query, as the pages and links use it (no zod here: the search pages'
// components import this, and parsing — app/schemas/search.ts — stays on the server).
import type { Amenity, PropertyType, TravelType } from "~/domain/listing";

export const SEARCH_SORTS = ["recommended", "price_asc", "price_desc", "rating", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const MAX_GUESTS_PER_FIELD = 50;

/** The area a map shows: west, south, east, north in degrees. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface SearchQuery {
  /** A city or governorate, as typed. */
  destination: string | null;
  checkIn: string | null;
  checkOut: string | null;
  /** null when the visitor did not say (no guest filter then). */
  adults: number | null;
  children: number;
  infants: number;
  pets: number;
  types: PropertyType[];
  travelTypes: TravelType[];
  amenities: Amenity[];
  /** Per night, in the display currency, as typed ("50", "49.90"). */
  minPrice: string | null;
  maxPrice: string | null;
  bedrooms: number | null;
  instantBook: boolean;
  sort: SearchSort;
  page: number;
  bbox: Bbox | null;
}

export const EMPTY_SEARCH: SearchQuery = {
  destination: null,
  checkIn: null,
  checkOut: null,
  adults: null,
  children: 0,
  infants: 0,
  pets: 0,
  types: [],
  travelTypes: [],
  amenities: [],
  minPrice: null,
  maxPrice: null,
  bedrooms: null,
  instantBook: false,
  sort: "recommended",
  page: 1,
  bbox: null,
};

/** The search's free-text fields, as the visitor typed them (the form shows them back). */
export const TYPED_SEARCH_FIELDS = ["destination", "checkIn", "checkOut", "adults", "children", "infants", "pets", "minPrice", "maxPrice"] as const;
export type TypedSearchValues = Partial<Record<(typeof TYPED_SEARCH_FIELDS)[number], string>>;

/**
 * What was typed in the free-text fields (at most 100 characters each), so a form refused for a
 * bad value (check-out before check-in, "-1" adults, "cheap" as a price) shows it back next to
 * its error instead of an emptied field.
 */
export function typedSearchValues(params: URLSearchParams): TypedSearchValues {
  const typed: TypedSearchValues = {};
  for (const name of TYPED_SEARCH_FIELDS) {
    const value = params.get(name);
    if (value !== null && value.trim() !== "") typed[name] = value.slice(0, 100);
  }
  return typed;
}

/** Field name → translation key of what is wrong with it (search namespace). */
export type SearchErrors = Partial<Record<keyof SearchQuery, string>>;

/**
 * The query string of a search (only what differs from the defaults), in the parameters' order:
 * links to other pages and sorts keep every filter.
 */
export function searchQueryToParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const full = { ...EMPTY_SEARCH, ...query };
  if (full.destination) params.set("destination", full.destination);
  if (full.checkIn) params.set("checkIn", full.checkIn);
  if (full.checkOut) params.set("checkOut", full.checkOut);
  if (full.adults !== null) params.set("adults", String(full.adults));
  if (full.children) params.set("children", String(full.children));
  if (full.infants) params.set("infants", String(full.infants));
  if (full.pets) params.set("pets", String(full.pets));
  for (const type of full.types) params.append("type", type);
  for (const travelType of full.travelTypes) params.append("travelTypes", travelType);
  if (full.minPrice) params.set("minPrice", full.minPrice);
  if (full.maxPrice) params.set("maxPrice", full.maxPrice);
  if (full.bedrooms !== null) params.set("bedrooms", String(full.bedrooms));
  for (const amenity of full.amenities) params.append("amenities", amenity);
  if (full.instantBook) params.set("instantBook", "1");
  if (full.sort !== "recommended") params.set("sort", full.sort);
  if (full.bbox) params.set("bbox", [full.bbox.west, full.bbox.south, full.bbox.east, full.bbox.north].join(","));
  if (full.page > 1) params.set("page", String(full.page));
  return params;
}

/** The stay part of a search (dates and guests), for links from a result to its page. */
export function stayParams(query: SearchQuery): URLSearchParams {
  return searchQueryToParams({
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    pets: query.pets,
  });
}
