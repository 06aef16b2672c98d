import fs from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { nightsFromEvents } from "~/domain/calendar-sync";
import { buildCalendar, parseCalendar } from "~/domain/calendar-sync-ical";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/ical", name), "utf8");
const now = new Date("2027-03-01T10:00:00Z");

function nightsOf(text: string): string[] {
  const parsed = parseCalendar(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return nightsFromEvents(parsed.events, now);
}

const calendar = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");

describe("parseCalendar: the shapes platforms export", () => {
  it.each([
    // Airbnb: DTSTAMP, a DESCRIPTION folded over two lines with escaped newlines, "Not available" blocks.
    ["airbnb.ics", ["2027-03-12", "2027-03-13", "2027-03-14", "2027-04-01"]],
    // Booking.com: no DTSTAMP, one event per night.
    ["booking.ics", ["2027-03-20", "2027-03-21", "2027-03-22"]],
    // Vrbo: DURATION instead of DTEND, DATE-TIME events in UTC and with a TZID, over-escaped text,
    // a cancelled event that blocks nothing.
    ["vrbo.ics", ["2027-05-01", "2027-05-02", "2027-05-03", "2027-05-10", "2027-05-11", "2027-05-20", "2027-05-21"]],
    ["empty.ics", []],
  ])("%s", (name, nights) => {
    expect(nightsOf(fixture(name))).toEqual(nights);
  });

  it("an empty calendar is a calendar with no events", () => {
    expect(parseCalendar(fixture("empty.ics"))).toEqual({ ok: true, events: [] });
  });

  it.each([
    ["an HTML error page", fixture("html-error.html")],
    ["an empty body", ""],
    ["JSON", '{"error":"not found"}'],
    ["a calendar that does not parse", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2027\r\n"],
  ])("%s is not a calendar", (_, text) => {
    expect(parseCalendar(text)).toEqual({ ok: false, error: "notCalendar" });
  });

  it.each([
    ["a UTC DATE-TIME late in the evening is the next day in Tunis", "DTSTART:20270310T233000Z", "DTEND:20270311T233000Z", ["2027-03-11"]],
    ["a floating DATE-TIME is taken in Tunis", "DTSTART:20270310T233000", "DTEND:20270311T233000", ["2027-03-10"]],
    ["an unknown TZID is taken in Tunis", "DTSTART;TZID=W. Europe Standard Time:20270310T233000", "DURATION:PT20H", ["2027-03-10"]],
    ["a date with DURATION of a week", "DTSTART;VALUE=DATE:20270310", "DURATION:P1W", ["2027-03-10", "2027-03-11", "2027-03-12", "2027-03-13", "2027-03-14", "2027-03-15", "2027-03-16"]],
    ["a date without DTEND nor DURATION is one night", "DTSTART;VALUE=DATE:20270310", "SUMMARY:Blocked", ["2027-03-10"]],
  ])("%s", (_, startLine, endLine, nights) => {
    expect(nightsOf(calendar("BEGIN:VEVENT", "UID:x", startLine, endLine, "END:VEVENT"))).toEqual(nights);
  });

  it("reads LF-only files and a byte-order mark", () => {
    const text = `\uFEFF${fixture("booking.ics").replace(/\r\n/g, "\n")}`;
    expect(nightsOf(text)).toEqual(["2027-03-20", "2027-03-21", "2027-03-22"]);
  });
});

describe("buildCalendar", () => {
  const text = buildCalendar({
    name: "Dar Sidi Bou Saïd — a long name with accents, éèà, so that the line must fold across a multibyte character ✓✓✓",
    events: [
      { uid: "listing-12-reserved-2027-03-10@darna", start: "2027-03-10", end: "2027-03-13", summary: "Reserved" },
      { uid: "listing-12-unavailable-2027-03-20@darna", start: "2027-03-20", end: "2027-03-21", summary: "Not available" },
    ],
    now,
  });

  it("is valid iCalendar that a maintained library parses back: all-day events, exclusive DTEND, UID, DTSTAMP, SUMMARY", () => {
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("prodid")).toBeTruthy();
    const events = root.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        allDay: event.startDate.isDate && event.endDate.isDate,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
        stamp: vevent.getFirstPropertyValue("dtstamp")?.toString(),
      };
    });
    expect(events).toEqual([
      { uid: "listing-12-reserved-2027-03-10@darna", summary: "Reserved", allDay: true, start: "2027-03-10", end: "2027-03-13", stamp: "2027-03-01T10:00:00Z" },
      { uid: "listing-12-unavailable-2027-03-20@darna", summary: "Not available", allDay: true, start: "2027-03-20", end: "2027-03-21", stamp: "2027-03-01T10:00:00Z" },
    ]);
    expect(text).toContain("DTSTART;VALUE=DATE:20270310\r\n");
    expect(text).toContain("DTEND;VALUE=DATE:20270313\r\n");
  });

  it("ends every line with CRLF and folds them at 75 octets", () => {
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Unfolded, the name comes back whole.
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(root.getFirstPropertyValue("x-wr-calname")).toContain("✓✓✓");
  });
});
