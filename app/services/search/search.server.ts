// The traveler search (issue 5, ADR 060): public listings filtered by place, type, travel types,
// amenities, bedrooms, instant book, map bounds and guests; with dates, only listings free on
// every night (no held night, block or pause; minimum and maximum nights kept), each priced for
// the stay by the one pricing function (app/domain/pricing.ts).
//
// Shape of the query: the candidates of a place are read in the page's order from covering
// indexes (search-clauses.server.ts, phase 1), then checked in batches night by night (phase 2);
// sorted by the stay's total, they are walked in the order of a price bound and priced exactly
// only as far as the page can reach (price-order.server.ts, ADR 190, 191, 241).
import { QueryTypes } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType } from "~/domain/listing";
import { type DisplayCurrency } from "~/domain/money";
import { amountToMinorUnits, approximatePosition, matchDestination, millimesAtLeast, millimesAtMost, pageCount, SEARCH_PAGE_SIZE } from "~/domain/search";
import { addDays, dateInTunis, nightsBetween } from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS, DEFAULT_MAX_INFANTS, DEFAULT_MAX_NIGHTS, DEFAULT_MAX_PETS } from "~/domain/stay-rules";
import type { SearchErrors } from "~/schemas/search";
import { findPublicListingCards, type ListingSummary } from "~/services/search/listing-cards.server";
import { boundsClause, cheapestOrDearest, priceAndKeep, priceBounds, pricedRows, stayPriceRange } from "~/services/search/price-order.server";
import { publicPlaces } from "~/services/search/search-cache.server";
import { candidateClause, checkClause, placeOrderIndex, walkMatches, withClause, type Clause, type Filters, type WalkColumns } from "~/services/search/search-clauses.server";
import { countedGuests, LISTING_PRICING_COLUMNS, priceStays, stayPricesColumn, type Guests, type PricedRow, type Stay, type StayPrice } from "~/services/search/stay-prices.server";
import type { SearchQuery } from "~/schemas/search";

// ---------------------------------------------------------------------------------------------
// The search

export interface SearchInput {
  query: SearchQuery;
  currency: DisplayCurrency;
  /** The clock: check-in is from today in Tunis. */
  now: Date;
  pageSize?: number;
  /** Errors already found reading the query string (kept, and added to). */
  errors?: SearchErrors;
  /** How many results are counted exactly (default SEARCH_COUNT_CAP). */
  countCap?: number;
}

export interface SearchItem extends ListingSummary {
  /** With dates: the stay's total including every fee (millimes). */
  stay: StayPrice | null;
}

export interface SearchResult {
  items: SearchItem[];
  /** Listings found; when `totalCapped`, the ones counted so far (there are more). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The dates and guests the prices are for, when dates were given and valid. */
  stay: Stay | null;
  guests: Guests;
  errors: SearchErrors;
}

/**
 * Searches count their results exactly up to this many (8 pages of 12); beyond, the page says
 * "96+ stays" and links the next page, whose search looks a page further. The cost of a search
 * follows the page asked for, not the size of the city (ADR 060).
 */
export const SEARCH_COUNT_CAP = 96;


// Instant-book stays first ("direct" sorts before "request"), then the newest approved: the order
// of the listings_search_city_ordered index (migration 0033), so a city's candidates need no sort.
const RECOMMENDED = "l.reservation_method ASC, l.approved_at DESC, l.id DESC";
const ORDER_BY: Record<string, string> = {
  recommended: RECOMMENDED,
  // Rated listings first, best rating first, ties by the number of reviews (listings.rating and
  // review_count are written with each review change: app/services/reviews/host-standing.server.ts).
  // Unrated listings have no rating (NULL), which sorts last descending in both databases: the
  // order of the listings_search_city_rating index (migration 0230), read without a sort.
  rating: `l.rating DESC, l.review_count DESC, ${RECOMMENDED}`,
  newest: "l.approved_at DESC, l.id DESC",
  price_asc: "l.base_price ASC, l.id ASC",
  price_desc: "l.base_price DESC, l.id DESC",
};

/** Public listings' order by rating (alias l), for lists that fall back to the best rated. */
export function byRatingOrder(): string {
  return ORDER_BY.rating!;
}

/**
 * What a search reads of each match: enough to price its stay without reading it again, and the
 * `extra` columns its caller asked for (the map's positions and titles). With dates and
 * `withPrices` — every match is priced: a price range, the map — the host's own prices of the
 * stay's nights too; otherwise only the page's are read, with its cards (ADR 250).
 */
function matchColumns(stay: Stay | null, withPrices: boolean, extra: string): WalkColumns {
  const packed = LISTING_PRICING_COLUMNS;
  if (!stay || !withPrices) return { packed, extra, replacements: {} };
  const prices = stayPricesColumn(stay, currentDialect());
  return { packed: [...packed, ["stay_prices", prices.expression, "text"]], extra, replacements: prices.replacements };
}

/**
 * The first `wanted` listings that are candidates and pass the checks, in the page's order, and
 * whether more are left. Without `accept`, as many matches as wanted (walkMatches: on MariaDB one
 * statement). With `accept` (a price range tested on the exact price), batch after batch of
 * matches until `wanted` are accepted, each batch sized by the share accepted so far.
 */
async function firstMatches(
  candidates: Clause,
  check: Clause,
  columns: WalkColumns,
  sort: { order: string; index: string | null },
  wanted: number,
  accept?: (rows: PricedRow[]) => Promise<PricedRow[]>,
): Promise<{ ids: number[]; more: boolean; rows: Map<number, PricedRow> }> {
  const walk = walkMatches<PricedRow>(candidates, check, columns, sort.order, sort.index);
  const found: PricedRow[] = [];
  const done = (more: boolean) => ({ ids: found.map((row) => Number(row.id)), more, rows: new Map(found.map((row) => [Number(row.id), row])) });
  let read = 0;
  let batch = accept ? Math.max(48, Math.ceil(wanted * 1.25)) : wanted;
  for (;;) {
    const rows = await walk.next(batch);
    read += rows.length;
    for (const row of accept ? await accept(rows) : rows) {
      found.push(row);
      if (found.length >= wanted) return done(true);
    }
    if (rows.length < batch) return done(false);
    // The next batch is sized by the share of matches accepted so far (with a margin), so a page
    // a few listings short prices a few dozen more, not twice as many again; none: it doubles.
    const rate = found.length / read;
    batch = rate > 0 ? Math.min(batch * 2, Math.max(24, Math.ceil(((wanted - found.length) / rate) * 1.25))) : batch * 2;
  }
}

/** Runs a search. Invalid parts of the query are reported in `errors` and left out. */
export function searchListings(input: SearchInput): Promise<SearchResult> {
  return runSearch(input, async (ids, _rows, stay) => {
    const cards = await findPublicListingCards(ids, stay);
    return { cards: cards.map((card) => card.summary), stayPrices: new Map(cards.map((card) => [card.summary.id, card.stayPrices])) };
  });
}

type ResultOf<Card> = Omit<SearchResult, "items"> & { items: Array<Card & { stay: StayPrice | null }> };

/**
 * The page's cards, from the ids (and the rows the walk read of them, with `extraColumns`), and —
 * when it read them (a stay given) — each whole listing's own prices of the stay's nights.
 */
type CardsOf<Card> = (
  ids: number[],
  rows: Map<number, PricedRow> | undefined,
  stay: Stay | null,
) => Promise<{ cards: Card[]; stayPrices?: Map<number, string | null> }>;

async function runSearch<Card extends { id: number }>(input: SearchInput, cards: CardsOf<Card>, extraColumns = ""): Promise<ResultOf<Card>> {
  const { query, currency, now } = input;
  const pageSize = input.pageSize ?? SEARCH_PAGE_SIZE;
  const errors: SearchErrors = { ...input.errors };

  let stay: Stay | null = null;
  if (query.checkIn && query.checkOut) {
    const today = dateInTunis(now);
    if (query.checkIn < today) errors.checkIn = "search:errors.checkInPast";
    else if (query.checkIn > addDays(today, DEFAULT_BOOKING_WINDOW_DAYS)) errors.checkIn = "search:errors.checkInTooFar";
    else if (nightsBetween(query.checkIn, query.checkOut) > DEFAULT_MAX_NIGHTS) errors.checkOut = "search:errors.tooLong";
    else stay = { checkIn: query.checkIn, checkOut: query.checkOut, nights: nightsBetween(query.checkIn, query.checkOut) };
  }
  const guests: Guests = { adults: query.adults ?? 1, children: query.children, infants: query.infants, pets: query.pets };
  const guestsGiven = query.adults !== null || query.children > 0;
  const counts = guestsGiven || stay ? countedGuests(guests) : null;

  const minMinor = query.minPrice ? amountToMinorUnits(query.minPrice, currency) : null;
  const maxMinor = query.maxPrice ? amountToMinorUnits(query.maxPrice, currency) : null;

  const filters: Filters = {
    destination: query.destination ? matchDestination(query.destination, await publicPlaces()) : null,
    types: query.types,
    travelTypes: query.travelTypes,
    amenities: query.amenities,
    bedrooms: query.bedrooms,
    instantBook: query.instantBook,
    bbox: query.bbox,
    guests: counts,
    pets: query.pets > 0,
    tooManyInfantsOrPets: query.infants > DEFAULT_MAX_INFANTS || query.pets > DEFAULT_MAX_PETS,
    stay,
    basePrice: {
      min: !stay && minMinor !== null ? millimesAtLeast(minMinor, currency) : null,
      max: !stay && maxMinor !== null ? millimesAtMost(maxMinor, currency) : null,
    },
  };
  const candidates = candidateClause(filters);
  const check = checkClause(filters);
  const sortName = query.sort in ORDER_BY ? query.sort : "recommended";
  const sort = { order: ORDER_BY[sortName]!, index: placeOrderIndex(filters, sortName) };
  const requestedPage = Math.max(1, query.page);
  const cap = Math.max(input.countCap ?? SEARCH_COUNT_CAP, pageSize);
  // Enough to fill the page asked for and to count up to the cap, and one more to know.
  const counted = Math.max(cap, requestedPage * pageSize);
  const stayPrices = new Map<number, StayPrice>();
  const guestCount = counts ?? 1;

  let found: { ids: number[]; more: boolean; rows?: Map<number, PricedRow> };
  if (stay) {
    const range = stayPriceRange(stay, currency, minMinor, maxMinor);
    const bounds = priceBounds(stay);
    const pruned = withClause(candidates, boundsClause(bounds, range));
    if (query.sort === "price_asc" || query.sort === "price_desc") {
      found = await cheapestOrDearest(pruned, check, bounds, stay, guestCount, query.sort === "price_asc" ? "asc" : "desc", counted + 1, (rows) =>
        priceAndKeep(rows, stay, guestCount, range, stayPrices),
      );
    } else {
      const accept = range.active
        ? async (rows: PricedRow[]) => {
            const kept = new Set((await priceAndKeep(rows, stay, guestCount, range, stayPrices)).map((row) => row.id));
            return rows.filter((row) => kept.has(Number(row.id)));
          }
        : undefined;
      const columns = matchColumns(stay, range.active || pageSize >= counted, extraColumns);
      found = await firstMatches(range.active ? pruned : candidates, check, columns, sort, counted + 1, accept);
    }
  } else {
    found = await firstMatches(candidates, check, matchColumns(null, false, extraColumns), sort, counted + 1);
  }
  const totalCapped = found.ids.length > counted;
  const matches = found.ids.slice(0, counted);

  const total = matches.length;
  // Past the count, one more page is linked: it exists, since more listings were found.
  const pages = pageCount(total, pageSize) + (totalCapped ? 1 : 0);
  const page = Math.min(requestedPage, pages);
  const pageIds = matches.slice((page - 1) * pageSize, page * pageSize);
  // The page's cards, with (given a stay) their listings' own prices of its nights (one
  // statement: ADR 250), beside the units of its hotels and guesthouses; the page's whole
  // listings are then priced from what the cards brought.
  const missing = stay ? pageIds.filter((id) => !stayPrices.has(id)) : [];
  // The matches' pricing columns were read with them (firstMatches); price sorts priced the page.
  const known = missing.map((id) => found.rows?.get(id));
  const rowsRead = known.every((row) => row !== undefined) ? known : null;
  const price = async (rows: PricedRow[]) => {
    if (!stay || rows.length === 0) return;
    for (const [id, stayPrice] of await priceStays(rows, stay, guestCount)) stayPrices.set(id, stayPrice);
  };
  const establishments = (rowsRead ?? []).filter((row) => isEstablishmentType(row.property_type));
  const [page_] = await Promise.all([cards(pageIds, found.rows, stay), price(establishments)]);
  const summaries = page_.cards;
  if (stay && missing.length > 0) {
    const homes = rowsRead
      ? rowsRead
          .filter((row) => !isEstablishmentType(row.property_type))
          .map((row) => (row.stay_prices === undefined && page_.stayPrices?.has(Number(row.id)) ? { ...row, stay_prices: page_.stayPrices.get(Number(row.id))! } : row))
      : await pricedRows(missing);
    await price(homes);
  }
  return {
    items: summaries.map((summary) => ({ ...summary, stay: stayPrices.get(summary.id) ?? null })),
    total,
    totalCapped,
    page,
    pageCount: pages,
    pageSize,
    stay,
    guests,
    errors,
  };
}

// ---------------------------------------------------------------------------------------------
// The map (/search-by-map): markers of the visible area

/** At most this many markers; beyond, the map shows clusters (MAP_GRID × MAP_GRID cells). */
export const MAP_MARKER_LIMIT = 200;
const MAP_GRID = 8;

export interface MapMarker {
  id: number;
  kind: ListingSummary["kind"];
  title: string;
  lat: number;
  lng: number;
  /** With dates: the stay's total; without, the base nightly price ("From" for establishments). */
  total: number | null;
  basePrice: number | null;
}

export interface MapCluster {
  lat: number;
  lng: number;
  /** Listings of this cell among the first MAP_MARKER_LIMIT found (`more`: the area has others). */
  count: number;
}

export interface MapSearchResult {
  markers: MapMarker[];
  clusters: MapCluster[];
  /** More listings match in the area than MAP_MARKER_LIMIT: the map clusters and says "200+". */
  more: boolean;
  errors: SearchErrors;
}

/**
 * The markers of a map search (the query's bbox, its filters, dates and guests): the first
 * MAP_MARKER_LIMIT listings found in the query's order, each checked night by night like the
 * list's (never a held, blocked or paused night, never a non-public listing), at their
 * approximate positions. When the area holds more, those are grouped into clusters of a grid
 * over the area instead of drawn one by one.
 */
export async function searchMapMarkers(input: Omit<SearchInput, "pageSize" | "countCap"> & { markerLimit?: number }): Promise<MapSearchResult> {
  const limit = input.markerLimit ?? MAP_MARKER_LIMIT;
  type PositionRow = { id: number; property_type: string; title: string | null; latitude: number; longitude: number; base_price: number | null };
  // The markers' titles and positions come with the matches (ADR 250): no statement of their own
  // when the walk read them; price sorts read the markers' rows here.
  const positions: CardsOf<MapMarker> = async (ids, walked) => {
    if (ids.length === 0) return { cards: [] };
    const read = ids.map((id) => walked?.get(id) as (PricedRow & Partial<PositionRow>) | undefined);
    const rows = read.every((row) => row?.title !== undefined)
      ? (read as unknown as PositionRow[])
      : await getSequelize().query<PositionRow>(
          `SELECT l.id, l.property_type, l.title, l.latitude, l.longitude, l.base_price FROM listings l WHERE l.id IN (:ids)`,
          { replacements: { ids }, type: QueryTypes.SELECT },
        );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const cards = ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const position = approximatePosition(Number(row.latitude), Number(row.longitude), id);
      const kind: ListingSummary["kind"] = row.property_type === "hotel" || row.property_type === "guesthouse" ? "establishment" : "property";
      return [{ id, kind, title: row.title ?? "", lat: position.lat, lng: position.lng, total: null, basePrice: row.base_price === null ? null : Number(row.base_price) }];
    });
    return { cards };
  };
  const result = await runSearch(
    { ...input, query: { ...input.query, page: 1 }, pageSize: limit, countCap: limit },
    positions,
    ", l.title, l.latitude, l.longitude",
  );
  const markers: MapMarker[] = result.items.map((item) => ({
    id: item.id,
    kind: item.kind,
    title: item.title,
    lat: item.lat,
    lng: item.lng,
    total: item.stay?.total ?? null,
    basePrice: item.basePrice,
  }));
  if (!result.totalCapped) return { markers, clusters: [], more: false, errors: result.errors };
  const box = input.query.bbox ?? {
    south: Math.min(...markers.map((m) => m.lat)),
    north: Math.max(...markers.map((m) => m.lat)),
    west: Math.min(...markers.map((m) => m.lng)),
    east: Math.max(...markers.map((m) => m.lng)),
  };
  const cells = new Map<string, { lat: number; lng: number; count: number }>();
  const cellOf = (value: number, low: number, high: number) => Math.max(0, Math.min(MAP_GRID - 1, Math.floor(((value - low) / (high - low || 1)) * MAP_GRID)));
  for (const marker of markers) {
    const key = `${cellOf(marker.lat, box.south, box.north)}:${cellOf(marker.lng, box.west, box.east)}`;
    const cell = cells.get(key) ?? { lat: 0, lng: 0, count: 0 };
    cell.lat += marker.lat;
    cell.lng += marker.lng;
    cell.count += 1;
    cells.set(key, cell);
  }
  const clusters = [...cells.values()].map((cell) => ({
    lat: Math.round((cell.lat / cell.count) * 10_000) / 10_000,
    lng: Math.round((cell.lng / cell.count) * 10_000) / 10_000,
    count: cell.count,
  }));
  return { markers: [], clusters, more: true, errors: result.errors };
}
