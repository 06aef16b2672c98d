import { describe, expect, it } from "vitest";
import { bucketsOf, classifyPage, normalizeDestination, weekOf } from "./analytics-buckets";

describe("weekOf", () => {
  it.each([
    ["2026-03-02", "2026-03-02"], // a Monday
    ["2026-03-08", "2026-03-02"], // the Sunday after
    ["2026-01-01", "2025-12-29"], // across a year
  ])("%s is in the week of %s", (day, monday) => expect(weekOf(day)).toBe(monday));
});

describe("classifyPage", () => {
  it.each([
    ["/accommodation?destination=Hammamet", "search", "hammamet"],
    ["/fr/search-by-map?destination=Sidi%20Bou%20Sa%C3%AFd&page=2", "search", "sidi bou said"],
    ["/es/accommodation", "search", null],
    ["/accommodation?destination=%20%20", "search", null],
    ["/property-details/12?checkIn=2026-04-01", "property", null],
    ["/fr/property-details/12/", "property", null],
    ["/property-details/abc", "other", null],
    ["/frx/accommodation", "other", null],
    ["/", "other", null],
  ])("%s is a %s page (destination %s)", (path, page, destination) => {
    expect(classifyPage(path)).toEqual({ page, destination });
  });
});

describe("normalizeDestination and bucketsOf", () => {
  it("folds case, accents and spaces, and buckets by the Tunis day", () => {
    expect(normalizeDestination("  Kélibia   Plage ")).toBe("kelibia plage");
    expect(normalizeDestination("x".repeat(150))).toHaveLength(100);
    // 23:30 UTC on 1 March is 00:30 on 2 March in Tunis (UTC+1).
    expect(bucketsOf("Page View", "/accommodation?destination=Tunis", "document", new Date("2026-03-01T23:30:00Z"))).toEqual({
      day: "2026-03-02",
      week: "2026-03-02",
      page: "search",
      source: "document",
      destination: "tunis",
    });
    expect(bucketsOf("Booked Trip", "/accommodation", null, new Date("2026-03-01T12:00:00Z"))).toEqual({
      day: "2026-03-01",
      week: "2026-02-23",
      page: null,
      source: null,
      destination: null,
    });
  });
});
