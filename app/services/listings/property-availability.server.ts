// The availability and prices of a public listing: the nights of the coming months (property and
// establishment pages, GET /api/v1/properties/{id}/availability), quotes by the one pricing
// function, an establishment's offer for a stay, and the stay rules' messages.
import { externalNights } from "~/services/calendar-sync/external-nights.server";
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType } from "~/domain/listing";
import { availabilityIssues, nightStates, type AvailabilityFacts, type NightState } from "~/domain/availability";
import { nightPrice, quoteStay, type StayQuote } from "~/domain/pricing";
import { HOLDING_STATUSES, type ReservationStatus } from "~/domain/reservation-state";
import { addDays, addMonths, daysInMonth, isoDayOfWeek, parseIsoMonth, todayInTunis, type IsoDate } from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS, validateStay, type RuleIssue, type StayRequest, type ValidStay } from "~/domain/stay-rules";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";
import { establishmentUnits, type EstablishmentUnit } from "~/services/search/stay-prices.server";
import { AppError } from "~/utils/app-error";
import type { Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

import { NOT_FOUND_KEY, requirePublicRow, type ListingRow } from "~/services/listings/property-page.server";

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

/**
 * What a whole listing's nights of [from, to) rest on: its holds, blocks, pauses and synced
 * nights, and the host's own prices. Read once for the property page's months, they answer the
 * quote of any stay inside them too (covers): every fact outside a stay's nights is ignored by
 * nightStates and by the price of a night.
 */
interface ListingNightFacts {
  from: IsoDate;
  to: IsoDate;
  facts: AvailabilityFacts;
  prices: Map<IsoDate, number>;
}

async function listingNightFacts(row: ListingRow, from: IsoDate, to: IsoDate): Promise<ListingNightFacts> {
  const [facts, prices] = await Promise.all([
    availabilityFacts(row, from, to, { roomTypeId: null, guesthouseRoomId: null }, 1),
    datePrices(Number(row.id), from, to),
  ]);
  return { from, to, facts, prices };
}

function covers(known: ListingNightFacts | null | undefined, from: IsoDate, to: IsoDate): known is ListingNightFacts {
  return Boolean(known && known.from <= from && to <= known.to);
}

async function nightsFor(row: ListingRow, from: IsoDate, to: IsoDate, now: Date): Promise<NightAvailability[]> {
  if (isEstablishmentType(row.property_type)) {
    const facts = await establishmentCapacity(Number(row.id)).then((quantity) => availabilityFacts(row, from, to, "whole-establishment", quantity));
    return shownNights(facts, null, row, from, to, now);
  }
  const known = await listingNightFacts(row, from, to);
  return shownNights(known.facts, known.prices, row, from, to, now);
}

function shownNights(
  facts: AvailabilityFacts,
  prices: Map<IsoDate, number> | null,
  row: ListingRow,
  from: IsoDate,
  to: IsoDate,
  now: Date,
): NightAvailability[] {
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
  const { from, to } = calendarRange(now, count, startMonth);
  return calendarMonths(await nightsFor(row, from, to, now), from, count);
}

function calendarRange(now: Date, count: number, startMonth?: string): { from: IsoDate; to: IsoDate } {
  const first = startMonth && parseIsoMonth(startMonth) ? startMonth : todayInTunis(now).slice(0, 7);
  return { from: `${first}-01`, to: `${addMonths(first, count)}-01` };
}

function calendarMonths(nights: NightAvailability[], from: IsoDate, count: number): CalendarMonth[] {
  const first = from.slice(0, 7);
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

/**
 * The property page's availability (ADR 247): the calendar of `count` months from `startMonth`
 * and, when a stay is asked, its quote, for a whole listing's row read once by the page. The
 * months' facts and prices are read once and answer the quote when its nights lie inside them;
 * a stay beyond them reads its own.
 */
export async function propertyPageAvailability(
  row: ListingRow,
  now: Date,
  options: { count: number; startMonth?: string; stay: StayRequest | null },
): Promise<{ calendar: CalendarMonth[]; outcome: QuoteOutcome | null }> {
  if (isEstablishmentType(row.property_type)) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  const { from, to } = calendarRange(now, options.count, options.startMonth);
  const known = await listingNightFacts(row, from, to);
  const calendar = calendarMonths(shownNights(known.facts, known.prices, row, from, to, now), from, options.count);
  const outcome = options.stay ? await quoteRowStay(row, options.stay, now, known) : null;
  return { calendar, outcome };
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
  return quoteRowStay(await requirePublicRow(id), request, now, null);
}

async function quoteRowStay(row: ListingRow, request: StayRequest, now: Date, known: ListingNightFacts | null): Promise<QuoteOutcome> {
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
  const { facts, prices } = covers(known, stay.checkIn, stay.checkOut) ? known : await listingNightFacts(row, stay.checkIn, stay.checkOut);
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
