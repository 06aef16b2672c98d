// Calendar dates of stays. A stay is the half-open range [checkIn, checkOut) of `YYYY-MM-DD`
// strings: its nights are checkIn, checkIn+1 … checkOut−1, so back-to-back stays share no night.
// Dates are calendar dates in Africa/Tunis, never instants: arithmetic runs on UTC midnights,
// where every day has 24 hours, and "today" is read from an instant with Intl in Tunis time.

export const STAY_TIME_ZONE = "Africa/Tunis";

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** A half-open range of dates [start, end) (blocks, pauses, any span of nights). */
export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/** A stay: its nights are [checkIn, checkOut). */
export interface StayRange {
  checkIn: IsoDate;
  checkOut: IsoDate;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Year, month (1–12) and day of a real calendar date, or null ("2026-02-30" is null). */
export function parseIsoDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== "string") return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is IsoDate {
  return parseIsoDate(value) !== null;
}

/** A month, `YYYY-MM` (the calendar pages' parameter), or null. */
export function parseIsoMonth(value: unknown): { year: number; month: number } | null {
  if (typeof value !== "string") return null;
  const match = ISO_MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** A listing's time of day ("15:00") as minutes after midnight, or null when not `HH:MM`. */
export function parseTimeOfDay(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = HH_MM.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function requireDate(value: IsoDate): { year: number; month: number; day: number } {
  const parts = parseIsoDate(value);
  if (!parts) throw new RangeError(`not a YYYY-MM-DD date: ${String(value)}`);
  return parts;
}

/** Days since 1970-01-01 (an integer; the arithmetic of this module). */
export function toDayNumber(date: IsoDate): number {
  const { year, month, day } = requireDate(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  if (!Number.isSafeInteger(dayNumber)) throw new RangeError(`not a whole day number: ${dayNumber}`);
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  return fromDayNumber(toDayNumber(date) + days);
}

/** Nights of the stay [checkIn, checkOut): checkOut − checkIn in days (≤ 0 when not after). */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): number {
  return toDayNumber(checkOut) - toDayNumber(checkIn);
}

/** Every night of [start, end), in order; empty when end ≤ start. */
export function nightsOf(start: IsoDate, end: IsoDate): IsoDate[] {
  // A search prices hundreds of listings for the same stay: the last range's nights are kept
  // (a copy is returned, the strings are immutable).
  if (lastNights && lastNights.start === start && lastNights.end === end) return [...lastNights.nights];
  const first = toDayNumber(start);
  const count = toDayNumber(end) - first;
  const nights: IsoDate[] = [];
  for (let offset = 0; offset < count; offset += 1) nights.push(fromDayNumber(first + offset));
  lastNights = { start, end, nights };
  return [...nights];
}
let lastNights: { start: IsoDate; end: IsoDate; nights: IsoDate[] } | null = null;

/** Do two half-open ranges share a night? (Touching ranges, one's end = other's start, do not; nor does an empty range.) */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < a.end && b.start < b.end && a.start < b.end && b.start < a.end;
}

/** Is `date` one of the nights of [start, end)? */
export function rangeContains(range: DateRange, date: IsoDate): boolean {
  return range.start <= date && date < range.end;
}

/** Day of the week, 0 = Sunday … 6 = Saturday (as Date#getUTCDay). */
export function dayOfWeek(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/** ISO day of the week, 1 = Monday … 7 = Sunday (calendars here start on Monday). */
export function isoDayOfWeek(date: IsoDate): number {
  return dayOfWeek(date) === 0 ? 7 : dayOfWeek(date);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts `timeZone` shows at `instant` (throws RangeError for an unknown zone). */
export function zonedParts(instant: Date, timeZone: string): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  // formatToParts is the costly part, and a request asks for the same second several times
  // (ADR 247): the last answer per zone is kept for its whole second (the parts stop at seconds).
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastParts.get(timeZone);
  if (last && last.second === second) return { ...last.parts };
  const result = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(instant)) {
    if (part.type in result) result[part.type as keyof typeof result] = Number(part.value);
  }
  lastParts.set(timeZone, { second, parts: { ...result } });
  return result;
}

const lastParts = new Map<string, { second: number; parts: ReturnType<typeof zonedParts> }>();

function requireInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new RangeError("not a valid instant");
}

/** The calendar date in Tunis at `instant` (the "today" of every stay rule). */
export function dateInTunis(instant: Date): IsoDate {
  requireInstant(instant);
  const { year, month, day } = zonedParts(instant, STAY_TIME_ZONE);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Alias that reads well at call sites: `todayInTunis(now)`.
 * @alias
 */
export const todayInTunis = dateInTunis;

/** Minutes east of UTC that Tunis clocks show at `instant` (60 today; DST existed 2005–2008). */
export function tunisOffsetMinutes(instant: Date): number {
  requireInstant(instant);
  const p = zonedParts(instant, STAY_TIME_ZONE);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which Tunis clocks show `date` at `minutesAfterMidnight` (e.g. a listing's
 * check-in time). Two passes over the offset so a (historical) DST change is respected.
 */
export function tunisInstant(date: IsoDate, minutesAfterMidnight = 0): Date {
  if (!Number.isInteger(minutesAfterMidnight) || minutesAfterMidnight < 0 || minutesAfterMidnight >= 24 * 60) {
    throw new RangeError(`minutes after midnight must be 0–1439, got ${minutesAfterMidnight}`);
  }
  const wallClockAsUtc = toDayNumber(date) * DAY_MS + minutesAfterMidnight * 60_000;
  let guess = wallClockAsUtc - tunisOffsetMinutes(new Date(wallClockAsUtc)) * 60_000;
  guess = wallClockAsUtc - tunisOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

/** The first day of the month of `date` ("2026-08-19" → "2026-08-01"). */
export function firstOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/** The month `months` after the `YYYY-MM` month ("2026-12", 1 → "2027-01"). */
export function addMonths(month: string, months: number): string {
  const parsed = parseIsoMonth(month);
  if (!parsed) throw new RangeError(`not a YYYY-MM month: ${month}`);
  if (!Number.isSafeInteger(months)) throw new RangeError(`months must be a whole number, got ${months}`);
  const index = parsed.year * 12 + (parsed.month - 1) + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}
