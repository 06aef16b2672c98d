// What the public property and establishment pages (and GET /api/v1/properties/{id}…) show:
// the listing's public fields, its photos, the host's public card, an approximate position, the
// availability of the coming months, and quotes by the one pricing function. Only public listings
// (approved, visible, not deleted, host not suspended) are ever found: anything else is a 404.
import { externalNights } from "~/services/calendar-sync/external-nights.server";
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType, type CancellationPolicy, type PropertyType, type ReservationMethod } from "~/domain/listing";
import { availabilityIssues, nightStates, type AvailabilityFacts, type NightState } from "~/domain/availability";
import { nightPrice, quoteStay, type StayQuote } from "~/domain/pricing";
import { HOLDING_STATUSES, type ReservationStatus } from "~/domain/reservation-state";
import { approximatePosition } from "~/domain/search";
import {
  addDays,
  addMonths,
  daysInMonth,
  isoDayOfWeek,
  parseIsoMonth,
  todayInTunis,
  type IsoDate,
} from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS, validateStay, type RuleIssue, type StayRequest, type ValidStay } from "~/domain/stay-rules";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";
import { establishmentUnits, type EstablishmentUnit } from "~/services/search/stay-prices.server";
import { governorateName, photoOf, type Photo } from "~/services/search/listing-cards.server";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { AppError } from "~/utils/app-error";
import type { Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export const NOT_FOUND_KEY = "property:errors.notFound";

interface ListingRow {
  id: number;
  host_id: number;
  rating: number | null;
  review_count: number | null;
  property_type: PropertyType;
  title: string | null;
  description_fr: string | null;
  description_en: string | null;
  description_es: string | null;
  max_guests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  city: string | null;
  governorate: string | null;
  delegation: string | null;
  latitude: number | null;
  longitude: number | null;
  base_price: number | null;
  cleaning_fee: number;
  min_nights: number;
  max_nights: number | null;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
  cancellation_policy: CancellationPolicy | null;
  reservation_method: ReservationMethod | null;
  pets_allowed: number | boolean;
  events_allowed: number | boolean;
  smoking_allowed: number | boolean;
  check_in_time: string | null;
  check_out_time: string | null;
  approved_at: string | Date | null;
}

export interface LocalizedText {
  text: string;
  language: Language;
  /** True when the page's language had no text and another language is shown. */
  fallback: boolean;
}

export interface PublicHost {
  id: number;
  firstName: string;
  memberSince: string;
  verified: boolean;
  about: string | null;
  publicListings: number;
}

export interface PublicListing {
  id: number;
  type: PropertyType;
  kind: "property" | "establishment";
  title: string;
  description: LocalizedText | null;
  /** The text in each language (null where the host wrote none). */
  descriptions: Record<Language, string | null>;
  photos: Photo[];
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  amenities: string[];
  travelTypes: string[];
  houseRules: { pets: boolean; events: boolean; smoking: boolean };
  checkInTime: string | null;
  checkOutTime: string | null;
  cancellationPolicy: CancellationPolicy;
  reservationMethod: ReservationMethod;
  basePrice: number;
  cleaningFee: number;
  weeklyDiscountPercent: number;
  monthlyDiscountPercent: number;
  minNights: number;
  maxNights: number | null;
  /** The city and governorate, and a position a few hundred metres off (the door stays hidden). */
  location: { city: string | null; governorate: string | null; delegation: string | null; position: { lat: number; lng: number } | null };
  host: PublicHost;
  establishment: { name: string; stars: number | null; category: string | null; totalRooms: number } | null;
  /** Visible reviews: the average of their five-rating means (one decimal; null without) and their count. */
  rating: number | null;
  reviewCount: number;
}

const LANGUAGE_ORDER: Language[] = ["en", "fr", "es"];

/** The text in `language`, else the first other language that has one (en, fr, es). */
export function pickLanguage(texts: Partial<Record<Language, string | null>>, language: Language): LocalizedText | null {
  for (const candidate of [language, ...LANGUAGE_ORDER.filter((other) => other !== language)]) {
    const text = texts[candidate]?.trim();
    if (text) return { text, language: candidate, fallback: candidate !== language };
  }
  return null;
}

async function findPublicRow(id: number): Promise<ListingRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await getSequelize().query<ListingRow>(
    `SELECT l.* FROM listings l WHERE l.id = :id AND ${publicListingCondition("l")}`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  return rows[0] ?? null;
}

/** The public listing's row, or AppError(404). */
async function requirePublicRow(id: number): Promise<ListingRow> {
  const row = await findPublicRow(id);
  if (!row) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  return row;
}

/** Everything public about a listing (any type), or AppError(404). */
export async function getPublicListing(id: number, language: Language): Promise<PublicListing> {
  const row = await requirePublicRow(id);
  const sequelize = getSequelize();
  const [photos, amenities, travelTypes, hosts, counts, hotels, guesthouses] = await Promise.all([
    sequelize.query<{ storage_key: string; variants: string; width: number; height: number }>(
      `SELECT storage_key, variants, width, height FROM listing_photos
        WHERE listing_id = :id AND room_type_id IS NULL ORDER BY is_cover DESC, position, id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ amenity: string }>("SELECT amenity FROM listing_amenities WHERE listing_id = :id ORDER BY amenity", {
      replacements: { id },
      type: QueryTypes.SELECT,
    }),
    sequelize.query<{ travel_type: string }>(
      "SELECT travel_type FROM listing_travel_types WHERE listing_id = :id ORDER BY travel_type",
      { replacements: { id }, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ id: number; first_name: string; created_at: string | Date; email_verified_at: unknown; about: string | null }>(
      "SELECT id, first_name, created_at, email_verified_at, about FROM users WHERE id = :hostId",
      { replacements: { hostId: row.host_id }, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM listings l WHERE l.host_id = :hostId AND ${publicListingCondition("l")}`, {
      replacements: { hostId: row.host_id },
      type: QueryTypes.SELECT,
    }),
    sequelize.query<{
      name: string;
      stars: number | null;
      category: string | null;
      total_rooms: number;
      description_fr: string | null;
      description_en: string | null;
      description_es: string | null;
      check_in_time: string | null;
      check_out_time: string | null;
      weekly_discount_pct: number;
      monthly_discount_pct: number;
    }>("SELECT * FROM hotels WHERE listing_id = :id", { replacements: { id }, type: QueryTypes.SELECT }),
    sequelize.query<{
      name: string;
      total_rooms: number;
      description_fr: string | null;
      description_en: string | null;
      description_es: string | null;
      check_in_time: string | null;
      check_out_time: string | null;
    }>("SELECT * FROM guesthouses WHERE listing_id = :id", { replacements: { id }, type: QueryTypes.SELECT }),
  ]);
  const host = hosts[0];
  if (!host) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  const establishmentRow = hotels[0] ?? guesthouses[0] ?? null;
  const description =
    pickLanguage({ en: row.description_en, fr: row.description_fr, es: row.description_es }, language) ??
    (establishmentRow
      ? pickLanguage({ en: establishmentRow.description_en, fr: establishmentRow.description_fr, es: establishmentRow.description_es }, language)
      : null);
  const hotel = hotels[0];
  return {
    id: Number(row.id),
    rating: row.rating === null || !Number(row.review_count) ? null : Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count ?? 0),
    type: row.property_type,
    kind: isEstablishmentType(row.property_type) ? "establishment" : "property",
    title: row.title ?? establishmentRow?.name ?? "",
    description,
    descriptions: {
      en: row.description_en ?? establishmentRow?.description_en ?? null,
      fr: row.description_fr ?? establishmentRow?.description_fr ?? null,
      es: row.description_es ?? establishmentRow?.description_es ?? null,
    },
    photos: photos.map(photoOf),
    maxGuests: row.max_guests === null ? null : Number(row.max_guests),
    bedrooms: row.bedrooms === null ? null : Number(row.bedrooms),
    beds: row.beds === null ? null : Number(row.beds),
    bathrooms: row.bathrooms === null ? null : Number(row.bathrooms),
    amenities: amenities.map((a) => a.amenity),
    travelTypes: travelTypes.map((t) => t.travel_type),
    houseRules: { pets: Boolean(Number(row.pets_allowed)), events: Boolean(Number(row.events_allowed)), smoking: Boolean(Number(row.smoking_allowed)) },
    checkInTime: row.check_in_time ?? establishmentRow?.check_in_time ?? null,
    checkOutTime: row.check_out_time ?? establishmentRow?.check_out_time ?? null,
    // A listing without its own terms falls under the platform's default terms ("closed").
    cancellationPolicy: row.cancellation_policy ?? "closed",
    reservationMethod: row.reservation_method ?? "request",
    basePrice: Number(row.base_price ?? 0),
    cleaningFee: Number(row.cleaning_fee),
    // A hotel's room types take the hotel's discounts (search.server.ts establishmentUnits).
    weeklyDiscountPercent: Number(hotel ? hotel.weekly_discount_pct : row.weekly_discount_pct),
    monthlyDiscountPercent: Number(hotel ? hotel.monthly_discount_pct : row.monthly_discount_pct),
    minNights: Number(row.min_nights),
    maxNights: row.max_nights === null ? null : Number(row.max_nights),
    location: {
      city: row.city,
      governorate: governorateName(row.governorate),
      delegation: row.delegation,
      position:
        row.latitude !== null && row.longitude !== null ? approximatePosition(Number(row.latitude), Number(row.longitude), Number(row.id)) : null,
    },
    host: {
      id: Number(host.id),
      firstName: host.first_name,
      memberSince: new Date(host.created_at).toISOString(),
      verified: host.email_verified_at !== null,
      about: host.about,
      publicListings: Number(counts[0]?.n ?? 0),
    },
    establishment: establishmentRow
      ? {
          name: establishmentRow.name,
          stars: hotel?.stars ?? null,
          category: hotel?.category ?? null,
          totalRooms: Number(establishmentRow.total_rooms),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Availability (app/domain/availability.ts decides; this loads its facts)

export type NightStatus = "past" | "free" | "booked" | "held" | "blocked" | "paused" | "beyond";

export interface NightAvailability {
  date: IsoDate;
  status: NightStatus;
  /** The price of a night in millimes (the base price or the host's own price for the date);
   * null for establishments, whose rooms each have their price. */
  price: number | null;
}

export interface CalendarMonth {
  /** YYYY-MM */
  month: string;
  /** Weeks from Monday; null pads the days of other months. */
  weeks: Array<Array<NightAvailability | null>>;
}

type Unit = { roomTypeId: number | null; guesthouseRoomId: number | null } | "whole-establishment";

/**
 * What availability.ts needs for [from, to): the holding reservations (of the whole listing, or
 * of every room of an establishment, whose rooms then add up to its capacity), the blocked dates
 * and the pauses (which close every room of a listing).
 */
async function availabilityFacts(row: ListingRow, from: IsoDate, to: IsoDate, unit: Unit, quantity: number): Promise<AvailabilityFacts> {
  const id = Number(row.id);
  const sequelize = getSequelize();
  const replacements: Record<string, unknown> = { id, from, to, holding: [...HOLDING_STATUSES] };
  let unitCondition = "";
  if (unit !== "whole-establishment") {
    unitCondition = unit.roomTypeId
      ? " AND room_type_id = :roomTypeId"
      : unit.guesthouseRoomId
        ? " AND guesthouse_room_id = :roomId"
        : " AND room_type_id IS NULL AND guesthouse_room_id IS NULL";
    replacements.roomTypeId = unit.roomTypeId;
    replacements.roomId = unit.guesthouseRoomId;
  }
  const [reservations, blocked, pauses, external] = await Promise.all([
    sequelize.query<{ check_in: string; check_out: string; status: ReservationStatus; rooms: number }>(
      `SELECT check_in, check_out, status, rooms FROM reservations
        WHERE listing_id = :id AND status IN (:holding) AND check_in < :to AND check_out > :from${unitCondition}`,
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ date: string }>(
      "SELECT date FROM calendar_days WHERE listing_id = :id AND blocked = 1 AND date >= :from AND date < :to",
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ start_date: string; end_date: string }>(
      "SELECT start_date, end_date FROM listing_pauses WHERE listing_id = :id AND start_date < :to AND end_date > :from",
      { replacements, type: QueryTypes.SELECT },
    ),
    externalNights(id, from, to),
  ]);
  return {
    reservations: reservations.map((r) => ({ checkIn: String(r.check_in), checkOut: String(r.check_out), status: r.status, rooms: Number(r.rooms) })),
    blockedDates: blocked.map((day) => String(day.date)),
    externalDates: external,
    pauses: pauses.map((pause) => ({ start: pause.start_date, end: pause.end_date })),
    quantity,
  };
}

/** The host's own prices of [from, to) (whole listings). */
async function datePrices(id: number, from: IsoDate, to: IsoDate): Promise<Map<IsoDate, number>> {
  const rows = await getSequelize().query<{ date: string; price: number }>(
    "SELECT date, price FROM calendar_days WHERE listing_id = :id AND price IS NOT NULL AND date >= :from AND date < :to",
    { replacements: { id, from, to }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [String(row.date), Number(row.price)]));
}

/** Rooms of an establishment (Σ room type quantities and guesthouse rooms). */
async function establishmentCapacity(id: number): Promise<number> {
  const units = (await establishmentUnits([id], null, null)).get(id) ?? [];
  return units.reduce((sum, unit) => sum + unit.quantity, 0);
}

/** How far ahead stays can be booked (stay-rules.ts). */
const BOOKING_WINDOW_DAYS = DEFAULT_BOOKING_WINDOW_DAYS;

function shownStatus(date: IsoDate, state: NightState, today: IsoDate): NightStatus {
  if (date < today) return "past";
  if (date > addDays(today, BOOKING_WINDOW_DAYS)) return "beyond";
  return state;
}

/**
 * The status of every night of [from, to) for a public listing: past, booked or held by a
 * reservation (an establishment: when every room is taken), blocked by the host, paused, beyond
 * the booking window, or free; with the night's price for whole listings.
 */
export async function listingNights(id: number, from: IsoDate, to: IsoDate, now: Date): Promise<NightAvailability[]> {
  const row = await requirePublicRow(id);
  return nightsFor(row, from, to, now);
}

async function nightsFor(row: ListingRow, from: IsoDate, to: IsoDate, now: Date): Promise<NightAvailability[]> {
  const id = Number(row.id);
  const establishment = isEstablishmentType(row.property_type);
  const [facts, prices] = await Promise.all([
    establishment
      ? establishmentCapacity(id).then((quantity) => availabilityFacts(row, from, to, "whole-establishment", quantity))
      : availabilityFacts(row, from, to, { roomTypeId: null, guesthouseRoomId: null }, 1),
    establishment ? Promise.resolve(null) : datePrices(id, from, to),
  ]);
  const today = todayInTunis(now);
  return nightStates(facts, from, to).map((night) => ({
    date: night.date,
    status: shownStatus(night.date, night.state, today),
    price: prices ? nightPrice({ nightlyPrice: Number(row.base_price ?? 0), pricesByDate: prices }, night.date) : null,
  }));
}

/** A server-rendered calendar of `count` months from `startMonth` (default: this month in Tunis). */
export async function availabilityCalendar(id: number, now: Date, count = 3, startMonth?: string): Promise<CalendarMonth[]> {
  const row = await requirePublicRow(id);
  const first = startMonth && parseIsoMonth(startMonth) ? startMonth : todayInTunis(now).slice(0, 7);
  const last = addMonths(first, count - 1);
  const nights = await nightsFor(row, `${first}-01`, `${addMonths(last, 1)}-01`, now);
  const byDate = new Map(nights.map((night) => [night.date, night]));
  const months: CalendarMonth[] = [];
  for (let index = 0; index < count; index += 1) {
    const month = addMonths(first, index);
    const parts = parseIsoMonth(month)!;
    const cells: Array<NightAvailability | null> = Array.from({ length: isoDayOfWeek(`${month}-01`) - 1 }, () => null);
    for (let day = 1; day <= daysInMonth(parts.year, parts.month); day += 1) {
      cells.push(byDate.get(`${month}-${String(day).padStart(2, "0")}`) ?? null);
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: CalendarMonth["weeks"] = [];
    for (let week = 0; week < cells.length; week += 7) weeks.push(cells.slice(week, week + 7));
    months.push({ month, weeks });
  }
  return months;
}

// ---------------------------------------------------------------------------------------------
// Quotes

export type QuoteOutcome =
  | { ok: true; stay: ValidStay; quote: StayQuote }
  /** 400: a stay rule refuses the request; 409: the nights are not free. */
  | { ok: false; status: 400 | 409; issues: RuleIssue[] };

/**
 * The quote for a stay at a whole (non-establishment) listing: the stay rules first (400 with
 * every broken rule), then the nights (409 "The selected dates are already booked"), then the
 * price by quoteStay with the host's per-date prices.
 */
export async function quoteListingStay(id: number, request: StayRequest, now: Date): Promise<QuoteOutcome> {
  const row = await requirePublicRow(id);
  if (isEstablishmentType(row.property_type)) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  const validation = validateStay(
    request,
    {
      minNights: Number(row.min_nights),
      maxNights: row.max_nights === null ? null : Number(row.max_nights),
      maxGuests: Number(row.max_guests ?? 0),
      petsAllowed: Boolean(Number(row.pets_allowed)),
    },
    now,
  );
  if (!validation.ok) return { ok: false, status: 400, issues: validation.issues };
  const { stay } = validation;
  const [facts, prices] = await Promise.all([
    availabilityFacts(row, stay.checkIn, stay.checkOut, { roomTypeId: null, guesthouseRoomId: null }, 1),
    datePrices(id, stay.checkIn, stay.checkOut),
  ]);
  const unavailable = availabilityIssues(facts, stay);
  if (unavailable.length > 0) return { ok: false, status: 409, issues: unavailable };
  const quote = quoteStay(
    listingPricingTerms(
      {
        basePrice: Number(row.base_price ?? 0),
        cleaningFee: Number(row.cleaning_fee),
        weeklyDiscountPct: Number(row.weekly_discount_pct),
        monthlyDiscountPct: Number(row.monthly_discount_pct),
      },
      prices,
    ),
    stay,
  );
  return { ok: true, stay, quote };
}

/**
 * The quote for `rooms` rooms of one unit of a public establishment (a hotel room type, or a
 * guesthouse room — booked alone): the stay rules with the unit's capacity per room, then its
 * free rooms on every night (blocks and pauses close them all), then the price.
 */
export async function quoteUnitStay(
  id: number,
  unit: { roomTypeId?: number | null; roomId?: number | null },
  request: StayRequest,
  now: Date,
): Promise<QuoteOutcome> {
  const row = await requirePublicRow(id);
  if (!isEstablishmentType(row.property_type)) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  const units = (await establishmentUnits([id], null, null)).get(id) ?? [];
  const wanted =
    row.property_type === "hotel"
      ? units.find((candidate) => candidate.kind === "room-type" && candidate.id === unit.roomTypeId)
      : units.find((candidate) => candidate.kind === "room" && candidate.id === unit.roomId);
  if (!wanted) {
    if (!unit.roomTypeId && !unit.roomId) {
      throw new AppError(400, "property:errors.unitRequired", {
        fields: { [row.property_type === "hotel" ? "roomTypeId" : "roomId"]: "property:errors.unitRequired" },
      });
    }
    throw new AppError(404, "property:errors.unitNotFound", { code: "not_found" });
  }
  const validation = validateStay(
    { ...request, rooms: wanted.kind === "room" ? 1 : (request.rooms ?? 1) },
    {
      minNights: Number(row.min_nights),
      maxNights: row.max_nights === null ? null : Number(row.max_nights),
      maxGuests: wanted.capacity,
      petsAllowed: Boolean(Number(row.pets_allowed)),
    },
    now,
  );
  if (!validation.ok) return { ok: false, status: 400, issues: validation.issues };
  const { stay } = validation;
  if (stay.rooms > wanted.quantity) {
    return { ok: false, status: 400, issues: [{ field: "rooms", key: "rules:stay.roomsLeft", values: { count: wanted.quantity } }] };
  }
  const facts = await availabilityFacts(
    row,
    stay.checkIn,
    stay.checkOut,
    { roomTypeId: wanted.kind === "room-type" ? wanted.id : null, guesthouseRoomId: wanted.kind === "room" ? wanted.id : null },
    wanted.quantity,
  );
  const unavailable = availabilityIssues(facts, stay, stay.rooms);
  if (unavailable.length > 0) return { ok: false, status: 409, issues: unavailable };
  const { cleaning, weekly, monthly } = await unitTerms(row, wanted);
  const quote = quoteStay(
    roomPricingTerms({ price: wanted.price, cleaningFee: cleaning, weeklyDiscountPct: weekly, monthlyDiscountPct: monthly, rooms: stay.rooms }),
    stay,
  );
  return { ok: true, stay, quote };
}

/** A unit's fees and discounts: the listing's cleaning fee; a hotel's discounts, else the listing's. */
async function unitTerms(row: ListingRow, unit: EstablishmentUnit): Promise<{ cleaning: number; weekly: number; monthly: number }> {
  if (unit.kind === "room-type") {
    const [hotel] = await getSequelize().query<{ weekly_discount_pct: number; monthly_discount_pct: number }>(
      "SELECT weekly_discount_pct, monthly_discount_pct FROM hotels WHERE listing_id = :id",
      { replacements: { id: Number(row.id) }, type: QueryTypes.SELECT },
    );
    return { cleaning: Number(row.cleaning_fee), weekly: Number(hotel?.weekly_discount_pct ?? 0), monthly: Number(hotel?.monthly_discount_pct ?? 0) };
  }
  return { cleaning: Number(row.cleaning_fee), weekly: Number(row.weekly_discount_pct), monthly: Number(row.monthly_discount_pct) };
}

export interface EstablishmentOffer {
  units: EstablishmentUnit[];
  /** The stay asked for, when its rules passed. */
  stay: ValidStay | null;
  /** The rules the stay broke (dates, guests…), checked with the listing's minimum/maximum nights. */
  issues: RuleIssue[];
  /** Set when the dates are blocked or paused for the whole establishment. */
  closed: boolean;
}

/**
 * The units (room types or rooms) of a public establishment and, for a stay, which have enough
 * free rooms on every night and what the rooms the guests need cost.
 */
export async function establishmentOffer(id: number, request: StayRequest | null, now: Date): Promise<EstablishmentOffer> {
  const row = await requirePublicRow(id);
  if (!isEstablishmentType(row.property_type)) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  if (!request) {
    return { units: (await establishmentUnits([id], null, null)).get(id) ?? [], stay: null, issues: [], closed: false };
  }
  // The rooms' own capacities are checked per unit; here only the dates and counts.
  const validation = validateStay(
    request,
    {
      minNights: Number(row.min_nights),
      maxNights: row.max_nights === null ? null : Number(row.max_nights),
      maxGuests: Number.MAX_SAFE_INTEGER,
      petsAllowed: Boolean(Number(row.pets_allowed)),
    },
    now,
  );
  if (!validation.ok) {
    return { units: (await establishmentUnits([id], null, null)).get(id) ?? [], stay: null, issues: validation.issues, closed: false };
  }
  const { stay } = validation;
  const nights = await nightsFor(row, stay.checkIn, stay.checkOut, now);
  const closed = nights.some((night) => night.status === "blocked" || night.status === "paused" || night.status === "beyond");
  const units =
    (await establishmentUnits([id], { checkIn: stay.checkIn, checkOut: stay.checkOut, nights: stay.nights }, stay.adults + stay.children)).get(
      id,
    ) ?? [];
  if (closed) for (const unit of units) Object.assign(unit, { offer: null, unavailableReason: "booked" });
  return { units, stay, issues: [], closed };
}

/** The issues as sentences in `language` (stay rules are worded in the rules namespace). */
export async function issueMessages(language: Language, issues: RuleIssue[]): Promise<Array<{ field: string; message: string }>> {
  const t = await getFixedT(language, ["rules", "property", "api"]);
  return issues.map((issue) => ({ field: issue.field, message: String(t(issue.key, issue.values ?? {})) }));
}
