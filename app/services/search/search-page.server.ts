// The loader data of the search pages (/accommodation, /travel-type/{sub}, /search-by-map): the
// query string read, the search run in the visitor's display currency, and which results the
// signed-in visitor saved.
import { dateInTunis } from "~/domain/stay-dates";
import { parseSearchParams, typedSearchValues, type SearchQuery, type TypedSearchValues } from "~/schemas/search";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { citiesByListings } from "~/services/search/search-cache.server";
import { searchListings, searchMapMarkers, type MapSearchResult, type SearchResult } from "~/services/search/search.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDisplayCurrency } from "~/utils/currency.server";
import { env } from "~/utils/env.server";

export interface SearchPageData {
  query: SearchQuery;
  /** The free-text fields as typed, shown back by the form (bad values included). */
  typed: TypedSearchValues;
  result: SearchResult;
  /** The map's markers (or clusters) of the visible area, when the page asked for them (`map`). */
  map: MapSearchResult | null;
  /** `kind:id` of the results the visitor saved. */
  favorites: string[];
  destinations: string[];
  today: string;
  currencyCode: string;
}

export interface SearchPageOptions {
  /** Filters the page imposes (the travel type of /travel-type/{sub}). */
  force?: Partial<SearchQuery>;
  pageSize?: number;
  now?: Date;
  /** Also search the map's markers (/search-by-map with its map): every match up to MAP_MARKER_LIMIT, clustered beyond. */
  map?: boolean;
}

export async function loadSearchPage(request: Request, options: SearchPageOptions = {}): Promise<SearchPageData> {
  const now = options.now ?? new Date();
  const url = new URL(request.url);
  const { query: parsed, errors } = parseSearchParams(url.searchParams);
  const query = { ...parsed, ...options.force };
  const [currency, user, destinations] = await Promise.all([getDisplayCurrency(request), getOptionalUser(request), popularDestinations()]);
  const [result, map] = await Promise.all([
    searchListings({ query, currency, now, errors, pageSize: options.pageSize }),
    options.map ? searchMapMarkers({ query, currency, now, errors }) : null,
  ]);
  const saved = await favoriteKeys(user?.id);
  return {
    query,
    typed: typedSearchValues(url.searchParams),
    result,
    map,
    favorites: result.items.map((item) => `${item.kind}:${item.id}`).filter((key) => saved.has(key)),
    destinations,
    today: dateInTunis(now),
    currencyCode: currency.code,
  };
}

/** Cities with public listings, most listings first (the destination field's suggestions). */
export async function popularDestinations(limit = 30): Promise<string[]> {
  return (await citiesByListings(limit)).map((row) => row.city);
}

export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The map tiles of /search-by-map: MAP_TILE_URL and MAP_TILE_ATTRIBUTION, OpenStreetMap by default. */
export function mapTiles(): { url: string; attribution: string } {
  const url = env.mapTileUrl;
  const attribution = env.mapTileAttribution;
  return {
    url: url || DEFAULT_TILE_URL,
    // A custom tile server names its own source; OpenStreetMap's attribution is required otherwise.
    attribution: attribution || (url ? "" : DEFAULT_TILE_ATTRIBUTION),
  };
}
