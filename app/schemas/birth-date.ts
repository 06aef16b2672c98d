// Date-of-birth rules of SPEC.md §5 and §9, shared by the sign-up and profile forms.
// Pure: "today" is a parameter (a `YYYY-MM-DD` calendar date), so tests can set the clock.

export const MINIMUM_AGE = 18;
export const YEAR_LOWER_BOUND = 1900; // the year must be greater than this

/** Whether day/month/year name a date that exists (no 31 April, 29 February only in leap years). */
export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseCalendarDate(value: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * Whether someone born on year-month-day is at least `minimumAge` on `today`.
 * Birthdays compare as (year, month, day) tuples, so a 29 February birthday is reached on
 * 1 March in years without one.
 */
export function isAtLeastAge(year: number, month: number, day: number, today: string, minimumAge = MINIMUM_AGE): boolean {
  const [ty, tm, td] = parseCalendarDate(today);
  const by = year + minimumAge;
  if (ty !== by) return ty > by;
  if (tm !== month) return tm > month;
  return td >= day;
}

export function yearOf(today: string): number {
  return parseCalendarDate(today)[0];
}

export function toCalendarDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Splits a stored `YYYY-MM-DD` birth date into the form's three fields. */
export function splitCalendarDate(value: string | null | undefined): { day?: number; month?: number; year?: number } {
  if (!value) return {};
  const [year, month, day] = parseCalendarDate(value.slice(0, 10));
  return { year, month, day };
}

/** Today's calendar date in a time zone (Darna's dates are Africa/Tunis dates). */
export function calendarDateIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}
