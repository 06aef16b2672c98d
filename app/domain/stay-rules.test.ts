import { describe, expect, it } from "vitest";
import { issuesByField, validateStay, type ListingStayRules, type RuleIssue, type StayRequest } from "~/domain/stay-rules";

const NOW = new Date("2026-08-10T10:00:00Z"); // 11:00 in Tunis, today = 2026-08-10
const rules: ListingStayRules = { minNights: 2, maxNights: 14, maxGuests: 4, petsAllowed: false };
const ok: StayRequest = { checkIn: "2026-08-12", checkOut: "2026-08-15", adults: 2, children: 1, infants: 0, pets: 0 };

describe("validateStay: accepted requests", () => {
  it.each<[string, Partial<StayRequest>, Partial<ListingStayRules>, number]>([
    ["a plain stay", {}, {}, 3],
    ["check-in today (Tunis)", { checkIn: "2026-08-10", checkOut: "2026-08-12" }, {}, 2],
    ["exactly the minimum", { checkOut: "2026-08-14" }, {}, 2],
    ["exactly the maximum", { checkOut: "2026-08-26" }, {}, 14],
    ["guests exactly at capacity", { adults: 3, children: 1 }, {}, 3],
    ["infants do not count as guests", { adults: 4, children: 0, infants: 2 }, {}, 3],
    ["pets where the house rules allow them", { pets: 1 }, { petsAllowed: true }, 3],
    ["counts typed in a form", { adults: "2", children: "", infants: undefined, pets: "0" }, {}, 3],
    ["no maximum set: up to a year", { checkOut: "2027-08-12" }, { maxNights: null }, 365],
    ["3 rooms of a room type for 4 per room", { adults: 10, children: 2, rooms: 3 }, {}, 3],
    ["the last day of the booking window", { checkIn: "2027-08-10", checkOut: "2027-08-12" }, {}, 2],
  ])("%s", (_name, change, ruleChange, nights) => {
    const result = validateStay({ ...ok, ...change }, { ...rules, ...ruleChange }, NOW);
    expect(result.issues).toEqual([]);
    expect(result.ok && result.stay.nights).toBe(nights);
  });

  it("returns the typed stay", () => {
    expect(validateStay({ ...ok, adults: "2", children: undefined }, rules, NOW)).toEqual({
      ok: true,
      issues: [],
      stay: { checkIn: "2026-08-12", checkOut: "2026-08-15", nights: 3, adults: 2, children: 0, infants: 0, pets: 0, rooms: 1 },
    });
  });
});

describe("validateStay: refused requests, every issue by field", () => {
  it.each<[string, Partial<StayRequest>, Partial<ListingStayRules>, RuleIssue[]]>([
    ["check-in yesterday", { checkIn: "2026-08-09" }, {}, [{ field: "checkIn", key: "rules:stay.checkInPast" }]],
    ["check-in missing", { checkIn: "" }, {}, [{ field: "checkIn", key: "rules:stay.checkInInvalid" }]],
    ["check-in not a date", { checkIn: "2026-02-30" }, {}, [{ field: "checkIn", key: "rules:stay.checkInInvalid" }]],
    ["check-out missing", { checkOut: undefined }, {}, [{ field: "checkOut", key: "rules:stay.checkOutInvalid" }]],
    ["check-out equal to check-in", { checkOut: "2026-08-12" }, {}, [{ field: "checkOut", key: "rules:stay.checkOutNotAfterCheckIn" }]],
    ["check-out before check-in", { checkOut: "2026-08-11" }, {}, [{ field: "checkOut", key: "rules:stay.checkOutNotAfterCheckIn" }]],
    ["shorter than the minimum", { checkOut: "2026-08-13" }, { minNights: 3 }, [{ field: "checkOut", key: "rules:stay.minNights", values: { count: 3 } }]],
    ["longer than the maximum", { checkOut: "2026-08-27" }, {}, [{ field: "checkOut", key: "rules:stay.maxNights", values: { count: 14 } }]],
    ["longer than a year without a maximum", { checkOut: "2027-08-13" }, { maxNights: null }, [{ field: "checkOut", key: "rules:stay.maxNights", values: { count: 365 } }]],
    ["beyond the booking window", { checkIn: "2027-08-11", checkOut: "2027-08-13" }, {}, [{ field: "checkIn", key: "rules:stay.checkInTooFar", values: { date: "2027-08-10" } }]],
    ["no adult", { adults: 0, children: 2 }, {}, [{ field: "adults", key: "rules:stay.adultsRequired" }]],
    ["adults missing", { adults: undefined }, {}, [{ field: "adults", key: "rules:stay.adultsRequired" }]],
    ["negative children", { children: -1 }, {}, [{ field: "children", key: "rules:stay.countInvalid" }]],
    ["fractional adults", { adults: 1.5 }, {}, [{ field: "adults", key: "rules:stay.countInvalid" }]],
    ["adults as words", { adults: "two" }, {}, [{ field: "adults", key: "rules:stay.countInvalid" }]],
    ["adults + children above capacity", { adults: 3, children: 2 }, {}, [{ field: "guests", key: "rules:stay.maxGuests", values: { count: 4 } }]],
    ["too many infants", { infants: 6 }, {}, [{ field: "infants", key: "rules:stay.maxInfants", values: { count: 5 } }]],
    ["pets where not allowed", { pets: 1 }, {}, [{ field: "pets", key: "rules:stay.petsNotAllowed" }]],
    ["too many pets", { pets: 6 }, { petsAllowed: true }, [{ field: "pets", key: "rules:stay.maxPets", values: { count: 5 } }]],
    ["zero rooms", { rooms: 0 }, {}, [{ field: "rooms", key: "rules:stay.roomsRequired" }]],
    ["2 rooms for 4 per room, 9 guests", { adults: 9, rooms: 2 }, {}, [{ field: "guests", key: "rules:stay.maxGuests", values: { count: 8 } }]],
  ])("%s", (_name, change, ruleChange, expected) => {
    const result = validateStay({ ...ok, ...change }, { ...rules, ...ruleChange }, NOW);
    expect(result.ok).toBe(false);
    expect(result.issues).toEqual(expected);
  });

  it("reports every broken rule at once", () => {
    const result = validateStay({ checkIn: "2026-08-01", checkOut: "2026-07-30", adults: 0, children: 6, infants: 0, pets: 2 }, rules, NOW);
    expect(issuesByField(result.issues)).toEqual({
      checkIn: [{ field: "checkIn", key: "rules:stay.checkInPast" }],
      checkOut: [{ field: "checkOut", key: "rules:stay.checkOutNotAfterCheckIn" }],
      adults: [{ field: "adults", key: "rules:stay.adultsRequired" }],
      guests: [{ field: "guests", key: "rules:stay.maxGuests", values: { count: 4 } }],
      pets: [{ field: "pets", key: "rules:stay.petsNotAllowed" }],
    });
  });

  it.each([
    ["2026-08-10T22:59:59Z", true], // 23:59:59 on the 10th in Tunis
    ["2026-08-10T23:00:00Z", false], // already the 11th in Tunis, still the 10th in UTC
  ])("check-in on the 10th at %s: accepted %s", (instant, accepted) => {
    const result = validateStay({ ...ok, checkIn: "2026-08-10", checkOut: "2026-08-12" }, rules, new Date(instant));
    expect(result.ok).toBe(accepted);
  });
});
