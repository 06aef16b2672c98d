import { describe, expect, it, vi } from "vitest";
import {
  addDays,
  addMonths,
  dateInTunis,
  dayOfWeek,
  daysInMonth,
  firstOfMonth,
  isIsoDate,
  isoDayOfWeek,
  nightsBetween,
  nightsOf,
  parseIsoMonth,
  parseTimeOfDay,
  rangeContains,
  rangesOverlap,
  todayInTunis,
  tunisInstant,
  tunisOffsetMinutes,
  zonedParts,
} from "~/domain/stay-dates";

describe("isIsoDate", () => {
  it.each([
    ["2026-08-12", true],
    ["2024-02-29", true],
    ["2000-02-29", true],
    ["2026-12-31", true],
    ["1900-02-29", false],
    ["2026-02-29", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-8-12", false],
    ["12/08/2026", false],
    ["2026-08-12T00:00:00Z", false],
    [" 2026-08-12", false],
    ["", false],
    [null, false],
    [20260812, false],
  ])("%j → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe("parseIsoMonth and parseTimeOfDay", () => {
  it.each([
    ["2026-08", { year: 2026, month: 8 }],
    ["2026-13", null],
    ["2026-8", null],
    ["2026-08-01", null],
  ])("month %j → %j", (value, expected) => {
    expect(parseIsoMonth(value)).toEqual(expected);
  });

  it.each([
    ["00:00", 0],
    ["14:00", 840],
    ["23:59", 1439],
    ["24:00", null],
    ["9:00", null],
    ["14h00", null],
    [undefined, null],
  ])("time %j → %j", (value, expected) => {
    expect(parseTimeOfDay(value)).toBe(expected);
  });
});

describe("addDays and nightsBetween", () => {
  it.each([
    ["2026-08-12", 1, "2026-08-13"],
    ["2026-08-31", 1, "2026-09-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-08-12", 0, "2026-08-12"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2026-03-28", 2, "2026-03-30"], // Europe's DST weekend changes nothing for calendar dates
  ])("%s + %i days = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(nightsBetween(date, expected)).toBe(days);
  });

  it("refuses malformed input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("2026-02-01", 1.5)).toThrow(RangeError);
    expect(() => nightsBetween("x", "2026-01-01")).toThrow(RangeError);
  });
});

describe("nightsOf", () => {
  it.each([
    ["2026-08-12", "2026-08-15", ["2026-08-12", "2026-08-13", "2026-08-14"]],
    ["2026-12-30", "2027-01-02", ["2026-12-30", "2026-12-31", "2027-01-01"]],
    ["2026-08-12", "2026-08-13", ["2026-08-12"]],
    ["2026-08-12", "2026-08-12", []],
    ["2026-08-15", "2026-08-12", []],
  ])("[%s, %s) → %j", (start, end, expected) => {
    expect(nightsOf(start, end)).toEqual(expected);
  });
});

describe("rangesOverlap and rangeContains (half-open)", () => {
  const stay = { start: "2026-08-12", end: "2026-08-15" };
  it.each([
    [{ start: "2026-08-15", end: "2026-08-20" }, false], // arrives the day the other leaves
    [{ start: "2026-08-10", end: "2026-08-12" }, false], // leaves the day the other arrives
    [{ start: "2026-08-14", end: "2026-08-20" }, true],
    [{ start: "2026-08-10", end: "2026-08-13" }, true],
    [{ start: "2026-08-13", end: "2026-08-14" }, true], // inside
    [{ start: "2026-08-01", end: "2026-08-31" }, true], // around
    [{ start: "2026-08-12", end: "2026-08-15" }, true], // same
    [{ start: "2026-08-13", end: "2026-08-13" }, false], // empty range
  ])("%j overlaps [12, 15): %s", (other, expected) => {
    expect(rangesOverlap(stay, other)).toBe(expected);
    expect(rangesOverlap(other, stay)).toBe(expected);
  });

  it.each([
    ["2026-08-11", false],
    ["2026-08-12", true],
    ["2026-08-14", true],
    ["2026-08-15", false],
  ])("contains %s: %s", (date, expected) => {
    expect(rangeContains(stay, date)).toBe(expected);
  });
});

describe("day of week", () => {
  it.each([
    ["1970-01-01", 4, 4],
    ["2026-08-12", 3, 3], // Wednesday
    ["2026-08-16", 0, 7], // Sunday
    ["2026-08-17", 1, 1], // Monday
    ["1969-12-31", 3, 3],
  ])("%s → %i (ISO %i)", (date, day, iso) => {
    expect(dayOfWeek(date)).toBe(day);
    expect(isoDayOfWeek(date)).toBe(iso);
    expect(dayOfWeek(date)).toBe(new Date(`${date}T12:00:00Z`).getUTCDay());
  });
});

describe("today in Tunis", () => {
  it.each([
    ["2026-08-11T22:59:59Z", "2026-08-11"], // 23:59:59 in Tunis
    ["2026-08-11T23:00:00Z", "2026-08-12"], // midnight in Tunis, still the 11th in UTC
    ["2026-12-31T23:30:00Z", "2027-01-01"],
    ["2026-01-15T10:00:00Z", "2026-01-15"],
    ["2007-07-01T22:30:00Z", "2007-07-02"], // Tunis observed DST (UTC+2) in 2007
  ])("%s → %s", (instant, expected) => {
    expect(dateInTunis(new Date(instant))).toBe(expected);
    expect(todayInTunis(new Date(instant))).toBe(expected);
  });

  it("refuses an invalid instant", () => {
    expect(() => dateInTunis(new Date("nope"))).toThrow(RangeError);
  });
});

describe("Tunis wall clock → instant", () => {
  it.each([
    ["2026-08-12", 0, "2026-08-11T23:00:00.000Z"],
    ["2026-08-12", 15 * 60, "2026-08-12T14:00:00.000Z"],
    ["2026-01-01", 0, "2025-12-31T23:00:00.000Z"],
    ["2007-07-02", 0, "2007-07-01T22:00:00.000Z"], // UTC+2 then
  ])("%s at minute %i → %s", (date, minutes, expected) => {
    expect(tunisInstant(date, minutes).toISOString()).toBe(expected);
    expect(dateInTunis(tunisInstant(date, minutes))).toBe(date);
  });

  it("knows the offset", () => {
    expect(tunisOffsetMinutes(new Date("2026-08-12T12:00:00Z"))).toBe(60);
    expect(tunisOffsetMinutes(new Date("2007-07-12T12:00:00Z"))).toBe(120);
  });

  it("refuses minutes outside the day", () => {
    expect(() => tunisInstant("2026-08-12", 1440)).toThrow(RangeError);
  });
});

describe("months", () => {
  it.each([
    [2024, 2, 29],
    [2026, 2, 28],
    [2026, 4, 30],
    [2026, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ["2026-12", 1, "2027-01"],
    ["2026-01", -1, "2025-12"],
    ["2026-08", 0, "2026-08"],
    ["2026-08", 17, "2028-01"],
  ])("%s + %i months = %s", (month, months, expected) => {
    expect(addMonths(month, months)).toBe(expected);
  });

  it("finds the first of the month", () => {
    expect(firstOfMonth("2026-08-19")).toBe("2026-08-01");
  });
});

describe("zonedParts (ADR 247: one formatToParts per zone and second)", () => {
  it("gives each second's own parts, asking Intl once per second and zone", () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    const base = Date.UTC(2031, 0, 1, 22, 59, 59);
    expect(zonedParts(new Date(base), "Africa/Tunis")).toEqual({ year: 2031, month: 1, day: 1, hour: 23, minute: 59, second: 59 });
    const parts = zonedParts(new Date(base + 999), "Africa/Tunis");
    expect(parts).toEqual({ year: 2031, month: 1, day: 1, hour: 23, minute: 59, second: 59 });
    expect(spy).toHaveBeenCalledTimes(1);
    parts.day = 31; // a caller's change stays its own
    expect(zonedParts(new Date(base + 500), "Africa/Tunis").day).toBe(1);
    expect(zonedParts(new Date(base + 1000), "Africa/Tunis")).toEqual({ year: 2031, month: 1, day: 2, hour: 0, minute: 0, second: 0 });
    expect(zonedParts(new Date(base + 1000), "UTC")).toEqual({ year: 2031, month: 1, day: 1, hour: 23, minute: 0, second: 0 });
    expect(spy).toHaveBeenCalledTimes(3);
    expect(dateInTunis(new Date(base + 1000))).toBe("2031-01-02");
    spy.mockRestore();
  });
});
