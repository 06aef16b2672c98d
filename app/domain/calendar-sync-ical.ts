// iCalendar (RFC 5545) in and out, with ical.js (ADR 120): reading what Airbnb, Booking.com, Vrbo
// and channel managers export (folded lines, escapes, DURATION instead of DTEND, DATE-TIME events)
// into CalendarEvents, and writing a unit's unavailable nights as all-day events. Pure: text in,
// text out.

import ICAL from "ical.js";
import type { CalendarEvent, EventTime } from "~/domain/calendar-sync";
import { addDays, STAY_TIME_ZONE, zonedParts, type IsoDate } from "~/domain/stay-dates";

// ical.js folds a line into segments of `foldLength` UTF-8 octets and puts a space before each
// continuation, so 74 keeps every physical line, the space included, within RFC 5545's 75 octets.
ICAL.foldLength = 74;

export type ParsedCalendar = { ok: true; events: CalendarEvent[] } | { ok: false; error: "notCalendar" };

/** `timeZone` if Intl knows it (an IANA name), else Africa/Tunis (e.g. a Windows zone name). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return STAY_TIME_ZONE;
  }
}

function offsetMs(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time shows in `timeZone` (two passes, for a DST change). */
function wallClockInstant(time: ICAL.Time, timeZone: string): Date {
  const zone = knownZone(timeZone);
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  let guess = wall - offsetMs(wall, zone);
  guess = wall - offsetMs(guess, zone);
  return new Date(guess);
}

function isoDate(time: ICAL.Time): IsoDate {
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

/** A DATE stays a date; a DATE-TIME in UTC is that instant; with a TZID it is taken in that zone; floating, in Africa/Tunis. */
function eventTime(property: ICAL.Property): EventTime | null {
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  if (value.isDate) return { date: isoDate(value) };
  if (value.zone === ICAL.Timezone.utcTimezone) return { instant: value.toJSDate() };
  const tzid = property.getParameter("tzid");
  return { instant: wallClockInstant(value, typeof tzid === "string" ? tzid : STAY_TIME_ZONE) };
}

function plusDuration(start: EventTime, duration: ICAL.Duration): EventTime {
  const seconds = duration.toSeconds();
  if ("date" in start) return { date: addDays(start.date, Math.max(1, Math.ceil(seconds / 86_400))) };
  return { instant: new Date(start.instant.getTime() + seconds * 1000) };
}

function readEvent(vevent: ICAL.Component): CalendarEvent | null {
  const startProperty = vevent.getFirstProperty("dtstart");
  const start = startProperty ? eventTime(startProperty) : null;
  if (!start) return null;
  const endProperty = vevent.getFirstProperty("dtend");
  const duration = vevent.getFirstPropertyValue("duration");
  let end: EventTime | null = endProperty ? eventTime(endProperty) : null;
  if (!end && duration instanceof ICAL.Duration) end = plusDuration(start, duration);
  const status = vevent.getFirstPropertyValue("status");
  return { start, end, cancelled: typeof status === "string" && status.toUpperCase() === "CANCELLED" };
}

/**
 * Reads an iCalendar document. Anything that is not one (an HTML error page, JSON, an empty body,
 * a document that does not parse) is `notCalendar`, so the caller changes nothing.
 */
export function parseCalendar(text: string): ParsedCalendar {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body)) return { ok: false, error: "notCalendar" };
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(body);
    const first = Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : (parsed as unknown[]);
    root = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch {
    return { ok: false, error: "notCalendar" };
  }
  if (root.name !== "vcalendar") return { ok: false, error: "notCalendar" };
  const events: CalendarEvent[] = [];
  for (const vevent of root.getAllSubcomponents("vevent")) {
    const event = readEvent(vevent);
    if (event) events.push(event);
  }
  return { ok: true, events };
}

export interface ExportEvent {
  uid: string;
  /** First night. */
  start: IsoDate;
  /** The day after the last night (DTEND is exclusive). */
  end: IsoDate;
  summary: string;
}

function dateValue(date: IsoDate): ICAL.Time {
  const [year, month, day] = date.split("-").map(Number);
  return ICAL.Time.fromData({ year: year!, month: month!, day: day!, isDate: true });
}

/** An iCalendar document of all-day events (no guest data: a summary and dates only). */
export function buildCalendar(input: { name: string; events: readonly ExportEvent[]; now: Date }): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Darna//Calendar export//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", input.name);
  const stamp = ICAL.Time.fromJSDate(input.now, true);
  for (const event of input.events) {
    const vevent = new ICAL.Component("vevent");
    vevent.addPropertyWithValue("uid", event.uid);
    vevent.addPropertyWithValue("dtstamp", stamp);
    vevent.addPropertyWithValue("dtstart", dateValue(event.start));
    vevent.addPropertyWithValue("dtend", dateValue(event.end));
    vevent.addPropertyWithValue("summary", event.summary);
    vevent.addPropertyWithValue("transp", "OPAQUE");
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}
