// The traveler search (issue 5, ADR 060): public listings filtered by place, type, travel types,
// amenities, bedrooms, instant book, map bounds and guests; with dates, only listings free on
// every night (no held night, block or pause; minimum and maximum nights kept), each priced for
// the stay by the one pricing function (app/domain/pricing.ts).
//
// Shape of the query: the listings of a place are read through the (status, visibility, city |
// governorate) indexes, and each night of the stay is checked with NOT EXISTS probes on
// reservation_nights (listing_id, unit_key, night, slot), calendar_days (listing_id, date) and
// listing_pauses (listing_id, start_date). Without a price filter or a price sort, the database
// sorts and pages; with them (and dates), every candidate is priced here, then sorted and paged.
import { QueryTypes } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { convertMillimes, type DisplayCurrency } from "~/domain/money";
import {
  amountToMinorUnits,
  matchDestination,
  millimesAtLeast,
  millimesAtMost,
  nightlyAverage,
  pageCount,
  SEARCH_PAGE_SIZE,
} from "~/domain/search";
import { addDays, dateInTunis, nightsBetween } from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS, DEFAULT_MAX_INFANTS, DEFAULT_MAX_NIGHTS, DEFAULT_MAX_PETS } from "~/domain/stay-rules";
import type { SearchErrors, SearchQuery } from "~/schemas/search";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { findPublicListingSummaries, type ListingSummary } from "~/services/search/listing-cards.server";
import { publicPlaces } from "~/services/search/search-cache.server";
import {
  countedGuests,
  priceStays,
  ID_CHUNK,
  type Guests,
  type PricedRow,
  type Stay,
  type StayPrice,
} from "~/services/search/stay-prices.server";

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

interface Filters {
  destination: { cities: string[]; governorates: string[] } | null;
  types: string[];
  travelTypes: string[];
  amenities: string[];
  bedrooms: number | null;
  instantBook: boolean;
  bbox: SearchQuery["bbox"];
  guests: number | null;
  pets: boolean;
  tooManyInfantsOrPets: boolean;
  stay: Stay | null;
  /** Base nightly price bounds in millimes (searches without dates). */
  basePrice: { min: number | null; max: number | null };
}

interface Clause {
  sql: string;
  replacements: Record<string, unknown>;
}

/**
 * Phase 1, the candidates: conditions on the listing's own columns, read from the
 * listings_search_city / listings_search_governorate indexes (migration 0032) without probing
 * any other table, so listing them in the page's order is cheap even for a popular city.
 */
function candidateClause(filters: Filters): Clause {
  const conditions = ["l.status = 'visible'", "l.visibility = 'visible'", "l.moderation_state = 'approved'"];
  const replacements: Record<string, unknown> = {};
  if (filters.destination) {
    const parts: string[] = [];
    if (filters.destination.cities.length > 0) {
      parts.push("l.city IN (:cities)");
      replacements.cities = filters.destination.cities;
    }
    if (filters.destination.governorates.length > 0) {
      parts.push("l.governorate IN (:governorates)");
      replacements.governorates = filters.destination.governorates;
    }
    conditions.push(parts.length > 0 ? `(${parts.join(" OR ")})` : "1 = 0");
  }
  if (filters.types.length > 0) {
    conditions.push("l.property_type IN (:types)");
    replacements.types = filters.types;
  }
  if (filters.instantBook) conditions.push("l.reservation_method = 'direct'");
  if (filters.basePrice.min !== null) {
    conditions.push("l.base_price >= :minBase");
    replacements.minBase = filters.basePrice.min;
  }
  if (filters.basePrice.max !== null) {
    conditions.push("l.base_price <= :maxBase");
    replacements.maxBase = filters.basePrice.max;
  }
  // Infants and pets do not count as guests but are capped (stay-rules.ts): beyond, nothing fits.
  if (filters.tooManyInfantsOrPets) conditions.push("1 = 0");
  if (filters.guests !== null) {
    // Whole listings by their capacity; establishments by their rooms (phase 2).
    conditions.push("(l.property_type IN ('hotel', 'guesthouse') OR l.max_guests >= :guests)");
    replacements.guests = filters.guests;
  }
  if (filters.stay) {
    conditions.push("l.min_nights <= :nights AND (l.max_nights IS NULL OR l.max_nights >= :nights)");
    replacements.nights = filters.stay.nights;
  }
  return { sql: conditions.join(" AND "), replacements };
}

/**
 * Phase 2, the checks of each candidate: everything else that makes a listing public (not
 * deleted, host not suspended), the filters kept in other tables or columns, and — with dates —
 * every night of the stay: no held night (reservation_nights, by its unique index), no blocked
 * day, no pause; for establishments, a room type with enough free rooms or a free room.
 * The SQL uses `:ids`, the batch being checked (checkCandidates): the held nights of whole
 * listings are read for the batch at once, one range per listing over (listing_id, unit_key,
 * night), rather than probed row by row (MariaDB's EXISTS-to-IN rewrite then reads every night
 * of each listing).
 */
function checkClause(filters: Filters): Clause {
  const mysql = currentDialect() === "mysql";
  const conditions = [publicListingCondition("l")];
  const replacements: Record<string, unknown> = {};
  if (filters.travelTypes.length > 0) {
    conditions.push("EXISTS (SELECT 1 FROM listing_travel_types tt WHERE tt.listing_id = l.id AND tt.travel_type IN (:travelTypes))");
    replacements.travelTypes = filters.travelTypes;
  }
  if (filters.amenities.length > 0) {
    conditions.push(
      "(SELECT COUNT(*) FROM listing_amenities la WHERE la.listing_id = l.id AND la.amenity IN (:amenities)) = :amenityCount",
    );
    replacements.amenities = filters.amenities;
    replacements.amenityCount = filters.amenities.length;
  }
  if (filters.bedrooms !== null && filters.bedrooms > 0) {
    conditions.push("l.bedrooms >= :bedrooms");
    replacements.bedrooms = filters.bedrooms;
  }
  if (filters.bbox) {
    conditions.push("l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east");
    Object.assign(replacements, filters.bbox);
  }
  if (filters.pets) conditions.push("l.pets_allowed = 1");

  // Units of establishments: the room types that take the guests (in as many rooms as they have)
  // and the guesthouse rooms that take them alone.
  const roomTypeKey = mysql ? "CONCAT('room-type:', rt.id)" : "('room-type:' || rt.id)";
  const roomKey = mysql ? "CONCAT('room:', r.id)" : "('room:' || r.id)";
  const needed = mysql ? "((:guests + rt.max_occupancy - 1) DIV rt.max_occupancy)" : "((:guests + rt.max_occupancy - 1) / rt.max_occupancy)";
  const stayRange = "rn.night >= :checkIn AND rn.night < :checkOut";
  const guests = filters.guests;
  if (guests !== null) replacements.guests = guests;

  if (filters.stay) {
    Object.assign(replacements, { checkIn: filters.stay.checkIn, checkOut: filters.stay.checkOut });
    conditions.push(
      "NOT EXISTS (SELECT 1 FROM calendar_days cd WHERE cd.listing_id = l.id AND cd.date >= :checkIn AND cd.date < :checkOut AND cd.blocked = 1)",
    );
    conditions.push(
      "NOT EXISTS (SELECT 1 FROM listing_pauses lp WHERE lp.listing_id = l.id AND lp.start_date < :checkOut AND lp.end_date > :checkIn)",
    );
    const roomTypeFits = guests !== null ? ` AND ${needed} <= rt.quantity` : "";
    const roomFits = guests !== null ? " AND r.max_guests >= :guests" : "";
    const roomsWanted = guests !== null ? needed : "1";
    conditions.push(`(
      (l.property_type NOT IN ('hotel', 'guesthouse')
        AND l.id NOT IN (SELECT rn.listing_id FROM reservation_nights rn
                          WHERE rn.listing_id IN (:ids) AND rn.unit_key = 'listing' AND ${stayRange}))
      OR (l.property_type = 'hotel' AND EXISTS (
        SELECT 1 FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id
         WHERE h.listing_id = l.id${roomTypeFits}
           AND NOT EXISTS (SELECT rn.night FROM reservation_nights rn
                            WHERE rn.listing_id = l.id AND rn.unit_key = ${roomTypeKey} AND ${stayRange}
                            GROUP BY rn.night HAVING COUNT(*) > rt.quantity - ${roomsWanted})))
      OR (l.property_type = 'guesthouse' AND EXISTS (
        SELECT 1 FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id
         WHERE g.listing_id = l.id${roomFits}
           AND NOT EXISTS (SELECT 1 FROM reservation_nights rn WHERE rn.listing_id = l.id AND rn.unit_key = ${roomKey} AND ${stayRange})))
    )`);
  } else if (guests !== null) {
    conditions.push(`(
      l.property_type NOT IN ('hotel', 'guesthouse')
      OR (l.property_type = 'hotel' AND EXISTS (SELECT 1 FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id
                                                 WHERE h.listing_id = l.id AND ${needed} <= rt.quantity))
      OR (l.property_type = 'guesthouse' AND EXISTS (SELECT 1 FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id
                                                      WHERE g.listing_id = l.id AND r.max_guests >= :guests))
    )`);
  }
  return { sql: conditions.join("\n AND "), replacements };
}

// Instant-book stays first ("direct" sorts before "request"), then the newest approved: the order
// of the listings_search_city_ordered index (migration 0033), so a city's candidates need no sort.
const RECOMMENDED = "l.reservation_method ASC, l.approved_at DESC, l.id DESC";
const ORDER_BY: Record<string, string> = {
  recommended: RECOMMENDED,
  // Rated listings first, best rating first, ties by the number of reviews (listings.rating and
  // review_count are written with each review change: app/services/reviews/host-standing.server.ts).
  rating: `l.review_count = 0, l.rating DESC, l.review_count DESC, ${RECOMMENDED}`,
  newest: "l.approved_at DESC, l.id DESC",
  price_asc: "l.base_price ASC, l.id ASC",
  price_desc: "l.base_price DESC, l.id DESC",
};

/** Public listings' order by rating (alias l), for lists that fall back to the best rated. */
export function byRatingOrder(): string {
  return ORDER_BY.rating!;
}

interface CandidateRow extends PricedRow {
  reservation_method: string | null;
  approved_at: string | Date | null;
  rating: number | null;
  review_count: number | null;
}

function approvedTime(value: string | Date | null): number {
  if (value === null) return 0;
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? 0 : time;
}


/** The candidates among `ids` that pass the checks (phase 2), in the order of `ids`. */
async function checkCandidates(ids: number[], check: Clause): Promise<number[]> {
  const passed = new Set((await checkCandidateRows<{ id: number }>(ids, check, "l.id")).map((row) => Number(row.id)));
  return ids.filter((id) => passed.has(id));
}

/** The rows (`columns` of listings l) of the candidates among `ids` that pass the checks. */
async function checkCandidateRows<Row extends { id: number }>(ids: number[], check: Clause, columns: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    rows.push(
      ...(await getSequelize().query<Row>(`SELECT ${columns} FROM listings l WHERE l.id IN (:ids) AND ${check.sql}`, {
        replacements: { ...check.replacements, ids: chunk },
        type: QueryTypes.SELECT,
      })),
    );
  }
  return rows;
}

/**
 * Walks the candidates in the page's order, batch by batch, checking each batch, until `wanted`
 * listings passed or no candidate is left. Returns them and whether candidates were left over.
 */
async function firstMatches(candidates: Clause, check: Clause, order: string, wanted: number): Promise<{ ids: number[]; more: boolean }> {
  const sequelize = getSequelize();
  const found: number[] = [];
  let offset = 0;
  let batch = Math.max(48, Math.ceil(wanted * 1.25));
  for (;;) {
    const rows = await sequelize.query<{ id: number }>(
      `SELECT l.id FROM listings l WHERE ${candidates.sql} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
      { replacements: { ...candidates.replacements, limit: batch, offset }, type: QueryTypes.SELECT },
    );
    const passed = await checkCandidates(
      rows.map((row) => Number(row.id)),
      check,
    );
    for (const id of passed) {
      found.push(id);
      if (found.length >= wanted) return { ids: found, more: true };
    }
    if (rows.length < batch) return { ids: found, more: false };
    offset += batch;
    // The next batch is sized by the share of candidates that passed so far (with a margin), so a
    // page a few listings short checks a few dozen more candidates, not twice as many again;
    // when none passed, it doubles.
    const rate = found.length / offset;
    batch = rate > 0 ? Math.min(batch * 2, Math.max(24, Math.ceil(((wanted - found.length) / rate) * 1.25))) : batch * 2;
  }
}

/** Runs a search. Invalid parts of the query are reported in `errors` and left out. */
export async function searchListings(input: SearchInput): Promise<SearchResult> {
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
  const counted = guestsGiven || stay ? countedGuests(guests) : null;

  const minMinor = query.minPrice ? amountToMinorUnits(query.minPrice, currency) : null;
  const maxMinor = query.maxPrice ? amountToMinorUnits(query.maxPrice, currency) : null;
  const pricePerStay = stay !== null && (minMinor !== null || maxMinor !== null || query.sort.startsWith("price"));

  const filters: Filters = {
    destination: query.destination ? matchDestination(query.destination, await publicPlaces()) : null,
    types: query.types,
    travelTypes: query.travelTypes,
    amenities: query.amenities,
    bedrooms: query.bedrooms,
    instantBook: query.instantBook,
    bbox: query.bbox,
    guests: counted,
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
  const sequelize = getSequelize();
  const requestedPage = Math.max(1, query.page);
  const cap = Math.max(input.countCap ?? SEARCH_COUNT_CAP, pageSize);

  let matches: number[];
  let totalCapped = false;
  const stayPrices = new Map<number, StayPrice>();

  if (pricePerStay) {
    // Every free candidate is priced for the stay, then filtered by its nightly average and
    // sorted by its total: the price of a stay depends on its dates, so no index can order it.
    const all = await sequelize.query<{ id: number }>(`SELECT l.id FROM listings l WHERE ${candidates.sql}`, {
      replacements: candidates.replacements,
      type: QueryTypes.SELECT,
    });
    // The checks read the columns the prices need as they go (no second pass over the ids).
    const rows = await checkCandidateRows<CandidateRow>(
      all.map((row) => Number(row.id)),
      check,
      `l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct,
       l.reservation_method, l.approved_at, l.rating, l.review_count`,
    );
    const prices = await priceStays(rows, stay!, counted ?? 1);
    const inRange = rows.filter((row) => {
      const price = prices.get(Number(row.id));
      if (!price) return false;
      const shown = convertMillimes(nightlyAverage(price.total, price.nights), currency);
      return (minMinor === null || shown >= minMinor) && (maxMinor === null || shown <= maxMinor);
    });
    const totalOf = (row: CandidateRow) => prices.get(Number(row.id))!.total;
    const recommended = (a: CandidateRow, b: CandidateRow) =>
      (a.reservation_method === "direct" ? 0 : 1) - (b.reservation_method === "direct" ? 0 : 1) ||
      approvedTime(b.approved_at) - approvedTime(a.approved_at) ||
      Number(b.id) - Number(a.id);
    const compare: Record<string, (a: CandidateRow, b: CandidateRow) => number> = {
      recommended,
      rating: (a, b) =>
        (Number(a.review_count) > 0 ? 0 : 1) - (Number(b.review_count) > 0 ? 0 : 1) ||
        Number(b.rating ?? 0) - Number(a.rating ?? 0) ||
        Number(b.review_count ?? 0) - Number(a.review_count ?? 0) ||
        recommended(a, b),
      newest: (a, b) => approvedTime(b.approved_at) - approvedTime(a.approved_at) || Number(b.id) - Number(a.id),
      price_asc: (a, b) => totalOf(a) - totalOf(b) || Number(a.id) - Number(b.id),
      price_desc: (a, b) => totalOf(b) - totalOf(a) || Number(b.id) - Number(a.id),
    };
    inRange.sort(compare[query.sort] ?? recommended);
    // Every candidate was priced anyway: the count is exact.
    matches = inRange.map((row) => Number(row.id));
    for (const [id, price] of prices) stayPrices.set(id, price);
  } else {
    // Enough to fill the page asked for and to count up to the cap, and one more to know.
    const counted = Math.max(cap, requestedPage * pageSize);
    const found = await firstMatches(candidates, check, ORDER_BY[query.sort] ?? ORDER_BY.recommended!, counted + 1);
    totalCapped = found.ids.length > counted;
    matches = found.ids.slice(0, counted);
  }

  const total = matches.length;
  // Past the count, one more page is linked: it exists, since more listings were found.
  const pages = pageCount(total, pageSize) + (totalCapped ? 1 : 0);
  const page = Math.min(requestedPage, pages);
  const pageIds = matches.slice((page - 1) * pageSize, page * pageSize);
  // The page's cards and (with dates) their prices are read side by side.
  const pricing = async () => {
    if (!stay || pricePerStay || pageIds.length === 0) return;
    const priced = await sequelize.query<PricedRow>(
      `SELECT l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct
         FROM listings l WHERE l.id IN (:ids)`,
      { replacements: { ids: pageIds }, type: QueryTypes.SELECT },
    );
    for (const [id, price] of await priceStays(priced, stay, counted ?? 1)) stayPrices.set(id, price);
  };
  const [summaries] = await Promise.all([findPublicListingSummaries(pageIds), pricing()]);
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
