import { describe, expect, it } from "vitest";
import { calendarDateIn, isAtLeastAge, isRealCalendarDate, splitCalendarDate, toCalendarDate } from "./birth-date";

describe("isRealCalendarDate", () => {
  it.each([
    [2000, 1, 31, true],
    [2001, 4, 30, true],
    [2001, 4, 31, false],
    [2000, 2, 29, true], // divisible by 400
    [1900, 2, 29, false], // divisible by 100, not 400
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2023, 2, 28, true],
    [2023, 13, 1, false],
    [2023, 0, 1, false],
    [2023, 1, 0, false],
    [2023, 12, 31, true],
    [2023, 6, 1.5, false],
  ])("%i-%i-%s → %s", (year, month, day, expected) => {
    expect(isRealCalendarDate(year, month, day)).toBe(expected);
  });
});

describe("isAtLeastAge (18)", () => {
  it.each([
    // born,              today,        18?
    [[2007, 6, 1], "2025-06-01", true], // 18th birthday today
    [[2007, 6, 2], "2025-06-01", false], // tomorrow
    [[2007, 5, 31], "2025-06-01", true],
    [[2007, 7, 1], "2025-06-01", false], // next month
    [[2006, 12, 31], "2025-01-01", true],
    [[2008, 1, 1], "2025-12-31", false],
    [[2004, 2, 29], "2022-02-28", false], // leap-day birthday: not yet on 28 February
    [[2004, 2, 29], "2022-03-01", true], // reached on 1 March
    [[1950, 1, 1], "2025-06-01", true],
  ] as const)("born %j, today %s → %s", ([year, month, day], today, expected) => {
    expect(isAtLeastAge(year, month, day, today)).toBe(expected);
  });
});

describe("calendar helpers", () => {
  it("formats and splits YYYY-MM-DD", () => {
    expect(toCalendarDate(1994, 5, 2)).toBe("1994-05-02");
    expect(splitCalendarDate("1994-05-02")).toEqual({ year: 1994, month: 5, day: 2 });
    expect(splitCalendarDate(null)).toEqual({});
  });

  it("gives today's date in a time zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Tunis (UTC+1).
    const now = new Date("2024-12-31T23:30:00Z");
    expect(calendarDateIn("Africa/Tunis", now)).toBe("2025-01-01");
    expect(calendarDateIn("UTC", now)).toBe("2024-12-31");
  });
});
