import { describe, expect, it } from "vitest";
import {
  availabilityIssues,
  isStayAvailable,
  monthCalendar,
  nightStates,
  unavailableNights,
  type AvailabilityFacts,
} from "~/domain/availability";

const listing: AvailabilityFacts = {
  reservations: [
    { checkIn: "2026-08-12", checkOut: "2026-08-15", status: "confirmed" },
    { checkIn: "2026-08-20", checkOut: "2026-08-22", status: "pending_payment" },
    { checkIn: "2026-08-05", checkOut: "2026-08-08", status: "pending_host" }, // a request holds nothing
    { checkIn: "2026-08-01", checkOut: "2026-08-04", status: "cancelled" },
    { checkIn: "2026-08-28", checkOut: "2026-08-30", status: "expired" },
  ],
  blockedDates: ["2026-08-17", "2026-08-18"],
  pauses: [{ start: "2026-08-25", end: "2026-08-28" }],
};

describe("a whole listing: is [checkIn, checkOut) free?", () => {
  it.each([
    ["2026-08-15", "2026-08-17", true, "arrives the day a stay leaves, leaves the day a block starts"],
    ["2026-08-10", "2026-08-12", true, "leaves the day a stay arrives"],
    ["2026-08-14", "2026-08-16", false, "a booked night"],
    ["2026-08-11", "2026-08-16", false, "around a booking"],
    ["2026-08-16", "2026-08-18", false, "a blocked night"],
    ["2026-08-19", "2026-08-20", true, "the night before a hold"],
    ["2026-08-19", "2026-08-21", false, "a held (unpaid) night"],
    ["2026-08-22", "2026-08-25", true, "up to a pause"],
    ["2026-08-24", "2026-08-26", false, "into a pause"],
    ["2026-08-28", "2026-08-30", true, "the day a pause ends; an expired request holds nothing"],
    ["2026-08-05", "2026-08-08", true, "over a pending request"],
    ["2026-08-01", "2026-08-04", true, "over a cancelled stay"],
  ])("[%s, %s) → %s (%s)", (checkIn, checkOut, expected) => {
    expect(isStayAvailable(listing, { checkIn, checkOut })).toBe(expected);
    expect(availabilityIssues(listing, { checkIn, checkOut })).toEqual(
      expected ? [] : [{ field: "checkIn", key: "rules:stay.datesBooked" }],
    );
  });

  it("lists the unavailable nights with why", () => {
    expect(unavailableNights(listing, { checkIn: "2026-08-13", checkOut: "2026-08-27" }).map((night) => `${night.date.slice(8)} ${night.state}`)).toEqual([
      "13 booked",
      "14 booked",
      "17 blocked",
      "18 blocked",
      "20 held",
      "21 held",
      "25 paused",
      "26 paused",
    ]);
  });

  it("closes the nights an imported calendar blocks, like the host's blocks", () => {
    const facts = { ...listing, externalDates: ["2026-08-10", "2026-08-13"] };
    expect(isStayAvailable(facts, { checkIn: "2026-08-09", checkOut: "2026-08-11" })).toBe(false);
    expect(isStayAvailable(facts, { checkIn: "2026-08-08", checkOut: "2026-08-10" })).toBe(true);
    expect(nightStates(facts, "2026-08-10", "2026-08-11")).toEqual([{ date: "2026-08-10", state: "blocked", availableRooms: 0 }]);
    // A night a reservation holds stays shown booked (the import is a conflict, not a cancellation).
    expect(nightStates(facts, "2026-08-13", "2026-08-14")).toEqual([{ date: "2026-08-13", state: "booked", availableRooms: 0 }]);
  });

  it("shows booked over blocked when a host blocks a booked night", () => {
    const facts = { ...listing, blockedDates: new Set(["2026-08-13"]) };
    expect(nightStates(facts, "2026-08-13", "2026-08-14")).toEqual([{ date: "2026-08-13", state: "booked", availableRooms: 0 }]);
  });
});

describe("a hotel room type with 3 rooms", () => {
  const roomType: AvailabilityFacts = {
    quantity: 3,
    reservations: [
      { checkIn: "2026-08-12", checkOut: "2026-08-15", status: "confirmed", rooms: 2 },
      { checkIn: "2026-08-13", checkOut: "2026-08-14", status: "pending_payment", rooms: 1 },
      { checkIn: "2026-08-20", checkOut: "2026-08-21", status: "confirmed", rooms: 3 },
      { checkIn: "2026-08-12", checkOut: "2026-08-15", status: "cancelled", rooms: 3 },
    ],
    blockedDates: ["2026-08-25"],
    pauses: [],
  };

  it("counts rooms per night", () => {
    expect(nightStates(roomType, "2026-08-11", "2026-08-15")).toEqual([
      { date: "2026-08-11", state: "free", availableRooms: 3 },
      { date: "2026-08-12", state: "free", availableRooms: 1 },
      { date: "2026-08-13", state: "held", availableRooms: 0 }, // full, one room unpaid
      { date: "2026-08-14", state: "free", availableRooms: 1 },
    ]);
    expect(nightStates(roomType, "2026-08-20", "2026-08-21")).toEqual([{ date: "2026-08-20", state: "booked", availableRooms: 0 }]);
    expect(nightStates(roomType, "2026-08-25", "2026-08-26")).toEqual([{ date: "2026-08-25", state: "blocked", availableRooms: 0 }]);
  });

  it.each<[string, string, number, boolean, unknown[]]>([
    ["2026-08-14", "2026-08-16", 1, true, []],
    ["2026-08-14", "2026-08-16", 2, false, [{ field: "rooms", key: "rules:stay.roomsLeft", values: { count: 1 } }]],
    ["2026-08-10", "2026-08-12", 3, true, []],
    ["2026-08-10", "2026-08-13", 3, false, [{ field: "rooms", key: "rules:stay.roomsLeft", values: { count: 1 } }]],
    ["2026-08-12", "2026-08-15", 1, false, [{ field: "checkIn", key: "rules:stay.datesBooked" }]],
    ["2026-08-24", "2026-08-26", 1, false, [{ field: "checkIn", key: "rules:stay.datesBooked" }]],
  ])("[%s, %s) for %i rooms → %s", (checkIn, checkOut, rooms, expected, issues) => {
    expect(isStayAvailable(roomType, { checkIn, checkOut }, rooms)).toBe(expected);
    expect(availabilityIssues(roomType, { checkIn, checkOut }, rooms)).toEqual(issues);
  });

  it("a room type without rooms takes no booking", () => {
    expect(isStayAvailable({ ...roomType, quantity: 0, reservations: [] }, { checkIn: "2026-09-01", checkOut: "2026-09-02" })).toBe(false);
  });
});

describe("monthCalendar", () => {
  const NOW = new Date("2026-08-10T10:00:00Z");
  const pricing = { nightlyPrice: 100_000, pricesByDate: { "2026-08-14": 150_000 } };

  it("lays August 2026 out in Monday-first weeks with states and prices", () => {
    const calendar = monthCalendar({ month: "2026-08", now: NOW, facts: listing, pricing });
    expect(calendar.month).toBe("2026-08");
    expect(calendar.previousMonth).toBe("2026-07");
    expect(calendar.nextMonth).toBe("2026-09");
    expect(calendar.weekdays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calendar.weeks).toHaveLength(6);
    expect(calendar.weeks.every((week) => week.length === 7)).toBe(true);
    expect(calendar.weeks[0]!.map((cell) => cell?.day ?? null)).toEqual([null, null, null, null, null, 1, 2]); // 1 August is a Saturday
    expect(calendar.weeks[5]!.map((cell) => cell?.day ?? null)).toEqual([31, null, null, null, null, null, null]);

    const days = calendar.weeks.flat().filter((cell) => cell !== null);
    expect(days).toHaveLength(31);
    const day = (n: number) => days[n - 1]!;
    expect(day(9)).toMatchObject({ shownState: "past", state: "free", bookable: false, isToday: false });
    expect(day(10)).toMatchObject({ date: "2026-08-10", shownState: "free", bookable: true, isToday: true, price: 100_000 });
    expect(day(14)).toMatchObject({ shownState: "booked", bookable: false, price: 150_000 });
    expect(day(15)).toMatchObject({ shownState: "free", bookable: true });
    expect(day(17)).toMatchObject({ shownState: "blocked" });
    expect(day(20)).toMatchObject({ shownState: "held" });
    expect(day(26)).toMatchObject({ shownState: "paused" });
    expect(day(29)).toMatchObject({ shownState: "free", bookable: true });
  });

  it.each<[string, 1 | 7, number, Array<number | null>]>([
    ["2026-08", 7, 6, [null, null, null, null, null, null, 1]],
    ["2026-02", 1, 5, [null, null, null, null, null, null, 1]], // 1 Feb 2026 is a Sunday
    ["2026-02", 7, 4, [1, 2, 3, 4, 5, 6, 7]], // a Sunday-first February 2026 fills exactly 4 weeks
    ["2026-03", 1, 6, [null, null, null, null, null, null, 1]],
  ])("%s starting on ISO day %i has %i weeks, first %j", (month, weekStartsOn, weeks, first) => {
    const calendar = monthCalendar({ month, now: NOW, facts: { reservations: [], blockedDates: [], pauses: [] }, pricing, weekStartsOn });
    expect(calendar.weeks).toHaveLength(weeks);
    expect(calendar.weeks[0]!.map((cell) => cell?.day ?? null)).toEqual(first);
    expect(calendar.weekdays[0]).toBe(weekStartsOn);
  });

  it("refuses a malformed month", () => {
    expect(() => monthCalendar({ month: "2026-13", now: NOW, facts: listing, pricing })).toThrow(RangeError);
  });
});
