// Is a listing (or a room type with `quantity` rooms) free for a stay, and what does its calendar
// look like? Pure: the service loads the holding reservations, blocked dates and pauses of the
// window it asks about. The database's unique night index stays the final word under
// concurrency; this module answers the pages ("already booked" before trying) and draws calendars.

import { nightPrice, type PricingTerms } from "~/domain/pricing";
import { holdsNights, type ReservationStatus } from "~/domain/reservation-state";
import {
  addDays,
  addMonths,
  daysInMonth,
  isoDayOfWeek,
  nightsOf,
  parseIsoMonth,
  rangeContains,
  todayInTunis,
  type DateRange,
  type IsoDate,
  type StayRange,
} from "~/domain/stay-dates";
import type { RuleIssue, StayField } from "~/domain/stay-rules";

/** A reservation of the listing; only holding statuses (pending_payment, confirmed) take nights. */
export interface ReservationNights {
  checkIn: IsoDate;
  checkOut: IsoDate;
  status: ReservationStatus;
  /** Rooms of a room type it takes (default 1). */
  rooms?: number;
}

export interface AvailabilityFacts {
  reservations: readonly ReservationNights[];
  /** Nights the host blocked in the calendar. */
  blockedDates: Iterable<IsoDate>;
  /** Nights an imported calendar (a feed, the channel manager) blocks: closed like a host block. */
  externalDates?: Iterable<IsoDate>;
  /** Half-open ranges during which the listing takes no booking. */
  pauses: readonly DateRange[];
  /** Rooms of a hotel room type (default 1: a whole listing or one guesthouse room). */
  quantity?: number;
}

/** A night's state, most telling first: booked > held > blocked > paused > free. */
export type NightState = "free" | "booked" | "held" | "blocked" | "paused";

export interface NightAvailability {
  date: IsoDate;
  state: NightState;
  /** Rooms still free that night (0 or 1 for a whole listing). */
  availableRooms: number;
}

export const AVAILABILITY_ERROR_KEYS = {
  datesBooked: "rules:stay.datesBooked",
  roomsLeft: "rules:stay.roomsLeft",
} as const;

function quantityOf(facts: AvailabilityFacts): number {
  const quantity = facts.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
  return quantity;
}

/** The state of every night of [from, to), computed in one pass over the reservations. */
export function nightStates(facts: AvailabilityFacts, from: IsoDate, to: IsoDate): NightAvailability[] {
  const quantity = quantityOf(facts);
  const dates = nightsOf(from, to);
  const booked = new Map<IsoDate, number>();
  const held = new Map<IsoDate, number>();
  for (const reservation of facts.reservations) {
    if (!holdsNights(reservation.status)) continue;
    const start = reservation.checkIn > from ? reservation.checkIn : from;
    const end = reservation.checkOut < to ? reservation.checkOut : to;
    const counts = reservation.status === "confirmed" ? booked : held;
    for (const date of nightsOf(start, end)) counts.set(date, (counts.get(date) ?? 0) + (reservation.rooms ?? 1));
  }
  const blocked = new Set(facts.blockedDates);
  for (const date of facts.externalDates ?? []) blocked.add(date);
  return dates.map((date) => {
    const bookedRooms = booked.get(date) ?? 0;
    const takenRooms = bookedRooms + (held.get(date) ?? 0);
    const isBlocked = blocked.has(date);
    const isPaused = facts.pauses.some((pause) => rangeContains(pause, date));
    const availableRooms = isBlocked || isPaused ? 0 : Math.max(0, quantity - takenRooms);
    let state: NightState = "free";
    if (quantity > 0 && bookedRooms >= quantity) state = "booked";
    else if (quantity > 0 && takenRooms >= quantity) state = "held";
    else if (isBlocked) state = "blocked";
    else if (isPaused) state = "paused";
    else if (quantity === 0) state = "blocked"; // a room type without rooms takes no booking
    return { date, state, availableRooms };
  });
}

/** The nights of the stay that cannot take `rooms` more rooms (empty = bookable). */
export function unavailableNights(facts: AvailabilityFacts, stay: StayRange, rooms = 1): NightAvailability[] {
  return nightStates(facts, stay.checkIn, stay.checkOut).filter((night) => night.availableRooms < rooms);
}

export function isStayAvailable(facts: AvailabilityFacts, stay: StayRange, rooms = 1): boolean {
  return unavailableNights(facts, stay, rooms).length === 0;
}

/**
 * The availability errors of a stay, shaped like validateStay's: "The selected dates are already
 * booked" when a night is taken, or "Only N rooms are left" when some but too few rooms are free.
 */
export function availabilityIssues(facts: AvailabilityFacts, stay: StayRange, rooms = 1): RuleIssue<StayField>[] {
  const missing = unavailableNights(facts, stay, rooms);
  if (missing.length === 0) return [];
  const fewest = Math.min(...missing.map((night) => night.availableRooms));
  if (fewest > 0) return [{ field: "rooms", key: AVAILABILITY_ERROR_KEYS.roomsLeft, values: { count: fewest } }];
  return [{ field: "checkIn", key: AVAILABILITY_ERROR_KEYS.datesBooked }];
}

// ---------------------------------------------------------------------------------------------
// A month calendar for a server-rendered page (traveler's availability and the host calendar)

export type CalendarDayState = NightState | "past";

export interface CalendarDay extends NightAvailability {
  /** Day of the month, 1–31. */
  day: number;
  /** `state`, except "past" for days before today (Tunis); `state` keeps what the night holds. */
  shownState: CalendarDayState;
  /** One room's price of the night, in millimes. */
  price: number;
  isToday: boolean;
  /** Can a stay include this night (not past, and a room free)? */
  bookable: boolean;
}

export interface MonthCalendar {
  /** `YYYY-MM`. */
  month: string;
  previousMonth: string;
  nextMonth: string;
  /** ISO weekdays of the columns (1 = Monday … 7 = Sunday), for the header. */
  weekdays: number[];
  /** Weeks × 7 cells; null pads the days before the 1st and after the last day. */
  weeks: Array<Array<CalendarDay | null>>;
}

/**
 * The month `YYYY-MM` as weeks of days, each with its state and price. Weeks start on Monday
 * (ISO, as in Tunisia and France) unless `weekStartsOn` = 7 (Sunday).
 */
export function monthCalendar(options: {
  month: string;
  now: Date;
  facts: AvailabilityFacts;
  pricing: Pick<PricingTerms, "nightlyPrice" | "pricesByDate">;
  weekStartsOn?: 1 | 7;
}): MonthCalendar {
  const parsed = parseIsoMonth(options.month);
  if (!parsed) throw new RangeError(`not a YYYY-MM month: ${options.month}`);
  const weekStartsOn = options.weekStartsOn ?? 1;
  const first = `${options.month}-01`;
  const length = daysInMonth(parsed.year, parsed.month);
  const today = todayInTunis(options.now);
  const nights = nightStates(options.facts, first, addDays(first, length));

  const column = (date: IsoDate) => (isoDayOfWeek(date) - weekStartsOn + 7) % 7;
  const cells: Array<CalendarDay | null> = Array.from({ length: column(first) }, () => null);
  for (const night of nights) {
    const past = night.date < today;
    cells.push({
      ...night,
      day: Number(night.date.slice(8)),
      shownState: past ? "past" : night.state,
      price: nightPrice(options.pricing, night.date),
      isToday: night.date === today,
      bookable: !past && night.availableRooms > 0,
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarDay | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));

  return {
    month: options.month,
    previousMonth: addMonths(options.month, -1),
    nextMonth: addMonths(options.month, 1),
    weekdays: Array.from({ length: 7 }, (_, index) => ((weekStartsOn - 1 + index) % 7) + 1),
    weeks,
  };
}
