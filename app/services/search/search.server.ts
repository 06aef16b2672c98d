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
  approximatePosition,
  matchDestination,
  millimesAtLeast,
  millimesAtMost,
  nightlyAverage,
  pageCount,
  SEARCH_PAGE_SIZE,
} from "~/domain/search";
import { MONTHLY_DISCOUNT_MIN_NIGHTS, WEEKLY_DISCOUNT_MIN_NIGHTS } from "~/domain/pricing";
import { addDays, dateInTunis, nightsBetween, nightsOf } from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS, DEFAULT_MAX_INFANTS, DEFAULT_MAX_NIGHTS, DEFAULT_MAX_PETS } from "~/domain/stay-rules";
import type { SearchErrors, SearchQuery } from "~/schemas/search";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { serviceFeePercent } from "~/services/listings/property-pricing.server";
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
  // The map's visible area and the bedrooms: in every candidate index too (migration 0231).
  if (filters.bedrooms !== null && filters.bedrooms > 0) {
    conditions.push("l.bedrooms >= :bedrooms");
    replacements.bedrooms = filters.bedrooms;
  }
  if (filters.bbox) {
    conditions.push("l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east");
    Object.assign(replacements, filters.bbox);
  }
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
  if (filters.pets) conditions.push("l.pets_allowed = 1");

  // Units of establishments: the room types that take the guests (in as many rooms as they have)
  // and the guesthouse rooms that take them alone.
  const roomTypeKey = mysql ? "CONCAT('room-type:', rt.id)" : "('room-type:' || rt.id)";
  const roomKey = mysql ? "CONCAT('room:', r.id)" : "('room:' || r.id)";
  const needed = mysql ? "((:guests + rt.max_occupancy - 1) DIV rt.max_occupancy)" : "((:guests + rt.max_occupancy - 1) / rt.max_occupancy)";
  const stayRange = "rn.night >= :checkIn AND rn.night < :checkOut";
  let nightsTable = "";
  const guests = filters.guests;
  if (guests !== null) replacements.guests = guests;

  if (filters.stay) {
    Object.assign(replacements, { checkIn: filters.stay.checkIn, checkOut: filters.stay.checkOut });
    // A hotel's room type is full on a night when its held rooms leave fewer than needed; a
    // guesthouse room on a night it is held. Their held nights are read night by night — (listing, unit, night) = (l.id, the room type's key, each
    // night of the stay) — not by a night range after the computed unit key, which MariaDB reads
    // as every night of the room type's year (ADR 191).
    const stayNights = nightsOf(filters.stay.checkIn, filters.stay.checkOut);
    stayNights.forEach((night, index) => (replacements[`stayNight${index}`] = night));
    nightsTable = `(${stayNights.map((_, index) => `SELECT ${mysql ? `CAST(:stayNight${index} AS DATE)` : `:stayNight${index}`} AS night`).join(" UNION ALL ")})`;
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
           AND NOT EXISTS (SELECT sn.night FROM ${nightsTable} sn
                             JOIN reservation_nights rn ON rn.listing_id = l.id AND rn.unit_key = ${roomTypeKey} AND rn.night = sn.night
                            GROUP BY sn.night HAVING COUNT(*) > rt.quantity - ${roomsWanted})))
      OR (l.property_type = 'guesthouse' AND EXISTS (
        SELECT 1 FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id
         WHERE g.listing_id = l.id${roomFits}
           AND NOT EXISTS (SELECT 1 FROM ${nightsTable} sn
                             JOIN reservation_nights rn ON rn.listing_id = l.id AND rn.unit_key = ${roomKey} AND rn.night = sn.night)))
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

// ---------------------------------------------------------------------------------------------
// Prices with dates (issue 19, ADR 190)
//
// Every listing carries price_floor and price_ceiling (migration 0230, kept by triggers in the
// transaction of each price change): no night of it costs less, or more. From them, the database
// computes for the stay a lower and an upper key (hundredths of a millime, before the service
// fee): floor (ceiling) × nights × (100 − the length-of-stay discount) + cleaning × 100. The
// exact total of a stay is never below lowerTotal(lowKey) nor above upperTotal(highKey) — the
// pricing rounds each percentage half-up, hence the half millimes. So a price sort walks the
// candidates by key and prices exactly (calendar read, quoteStay) only until no further
// candidate can reach the page, and a price range drops in SQL those that cannot be in it.

interface PriceBounds {
  lowKey: string;
  highKey: string;
  /**
   * The key of the stay itself for whole listings (its nights' prices summed in SQL from the
   * calendar: one indexed probe per listing); establishments keep their bound key. Only a filter
   * of candidates already bounded by the key (cheapestOrDearest's second read), never an order.
   */
  stayKey: (direction: "asc" | "desc") => string;
  replacements: Record<string, unknown>;
  lowerTotal: (key: number) => number;
  upperTotal: (key: number) => number;
}

/** A ceiling for listings without one (hotels): they rank as the dearest possible. */
const NO_CEILING = 100_000_000_000;

function priceBounds(stay: Stay): PriceBounds {
  const fee = serviceFeePercent();
  // Hotel room types take the hotel's discounts: for the lower key, any discount at all; for the
  // upper one, none. Guesthouse rooms take the listing's, as whole listings.
  const discount = (establishment: number) => `CASE WHEN l.property_type = 'hotel' THEN ${establishment}
    WHEN :boundNights >= ${MONTHLY_DISCOUNT_MIN_NIGHTS} AND l.monthly_discount_pct > 0 THEN l.monthly_discount_pct
    WHEN :boundNights >= ${WEEKLY_DISCOUNT_MIN_NIGHTS} THEN l.weekly_discount_pct ELSE 0 END`;
  const lowKey = `(COALESCE(l.price_floor, 0) * :boundNights * (100 - ${discount(stay.nights >= WEEKLY_DISCOUNT_MIN_NIGHTS ? 100 : 0)}) + l.cleaning_fee * 100)`;
  const highKey = `(COALESCE(l.price_ceiling, ${NO_CEILING}) * :boundNights * (100 - ${discount(0)}) + l.cleaning_fee * 100)`;
  return {
    lowKey,
    highKey,
    stayKey: (direction) => {
      const nights = `(COALESCE(l.base_price, 0) * :boundNights + COALESCE((SELECT SUM(cd.price - COALESCE(l.base_price, 0)) FROM calendar_days cd
          WHERE cd.listing_id = l.id AND cd.date >= :boundCheckIn AND cd.date < :boundCheckOut AND cd.price IS NOT NULL), 0))`;
      const bound = direction === "asc" ? lowKey : highKey;
      return `(CASE WHEN l.property_type IN ('hotel', 'guesthouse') THEN ${bound} ELSE ${nights} * (100 - ${discount(0)}) + l.cleaning_fee * 100 END)`;
    },
    replacements: { boundNights: stay.nights, boundCheckIn: stay.checkIn, boundCheckOut: stay.checkOut },
    lowerTotal: (key) => (key / 100 - 0.5) * (1 + fee / 100) - 0.5,
    upperTotal: (key) => (key / 100 + 0.5) * (1 + fee / 100) + 0.5,
  };
}

interface StayPriceRange {
  active: boolean;
  /** Bounds of the total in millimes a stay must be within to show in the range (a little wide). */
  minTotal: number | null;
  maxTotal: number | null;
  accepts: (price: StayPrice) => boolean;
}

/** The price range typed (per night, display currency) as the test of a priced stay. */
function stayPriceRange(stay: Stay, currency: DisplayCurrency, minMinor: bigint | null, maxMinor: bigint | null): StayPriceRange {
  // The nightly average (rounded half-up) shows in range iff it is within these millimes.
  const minAverage = minMinor !== null ? millimesAtLeast(minMinor, currency) : null;
  const maxAverage = maxMinor !== null ? millimesAtMost(maxMinor, currency) : null;
  return {
    active: minMinor !== null || maxMinor !== null,
    minTotal: minAverage !== null ? (minAverage - 1) * stay.nights : null,
    maxTotal: maxAverage !== null ? (maxAverage + 1) * stay.nights : null,
    accepts: (price) => {
      const shown = convertMillimes(nightlyAverage(price.total, price.nights), currency);
      return (minMinor === null || shown >= minMinor) && (maxMinor === null || shown <= maxMinor);
    },
  };
}

/** SQL that drops the candidates whose every possible total is outside the range. */
function boundsClause(bounds: PriceBounds, range: StayPriceRange): Clause {
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = { ...bounds.replacements };
  const fee = 1 + serviceFeePercent() / 100;
  if (range.maxTotal !== null) {
    // lowerTotal(lowKey) ≤ maxTotal, solved for the key, with a margin against float rounding.
    conditions.push(`${bounds.lowKey} <= :maxLowKey`);
    replacements.maxLowKey = Math.ceil(100 * ((range.maxTotal + 0.5) / fee + 0.5)) + 1000;
  }
  if (range.minTotal !== null) {
    conditions.push(`${bounds.highKey} >= :minHighKey`);
    replacements.minHighKey = Math.max(0, Math.floor(100 * ((range.minTotal - 0.5) / fee - 0.5)) - 1000);
  }
  return { sql: conditions.join(" AND ") || "1 = 1", replacements };
}

function withClause(a: Clause, b: Clause): Clause {
  return { sql: `${a.sql} AND ${b.sql}`, replacements: { ...a.replacements, ...b.replacements } };
}

interface PricedMatch {
  id: number;
  total: number;
}

/** The pricing columns of `ids`. */
async function pricedRows(ids: number[]): Promise<PricedRow[]> {
  const rows: PricedRow[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    rows.push(
      ...(await getSequelize().query<PricedRow>(
        `SELECT l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct
           FROM listings l WHERE l.id IN (:ids)`,
        { replacements: { ids: ids.slice(start, start + ID_CHUNK) }, type: QueryTypes.SELECT },
      )),
    );
  }
  return rows;
}

/**
 * Prices the stay exactly for `rows`, keeps each price in `prices` and returns those in the
 * price range, in the order of `rows`.
 */
async function priceAndKeep(rows: PricedRow[], stay: Stay, guests: number, range: StayPriceRange, prices: Map<number, StayPrice>): Promise<PricedMatch[]> {
  if (rows.length === 0) return [];
  const priced = await priceStays(rows, stay, guests);
  const kept: PricedMatch[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const price = priced.get(id);
    // An establishment with no fitting offer has no price: it is not shown.
    if (!price) continue;
    prices.set(id, price);
    if (!range.active || range.accepts(price)) kept.push({ id, total: price.total });
  }
  return kept;
}

/**
 * Sorted by the stay's total. The candidates are read by their lower (upper) key and priced
 * exactly (their calendar's prices, quoteStay) — cheap probes by listing and date — then checked
 * (held, blocked, paused nights, public, filters) in the order of their exact totals:
 *
 * 1. A first batch (3 × the wanted count) is read, priced and checked in order until `wanted`
 *    pass. A priced candidate whose total comes before the bound of the last key read is placed:
 *    no unread candidate can precede it. When `wanted` placed candidates pass, that is the page.
 * 2. Otherwise, once `wanted` candidates of the batch pass, the total T of the last of them is
 *    as far as the page can reach: an unread candidate can only enter it if its key's bound
 *    reaches T. All of those (and only those) are read in one query (`key >= keyFor(T)`),
 *    priced, merged and checked in order (ADR 191) — with loose ceilings (one dear date of the
 *    year) this reads a few hundred more candidates instead of growing the batch fourfold.
 * 3. When even the first batch has fewer than `wanted` passing, the batch grows (× 4) and 1–2
 *    repeat; when the place is exhausted, every candidate was priced and the order is exact.
 *
 * Ties by id, as the exact order.
 */
async function cheapestOrDearest(
  candidates: Clause,
  check: Clause,
  bounds: PriceBounds,
  direction: "asc" | "desc",
  wanted: number,
  price: (rows: PricedRow[]) => Promise<PricedMatch[]>,
): Promise<{ ids: number[]; more: boolean }> {
  const asc = direction === "asc";
  const key = asc ? bounds.lowKey : bounds.highKey;
  const order = asc ? `${key} ASC, l.id ASC` : `${key} DESC, l.id DESC`;
  const better = (a: PricedMatch, b: PricedMatch) => (asc ? a.total - b.total || a.id - b.id : b.total - a.total || b.id - a.id);
  const select = `SELECT l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct, ${key} AS price_key FROM listings l`;
  const passed = new Map<number, boolean>();
  /** The priced candidates of `pool` (sorted) that pass, checked in order until `limit` pass. */
  const passing = async (pool: PricedMatch[], limit: number, upTo = pool.length): Promise<PricedMatch[]> => {
    const kept: PricedMatch[] = [];
    let index = 0;
    while (index < upTo && kept.length < limit) {
      const match = pool[index]!;
      if (passed.has(match.id)) {
        if (passed.get(match.id)) kept.push(match);
        index += 1;
        continue;
      }
      // The next unchecked ones, in order: as many as the page still needs, with a margin.
      const size = Math.max(24, Math.ceil((limit - kept.length) * 1.3));
      const chunk: number[] = [];
      for (let next = index; next < upTo && chunk.length < size; next += 1) if (!passed.has(pool[next]!.id)) chunk.push(pool[next]!.id);
      const ok = new Set(await checkCandidates(chunk, check));
      for (const id of chunk) passed.set(id, ok.has(id));
    }
    return kept;
  };
  const pool: PricedMatch[] = [];
  let offset = 0;
  let batch = Math.max(64, wanted * 3);
  for (;;) {
    const rows = await getSequelize().query<PricedRow & { price_key: number | string }>(
      `${select} WHERE ${candidates.sql} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
      { replacements: { ...candidates.replacements, limit: batch, offset }, type: QueryTypes.SELECT },
    );
    const exhausted = rows.length < batch;
    offset += rows.length;
    pool.push(...(await price(rows)));
    pool.sort(better);
    if (exhausted) {
      const ids = (await passing(pool, wanted)).map((match) => match.id);
      return { ids, more: ids.length >= wanted };
    }
    const last = Number(rows[rows.length - 1]!.price_key);
    const bound = asc ? bounds.lowerTotal(last) : bounds.upperTotal(last);
    let placed = 0;
    while (placed < pool.length && (asc ? pool[placed]!.total < bound : pool[placed]!.total > bound)) placed += 1;
    const first = await passing(pool, wanted, placed);
    if (first.length >= wanted) return { ids: first.map((match) => match.id), more: true };
    const reach = await passing(pool, wanted);
    if (reach.length >= wanted) {
      // Every unread candidate that can still reach the page, at once: its key's bound reaches T.
      const total = reach[reach.length - 1]!.total;
      const fee = 1 + serviceFeePercent() / 100;
      const threshold = asc ? Math.ceil(100 * ((total + 0.5) / fee + 0.5)) + 1000 : Math.floor(100 * ((total - 0.5) / fee - 0.5)) - 1000;
      // Past the last row read (keyset), within the key's reach, and — whole listings — within the
      // reach of the stay's own key (its calendar summed in SQL), so that loose bounds cost an
      // indexed probe per candidate in the database, not an exact price here.
      const cmp = asc ? "<=" : ">=";
      const after = asc ? ">" : "<";
      const rest = await getSequelize().query<PricedRow & { price_key: number | string }>(
        `${select} WHERE ${candidates.sql} AND ${key} ${cmp} :threshold
            AND (${key} ${after} :lastKey OR (${key} = :lastKey AND l.id ${after} :lastId))
            AND ${bounds.stayKey(direction)} ${cmp} :threshold
          ORDER BY ${order}`,
        {
          replacements: { ...candidates.replacements, threshold, lastKey: last, lastId: Number(rows[rows.length - 1]!.id) },
          type: QueryTypes.SELECT,
        },
      );
      pool.push(...(await price(rest)));
      pool.sort(better);
      return { ids: (await passing(pool, wanted)).map((match) => match.id), more: true };
    }
    batch = Math.min(batch * 4, 4_000);
  }
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
async function firstMatches(
  candidates: Clause,
  check: Clause,
  order: string,
  wanted: number,
  accept?: (ids: number[]) => Promise<number[]>,
): Promise<{ ids: number[]; more: boolean }> {
  const sequelize = getSequelize();
  const found: number[] = [];
  let offset = 0;
  let batch = Math.max(48, Math.ceil(wanted * 1.25));
  for (;;) {
    const rows = await sequelize.query<{ id: number }>(
      `SELECT l.id FROM listings l WHERE ${candidates.sql} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
      { replacements: { ...candidates.replacements, limit: batch, offset }, type: QueryTypes.SELECT },
    );
    const checked = await checkCandidates(
      rows.map((row) => Number(row.id)),
      check,
    );
    const passed = accept ? await accept(checked) : checked;
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
export function searchListings(input: SearchInput): Promise<SearchResult> {
  return runSearch(input, findPublicListingSummaries);
}

type ResultOf<Card> = Omit<SearchResult, "items"> & { items: Array<Card & { stay: StayPrice | null }> };

async function runSearch<Card extends { id: number }>(input: SearchInput, cards: (ids: number[]) => Promise<Card[]>): Promise<ResultOf<Card>> {
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
  const requestedPage = Math.max(1, query.page);
  const cap = Math.max(input.countCap ?? SEARCH_COUNT_CAP, pageSize);
  // Enough to fill the page asked for and to count up to the cap, and one more to know.
  const counted = Math.max(cap, requestedPage * pageSize);
  const stayPrices = new Map<number, StayPrice>();
  const guestCount = counts ?? 1;

  let found: { ids: number[]; more: boolean };
  if (stay) {
    const range = stayPriceRange(stay, currency, minMinor, maxMinor);
    const bounds = priceBounds(stay);
    const pruned = withClause(candidates, boundsClause(bounds, range));
    if (query.sort === "price_asc" || query.sort === "price_desc") {
      found = await cheapestOrDearest(pruned, check, bounds, query.sort === "price_asc" ? "asc" : "desc", counted + 1, (rows) =>
        priceAndKeep(rows, stay, guestCount, range, stayPrices),
      );
    } else {
      const accept = range.active
        ? async (ids: number[]) => {
            const kept = new Set((await priceAndKeep(await pricedRows(ids), stay, guestCount, range, stayPrices)).map((row) => row.id));
            return ids.filter((id) => kept.has(id));
          }
        : undefined;
      found = await firstMatches(range.active ? pruned : candidates, check, ORDER_BY[query.sort] ?? ORDER_BY.recommended!, counted + 1, accept);
    }
  } else {
    found = await firstMatches(candidates, check, ORDER_BY[query.sort] ?? ORDER_BY.recommended!, counted + 1);
  }
  const totalCapped = found.ids.length > counted;
  const matches = found.ids.slice(0, counted);

  const total = matches.length;
  // Past the count, one more page is linked: it exists, since more listings were found.
  const pages = pageCount(total, pageSize) + (totalCapped ? 1 : 0);
  const page = Math.min(requestedPage, pages);
  const pageIds = matches.slice((page - 1) * pageSize, page * pageSize);
  // The page's cards and (with dates) their prices are read side by side.
  const pricing = async () => {
    const missing = pageIds.filter((id) => !stayPrices.has(id));
    if (!stay || missing.length === 0) return;
    const priced = await getSequelize().query<PricedRow>(
      `SELECT l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct
         FROM listings l WHERE l.id IN (:ids)`,
      { replacements: { ids: missing }, type: QueryTypes.SELECT },
    );
    for (const [id, price] of await priceStays(priced, stay, guestCount)) stayPrices.set(id, price);
  };
  const [summaries] = await Promise.all([cards(pageIds), pricing()]);
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
  const positions = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const rows = await getSequelize().query<{ id: number; property_type: string; title: string | null; latitude: number; longitude: number; base_price: number | null }>(
      `SELECT l.id, l.property_type, l.title, l.latitude, l.longitude, l.base_price FROM listings l WHERE l.id IN (:ids)`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const position = approximatePosition(Number(row.latitude), Number(row.longitude), id);
      const kind: ListingSummary["kind"] = row.property_type === "hotel" || row.property_type === "guesthouse" ? "establishment" : "property";
      return [{ id, kind, title: row.title ?? "", lat: position.lat, lng: position.lng, basePrice: row.base_price === null ? null : Number(row.base_price) }];
    });
  };
  const result = await runSearch({ ...input, query: { ...input.query, page: 1 }, pageSize: limit, countCap: limit }, positions);
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
