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
import { isEstablishmentType, type PropertyType } from "~/domain/listing";
import { convertMillimes, type DisplayCurrency } from "~/domain/money";
import { quoteStay } from "~/domain/pricing";
import {
  amountToMinorUnits,
  approximatePosition,
  matchDestination,
  millimesAtLeast,
  millimesAtMost,
  nightlyAverage,
  pageCount,
  roomsNeeded,
  SEARCH_PAGE_SIZE,
  type Place,
} from "~/domain/search";
import { addDays, dateInTunis, nightsBetween } from "~/domain/stay-dates";
import { findGovernorate } from "~/domain/tunisia-places";
import { DEFAULT_BOOKING_WINDOW_DAYS, DEFAULT_MAX_INFANTS, DEFAULT_MAX_NIGHTS, DEFAULT_MAX_PETS } from "~/domain/stay-rules";
import type { SearchErrors, SearchQuery } from "~/schemas/search";
import { getStorage } from "~/services/storage/storage.server";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";

// ---------------------------------------------------------------------------------------------
// What is public

/**
 * The SQL condition of a listing anyone may see: approved, switched visible, not deleted, and
 * its host not suspended (PRODUCT.md "Reviews and quality"). Every public read goes through it.
 */
export function publicListingCondition(alias = "l"): string {
  return [
    `${alias}.status = 'visible'`,
    `${alias}.visibility = 'visible'`,
    `${alias}.moderation_state = 'approved'`,
    `${alias}.deleted_at IS NULL`,
    `NOT EXISTS (SELECT 1 FROM host_suspensions hs WHERE hs.host_id = ${alias}.host_id AND hs.lifted_at IS NULL)`,
  ].join(" AND ");
}

/** The listing's id and type when it is public, else null. */
export async function isPublicListing(id: number): Promise<{ id: number; propertyType: PropertyType } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await getSequelize().query<{ id: number; property_type: PropertyType }>(
    `SELECT l.id, l.property_type FROM listings l WHERE l.id = :id AND ${publicListingCondition("l")}`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  const row = rows[0];
  return row ? { id: Number(row.id), propertyType: row.property_type } : null;
}

// ---------------------------------------------------------------------------------------------
// Cards

export interface Photo {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** The responsive image of a stored photo: its WebP variants as a srcset (ADR 041). */
export function photoOf(row: { storage_key: string; variants: string; width: number; height: number }): Photo {
  const storage = getStorage();
  const widths = row.variants
    .split(",")
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value > 0)
    .sort((a, b) => a - b);
  const middle = widths.find((width) => width >= 640) ?? widths[widths.length - 1] ?? 640;
  return {
    src: storage.url(`${row.storage_key}-${middle}.webp`),
    srcSet: widths.map((width) => `${storage.url(`${row.storage_key}-${width}.webp`)} ${width}w`).join(", "),
    width: Number(row.width),
    height: Number(row.height),
  };
}

export interface ListingSummary {
  id: number;
  kind: "property" | "establishment";
  type: PropertyType;
  title: string;
  city: string | null;
  governorate: string | null;
  /** Approximate (never the door): see approximatePosition. */
  position: { lat: number; lng: number } | null;
  photo: Photo | null;
  /** The base price of a night in millimes (an establishment's lowest room price). */
  nightlyPrice: number;
  maxGuests: number | null;
  bedrooms: number | null;
  instantBook: boolean;
  /** The average of its visible reviews' five-rating means, one decimal; null without reviews. */
  rating: number | null;
  reviewCount: number;
}

interface SummaryRow {
  id: number;
  property_type: PropertyType;
  title: string | null;
  city: string | null;
  governorate: string | null;
  latitude: number | null;
  longitude: number | null;
  base_price: number | null;
  max_guests: number | null;
  bedrooms: number | null;
  reservation_method: string | null;
  hotel_name: string | null;
  guesthouse_name: string | null;
  rating: number | null;
  review_count: number | null;
}

/** Cover photos of listings (the cover, else the first by position). */
export async function coverPhotos(listingIds: number[]): Promise<Map<number, Photo>> {
  const covers = new Map<number, Photo>();
  if (listingIds.length === 0) return covers;
  const rows = await getSequelize().query<{ listing_id: number; storage_key: string; variants: string; width: number; height: number }>(
    `SELECT p.listing_id, p.storage_key, p.variants, p.width, p.height
       FROM listing_photos p
      WHERE p.listing_id IN (:ids) AND p.room_type_id IS NULL
      ORDER BY p.listing_id, p.is_cover DESC, p.position, p.id`,
    { replacements: { ids: listingIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const id = Number(row.listing_id);
    if (!covers.has(id)) covers.set(id, photoOf(row));
  }
  return covers;
}

/** Cards of the public listings among `ids`, in the order of `ids` (others are left out). */
export async function findPublicListingSummaries(ids: number[]): Promise<ListingSummary[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  // The covers are read alongside (those of listings that turn out not public are left unused).
  const [rows, covers] = await Promise.all([
    getSequelize().query<SummaryRow>(
      `SELECT l.id, l.property_type, l.title, l.city, l.governorate, l.latitude, l.longitude, l.base_price,
              l.max_guests, l.bedrooms, l.reservation_method, h.name AS hotel_name, g.name AS guesthouse_name, l.rating, l.review_count
         FROM listings l
         LEFT JOIN hotels h ON h.listing_id = l.id
         LEFT JOIN guesthouses g ON g.listing_id = l.id
        WHERE l.id IN (:ids) AND ${publicListingCondition("l")}`,
      { replacements: { ids: wanted }, type: QueryTypes.SELECT },
    ),
    coverPhotos(wanted),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), toSummary(row, covers.get(Number(row.id)) ?? null)]));
  return wanted.map((id) => byId.get(id)).filter((summary): summary is ListingSummary => Boolean(summary));
}

function toSummary(row: SummaryRow, photo: Photo | null): ListingSummary {
  const id = Number(row.id);
  return {
    id,
    kind: isEstablishmentType(row.property_type) ? "establishment" : "property",
    type: row.property_type,
    title: row.title ?? row.hotel_name ?? row.guesthouse_name ?? "",
    city: row.city,
    governorate: governorateName(row.governorate),
    position:
      row.latitude !== null && row.longitude !== null ? approximatePosition(Number(row.latitude), Number(row.longitude), id) : null,
    photo,
    nightlyPrice: Number(row.base_price ?? 0),
    maxGuests: row.max_guests === null ? null : Number(row.max_guests),
    bedrooms: row.bedrooms === null ? null : Number(row.bedrooms),
    instantBook: row.reservation_method === "direct",
    rating: row.rating === null || row.rating === undefined || !Number(row.review_count) ? null : Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count ?? 0),
  };
}

/** A governorate as people read it ("nabeul" → "Nabeul"); listings may store the code. */
export function governorateName(value: string | null): string | null {
  if (!value) return value;
  return findGovernorate(value)?.name ?? value;
}

// ---------------------------------------------------------------------------------------------
// Places people search for

// Figures every visitor asks for and that change slowly (the places listings are in, the home
// page's counts) are kept for a minute per process.
const caches = new Map<string, { at: number; value: Promise<unknown> }>();
const CACHE_TTL_MS = 60_000;

/** `load()`'s answer, computed at most once a minute per key. */
export function cachedForAMinute<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = caches.get(key);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  caches.set(key, { at: now, value });
  value.catch(() => caches.delete(key));
  return value;
}

/** The distinct cities and governorates of public listings. */
export function publicPlaces(): Promise<Place[]> {
  return cachedForAMinute("places", () =>
    getSequelize().query<Place>(
      `SELECT DISTINCT l.city, l.governorate FROM listings l
        WHERE l.status = 'visible' AND l.visibility = 'visible' AND l.moderation_state = 'approved' AND l.deleted_at IS NULL`,
      { type: QueryTypes.SELECT },
    ),
  );
}

/** Forgets the cached figures (after seeding, and in tests that create listings). */
export function forgetSearchCaches(): void {
  caches.clear();
}

// ---------------------------------------------------------------------------------------------
// Stays and their prices

export interface Stay {
  checkIn: string;
  checkOut: string;
  nights: number;
}

export interface Guests {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** The people counted against a capacity: adults and children (infants do not count). */
export function countedGuests(guests: Guests): number {
  return guests.adults + guests.children;
}

/** A priced stay in a search result or on a card: the total includes every fee. */
export interface StayPrice {
  nights: number;
  total: number;
  /** For establishments: the room type or room this price is for, and how many rooms. */
  unit: { kind: "room-type" | "room"; id: number; name: string; rooms: number } | null;
}

interface PricedRow {
  id: number;
  property_type: PropertyType;
  base_price: number | null;
  cleaning_fee: number;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
}

/** Per-date prices the hosts set on the nights of a stay, per listing. */
async function calendarPrices(listingIds: number[], stay: Stay): Promise<Map<number, Map<string, number>>> {
  const prices = new Map<number, Map<string, number>>();
  for (let start = 0; start < listingIds.length; start += ID_CHUNK) {
    const chunk = listingIds.slice(start, start + ID_CHUNK);
    const rows = await getSequelize().query<{ listing_id: number; date: string; price: number }>(
      `SELECT listing_id, date, price FROM calendar_days
        WHERE listing_id IN (:ids) AND date >= :checkIn AND date < :checkOut AND price IS NOT NULL`,
      { replacements: { ids: chunk, checkIn: stay.checkIn, checkOut: stay.checkOut }, type: QueryTypes.SELECT },
    );
    for (const row of rows) {
      const id = Number(row.listing_id);
      if (!prices.has(id)) prices.set(id, new Map());
      prices.get(id)!.set(String(row.date), Number(row.price));
    }
  }
  return prices;
}

/** The whole-listing price of a stay for each of `rows` (not establishments). */
async function pricePropertyStays(rows: PricedRow[], stay: Stay): Promise<Map<number, StayPrice>> {
  const prices = await calendarPrices(
    rows.map((row) => Number(row.id)),
    stay,
  );
  const result = new Map<number, StayPrice>();
  for (const row of rows) {
    const id = Number(row.id);
    const terms = listingPricingTerms(
      {
        basePrice: Number(row.base_price ?? 0),
        cleaningFee: Number(row.cleaning_fee),
        weeklyDiscountPct: Number(row.weekly_discount_pct),
        monthlyDiscountPct: Number(row.monthly_discount_pct),
      },
      prices.get(id),
    );
    result.set(id, { nights: stay.nights, total: quoteStay(terms, stay).total, unit: null });
  }
  return result;
}

export interface EstablishmentUnit {
  kind: "room-type" | "room";
  id: number;
  name: string;
  description: string | null;
  /** The base price of one night of one room, in millimes. */
  price: number;
  /** Guests one room takes. */
  capacity: number;
  /** Rooms of this unit (a room type's quantity; 1 for a guesthouse room). */
  quantity: number;
  sizeM2: number | null;
  beds: string | null;
  showers: number | null;
  features: string[];
  /** With a stay: rooms still free on every night of it. */
  freeRooms: number | null;
  /** With a stay and guests: rooms needed and the price for them, or why not. */
  offer: { rooms: number; quote: ReturnType<typeof quoteStay> } | null;
  unavailableReason: "booked" | "capacity" | null;
}

interface UnitRow {
  listing_id: number;
  kind: "room-type" | "room";
  id: number;
  name: string;
  description: string | null;
  price: number;
  capacity: number;
  quantity: number;
  size_m2: number | null;
  beds: string | number | null;
  showers: number | null;
  features: string | null;
  cleaning_fee: number;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
}

/**
 * The room types of hotels and the rooms of guesthouses among `listingIds`, with (for a stay)
 * how many rooms are free on every night and, for the guests, the price of the rooms they need.
 * Hotel room types take the hotel's discounts; guesthouse rooms the listing's (ADR 060).
 */
export async function establishmentUnits(
  listingIds: number[],
  stay: Stay | null,
  guests: number | null,
): Promise<Map<number, EstablishmentUnit[]>> {
  const units = new Map<number, EstablishmentUnit[]>();
  if (listingIds.length === 0) return units;
  const sequelize = getSequelize();
  // Two queries rather than a UNION: MariaDB refuses to mix the literal and column collations.
  const [roomTypeRows, roomRows] = await Promise.all([
    sequelize.query<Omit<UnitRow, "kind">>(
      `SELECT h.listing_id, rt.id, rt.name, rt.description, rt.base_price AS price, rt.max_occupancy AS capacity,
              rt.quantity, rt.size_m2, rt.bed_configuration AS beds, NULL AS showers, rt.features, l.cleaning_fee,
              h.weekly_discount_pct, h.monthly_discount_pct
         FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id JOIN listings l ON l.id = h.listing_id
        WHERE h.listing_id IN (:ids)`,
      { replacements: { ids: listingIds }, type: QueryTypes.SELECT },
    ),
    sequelize.query<Omit<UnitRow, "kind">>(
      `SELECT g.listing_id, r.id, r.name, NULL AS description, r.price, r.max_guests AS capacity, 1 AS quantity,
              NULL AS size_m2, r.beds, r.showers, NULL AS features, l.cleaning_fee, l.weekly_discount_pct,
              l.monthly_discount_pct
         FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id JOIN listings l ON l.id = g.listing_id
        WHERE g.listing_id IN (:ids)`,
      { replacements: { ids: listingIds }, type: QueryTypes.SELECT },
    ),
  ]);
  const rows: UnitRow[] = [
    ...roomTypeRows.map((row) => ({ ...row, kind: "room-type" as const })),
    ...roomRows.map((row) => ({ ...row, kind: "room" as const })),
  ];
  // Held rooms per unit: the most rooms held on any one night of the stay.
  const held = new Map<string, number>();
  if (stay) {
    const counts = await sequelize.query<{ listing_id: number; unit_key: string; night: string; n: number }>(
      `SELECT listing_id, unit_key, night, COUNT(*) AS n FROM reservation_nights
        WHERE listing_id IN (:ids) AND night >= :checkIn AND night < :checkOut AND unit_key <> 'listing'
        GROUP BY listing_id, unit_key, night`,
      { replacements: { ids: listingIds, checkIn: stay.checkIn, checkOut: stay.checkOut }, type: QueryTypes.SELECT },
    );
    for (const count of counts) {
      const key = `${Number(count.listing_id)}|${count.unit_key}`;
      held.set(key, Math.max(held.get(key) ?? 0, Number(count.n)));
    }
  }
  const sorted = [...rows].sort((a, b) => Number(a.price) - Number(b.price) || Number(a.id) - Number(b.id));
  for (const row of sorted) {
    const listingId = Number(row.listing_id);
    const quantity = Number(row.quantity);
    const capacity = Number(row.capacity);
    const unitKey = `${row.kind}:${Number(row.id)}`;
    const freeRooms = stay ? Math.max(0, quantity - (held.get(`${listingId}|${unitKey}`) ?? 0)) : null;
    let offer: EstablishmentUnit["offer"] = null;
    let unavailableReason: EstablishmentUnit["unavailableReason"] = null;
    if (stay) {
      const needed = roomsNeeded(guests ?? 1, capacity);
      // A guesthouse room is booked alone: its guests must fit in it.
      const maxRooms = row.kind === "room" ? 1 : quantity;
      if (needed > maxRooms) unavailableReason = "capacity";
      else if (freeRooms! < needed) unavailableReason = "booked";
      else {
        offer = {
          rooms: needed,
          quote: quoteStay(
            roomPricingTerms({
              price: Number(row.price),
              cleaningFee: Number(row.cleaning_fee),
              weeklyDiscountPct: Number(row.weekly_discount_pct),
              monthlyDiscountPct: Number(row.monthly_discount_pct),
              rooms: needed,
            }),
            stay,
          ),
        };
      }
    }
    const unit: EstablishmentUnit = {
      kind: row.kind,
      id: Number(row.id),
      name: row.name,
      description: row.description,
      price: Number(row.price),
      capacity,
      quantity,
      sizeM2: row.size_m2 === null ? null : Number(row.size_m2),
      beds: row.beds === null ? null : String(row.beds),
      showers: row.showers === null ? null : Number(row.showers),
      features: parseFeatures(row.features),
      freeRooms,
      offer,
      unavailableReason,
    };
    if (!units.has(listingId)) units.set(listingId, []);
    units.get(listingId)!.push(unit);
  }
  return units;
}

function parseFeatures(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The cheapest offer of each establishment for the stay and guests. */
async function priceEstablishmentStays(ids: number[], stay: Stay, guests: number): Promise<Map<number, StayPrice>> {
  const units = await establishmentUnits(ids, stay, guests);
  const result = new Map<number, StayPrice>();
  for (const [listingId, list] of units) {
    let best: StayPrice | null = null;
    for (const unit of list) {
      if (!unit.offer) continue;
      if (!best || unit.offer.quote.total < best.total) {
        best = {
          nights: stay.nights,
          total: unit.offer.quote.total,
          unit: { kind: unit.kind, id: unit.id, name: unit.name, rooms: unit.offer.rooms },
        };
      }
    }
    if (best) result.set(listingId, best);
  }
  return result;
}

/** The price of the stay for each row (the cheapest fitting rooms for an establishment). */
export async function priceStays(rows: PricedRow[], stay: Stay, guests: number): Promise<Map<number, StayPrice>> {
  const establishments = rows.filter((row) => isEstablishmentType(row.property_type));
  const properties = rows.filter((row) => !isEstablishmentType(row.property_type));
  const [a, b] = await Promise.all([
    pricePropertyStays(properties, stay),
    priceEstablishmentStays(
      establishments.map((row) => Number(row.id)),
      stay,
      guests,
    ),
  ]);
  return new Map([...a, ...b]);
}

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

/**
 * Ids go to the database in lists of at most this many: MariaDB turns an IN list of 1,000 values
 * or more into a subquery (in_predicate_conversion_threshold) and may then scan the table.
 */
const ID_CHUNK = 500;

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
