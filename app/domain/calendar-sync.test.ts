import { describe, expect, it } from "vitest";
import {
  eventNights,
  isFeedStale,
  judgeCalendar,
  nextSyncAt,
  nightsFromEvents,
  planApply,
  type CalendarEvent,
} from "~/domain/calendar-sync";

const at = (iso: string) => new Date(iso);

describe("eventNights", () => {
  it.each<[string, CalendarEvent, string[]]>([
    ["all-day, DTEND exclusive", { start: { date: "2027-03-10" }, end: { date: "2027-03-13" } }, ["2027-03-10", "2027-03-11", "2027-03-12"]],
    ["one event per night", { start: { date: "2027-03-10" }, end: { date: "2027-03-11" } }, ["2027-03-10"]],
    ["all-day without an end: one night", { start: { date: "2027-03-10" }, end: null }, ["2027-03-10"]],
    ["end before start: its first night", { start: { date: "2027-03-10" }, end: { date: "2027-03-09" } }, ["2027-03-10"]],
    [
      "DATE-TIME arrival 15:00, departure 11:00 two days later (Tunis)",
      { start: { instant: at("2027-03-10T14:00:00Z") }, end: { instant: at("2027-03-12T10:00:00Z") } },
      ["2027-03-10", "2027-03-11"],
    ],
    [
      "DATE-TIME late in the UTC evening is the next day in Tunis",
      { start: { instant: at("2027-03-09T23:30:00Z") }, end: { instant: at("2027-03-10T23:30:00Z") } },
      ["2027-03-10"],
    ],
    [
      "DATE-TIME within one day blocks that night",
      { start: { instant: at("2027-03-10T08:00:00Z") }, end: { instant: at("2027-03-10T12:00:00Z") } },
      ["2027-03-10"],
    ],
  ])("%s", (_, event, nights) => {
    expect(eventNights(event)).toEqual(nights);
  });
});

describe("nightsFromEvents", () => {
  const now = at("2027-03-10T12:00:00Z");
  it.each<[string, CalendarEvent[], string[]]>([
    ["empty calendar", [], []],
    [
      "overlapping events give each night once, sorted",
      [
        { start: { date: "2027-03-12" }, end: { date: "2027-03-14" } },
        { start: { date: "2027-03-11" }, end: { date: "2027-03-13" } },
      ],
      ["2027-03-11", "2027-03-12", "2027-03-13"],
    ],
    ["past nights are dropped", [{ start: { date: "2027-03-08" }, end: { date: "2027-03-12" } }], ["2027-03-10", "2027-03-11"]],
    ["cancelled events block nothing", [{ start: { date: "2027-03-12" }, end: { date: "2027-03-14" }, cancelled: true }], []],
  ])("%s", (_, events, nights) => {
    expect(nightsFromEvents(events, now)).toEqual(nights);
  });

  it("stops at the horizon", () => {
    const nights = nightsFromEvents([{ start: { date: "2027-03-10" }, end: { date: "2027-03-20" } }], now, 3);
    expect(nights).toEqual(["2027-03-10", "2027-03-11", "2027-03-12"]);
  });
});

describe("judgeCalendar", () => {
  it.each([
    [{ eventCount: 0 }, 0, true],
    [{ eventCount: 0 }, 4, false],
    [{ eventCount: 2 }, 4, true],
    [{ eventCount: 1 }, 0, true],
  ])("%o after %i nights: accept %s", (parsed, previous, accept) => {
    const verdict = judgeCalendar(parsed, previous);
    expect(verdict.accept).toBe(accept);
    if (!accept) expect(verdict.error).toBe("suddenlyEmpty");
  });
});

describe("planApply", () => {
  it.each<[string, Parameters<typeof planApply>[0], ReturnType<typeof planApply>]>([
    [
      "takes new nights, frees the ones gone",
      { wanted: ["2027-01-02", "2027-01-03"], owned: ["2027-01-01", "2027-01-02"], reservations: new Map(), otherFeeds: new Set() },
      { take: ["2027-01-03"], free: ["2027-01-01"], conflicts: [] },
    ],
    [
      "a night a reservation holds is a conflict, never taken",
      { wanted: ["2027-01-02", "2027-01-03"], owned: [], reservations: new Map([["2027-01-03", 7]]), otherFeeds: new Set() },
      { take: ["2027-01-02"], free: [], conflicts: [{ night: "2027-01-03", reservationId: 7 }] },
    ],
    [
      "a night another feed blocks stays with it",
      { wanted: ["2027-01-02"], owned: [], reservations: new Map(), otherFeeds: new Set(["2027-01-02"]) },
      { take: [], free: [], conflicts: [] },
    ],
    [
      "nothing wanted frees everything owned",
      { wanted: [], owned: ["2027-01-05", "2027-01-04"], reservations: new Map(), otherFeeds: new Set() },
      { take: [], free: ["2027-01-04", "2027-01-05"], conflicts: [] },
    ],
  ])("%s", (_, input, plan) => {
    expect(planApply(input)).toEqual(plan);
  });
});

describe("isFeedStale", () => {
  const now = at("2027-03-10T12:00:00Z");
  it.each([
    [{ lastSuccessAt: at("2027-03-10T09:00:01Z"), createdAt: at("2027-01-01T00:00:00Z") }, false],
    [{ lastSuccessAt: at("2027-03-10T08:59:59Z"), createdAt: at("2027-01-01T00:00:00Z") }, true],
    [{ lastSuccessAt: null, createdAt: at("2027-03-10T11:00:00Z") }, false],
    [{ lastSuccessAt: null, createdAt: at("2027-03-10T08:00:00Z") }, true],
  ])("%o → %s", (feed, stale) => {
    expect(isFeedStale(feed, now)).toBe(stale);
  });
});

describe("nextSyncAt", () => {
  const now = at("2027-03-10T12:00:00Z");
  it.each([
    [0, 15, 15],
    [1, 15, 15],
    [2, 15, 30],
    [3, 15, 60],
    [5, 15, 240],
    [6, 15, 360],
    [20, 15, 360],
    [0, 5, 5],
  ])("after %i failures every %i min: %i min later", (failures, interval, minutes) => {
    expect(nextSyncAt(now, failures, interval).getTime() - now.getTime()).toBe(minutes * 60_000);
  });
});
