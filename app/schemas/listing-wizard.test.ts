import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addressSchema,
  amenitiesSchema,
  calendarLinksSchema,
  cancellationSchema,
  createPricesSchema,
  descriptionSchema,
  discountsSchema,
  guesthouseInfoSchema,
  guesthouseRoomSchema,
  hotelInfoSchema,
  houseRulesSchema,
  moderationSchema,
  pauseSchema,
  propertyTypeSchema,
  roomTypeSchema,
  travelTypesSchema,
} from "~/schemas/listing-wizard";

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function parse(schema: z.ZodType, entries: Array<[string, string]>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success"
    ? { ok: true as const, value: submission.value as Record<string, unknown> }
    : { ok: false as const, errors: submission.error ?? {} };
}

const address: Array<[string, string]> = [
  ["governorate", "nabeul"],
  ["delegation", "Hammamet"],
  ["city", "Hammamet"],
  ["street", "12 avenue de la Paix"],
  ["postalCode", "8050"],
];

describe("address step", () => {
  it("accepts a governorate with one of its delegations, the map position optional", () => {
    expect(parse(addressSchema, address)).toMatchObject({ ok: true, value: { governorate: "nabeul", postalCode: "8050" } });
    expect(parse(addressSchema, [...address, ["latitude", "36.41"], ["longitude", "10.62"]])).toMatchObject({
      ok: true,
      value: { latitude: 36.41, longitude: 10.62 },
    });
  });
  it.each<[string, Array<[string, string]>, string, string]>([
    ["a delegation of another governorate", [...address.filter(([k]) => k !== "delegation"), ["delegation", "Carthage"]], "delegation", "listing:errors.delegationNotInGovernorate"],
    ["an unknown governorate", [...address.filter(([k]) => k !== "governorate"), ["governorate", "paris"]], "governorate", "listing:errors.invalidChoice"],
    ["a 5-digit postal code", [...address.filter(([k]) => k !== "postalCode"), ["postalCode", "80500"]], "postalCode", "listing:errors.postalCode"],
    ["no street", address.filter(([k]) => k !== "street"), "street", "listing:errors.required"],
    ["a pin in Paris", [...address, ["latitude", "48.85"], ["longitude", "2.35"]], "latitude", "listing:errors.outsideTunisia"],
  ])("refuses %s", (_label, entries, field, message) => {
    const result = parse(addressSchema, entries);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toEqual([message]);
  });
});

describe("property type step", () => {
  it("asks capacity of a villa but not of a hotel", () => {
    const villa = parse(propertyTypeSchema, [["propertyType", "villa"]]);
    expect(!villa.ok && Object.keys(villa.errors).sort()).toEqual(["bathrooms", "bedrooms", "beds", "maxGuests"]);
    expect(parse(propertyTypeSchema, [["propertyType", "hotel"]]).ok).toBe(true);
    expect(
      parse(propertyTypeSchema, [["propertyType", "villa"], ["maxGuests", "8"], ["bedrooms", "4"], ["beds", "5"], ["bathrooms", "2"]]),
    ).toMatchObject({ ok: true, value: { maxGuests: 8, bedrooms: 4 } });
  });
  it("refuses an unknown type and fractional guests", () => {
    const result = parse(propertyTypeSchema, [["propertyType", "castle"], ["maxGuests", "2.5"]]);
    expect(!result.ok && result.errors.propertyType).toEqual(["listing:errors.required"]);
  });
});

describe("description step", () => {
  it("needs a title and the description in at least one language", () => {
    const result = parse(descriptionSchema, [["title", "Dar Yasmine"]]);
    expect(!result.ok && result.errors.descriptionFr).toEqual(["listing:errors.descriptionNeeded"]);
    expect(parse(descriptionSchema, [["title", "Dar Yasmine"], ["descriptionEs", "Una casa"]]).ok).toBe(true);
  });
});

describe("amenities and travel types", () => {
  it("accept none, one or several amenities, and at least one travel type", () => {
    expect(parse(amenitiesSchema, [])).toMatchObject({ ok: true, value: { amenities: [] } });
    expect(parse(amenitiesSchema, [["amenities", "wifi"]])).toMatchObject({ ok: true, value: { amenities: ["wifi"] } });
    expect(parse(amenitiesSchema, [["amenities", "wifi"], ["amenities", "pool"]])).toMatchObject({ value: { amenities: ["wifi", "pool"] } });
    expect(parse(amenitiesSchema, [["amenities", "helipad"]]).ok).toBe(false);
    const none = parse(travelTypesSchema, []);
    expect(!none.ok && none.errors.travelTypes).toEqual(["listing:errors.chooseTravelType"]);
    expect(parse(travelTypesSchema, [["travelTypes", "relax"], ["travelTypes", "fun"]])).toMatchObject({ value: { travelTypes: ["relax", "fun"] } });
  });
});

describe("prices and discounts", () => {
  it("reads TND amounts into millimes", () => {
    expect(parse(createPricesSchema(false), [["basePrice", "120,500"], ["cleaningFee", "30"], ["minNights", "2"]])).toMatchObject({
      ok: true,
      value: { basePrice: 120_500, cleaningFee: 30_000, minNights: 2 },
    });
  });
  it.each<[Array<[string, string]>, string, string]>([
    [[["basePrice", "abc"], ["minNights", "1"]], "basePrice", "listing:errors.amount"],
    [[["basePrice", "0"], ["minNights", "1"]], "basePrice", "listing:errors.positiveAmount"],
    [[["basePrice", "1.2345"], ["minNights", "1"]], "basePrice", "listing:errors.amount"],
    [[["basePrice", "100"], ["minNights", "5"], ["maxNights", "3"]], "maxNights", "listing:errors.maxBelowMin"],
    [[["basePrice", "100"]], "minNights", "listing:errors.required"],
  ])("refuses %j", (entries, field, message) => {
    const result = parse(createPricesSchema(false), entries);
    expect(!result.ok && result.errors[field]).toEqual([message]);
  });
  it("does not ask a hotel's base price", () => {
    expect(parse(createPricesSchema(true), [["minNights", "1"]]).ok).toBe(true);
  });
  it("keeps discounts between 0 and 90%", () => {
    expect(parse(discountsSchema, [])).toMatchObject({ ok: true, value: { weeklyDiscountPct: 0, monthlyDiscountPct: 0 } });
    expect(parse(discountsSchema, [["weeklyDiscountPct", "10"], ["monthlyDiscountPct", "25"]])).toMatchObject({ value: { weeklyDiscountPct: 10 } });
    expect(parse(discountsSchema, [["weeklyDiscountPct", "95"]]).ok).toBe(false);
  });
});

describe("cancellation, house rules, calendar links", () => {
  it("takes a policy among flexible/moderate/strict/closed and a method direct/request", () => {
    expect(parse(cancellationSchema, [["cancellationPolicy", "closed"], ["reservationMethod", "request"]]).ok).toBe(true);
    expect(parse(cancellationSchema, [["cancellationPolicy", "lenient"], ["reservationMethod", "direct"]]).ok).toBe(false);
  });
  it("reads the rules' checkboxes and check-in/out times", () => {
    expect(parse(houseRulesSchema, [["petsAllowed", "on"], ["checkInTime", "15:00"], ["checkOutTime", "11:00"]])).toMatchObject({
      ok: true,
      value: { petsAllowed: true, eventsAllowed: false, smokingAllowed: false },
    });
    const late = parse(houseRulesSchema, [["checkInTime", "25:00"], ["checkOutTime", "11:00"]]);
    expect(!late.ok && late.errors.checkInTime).toEqual(["listing:errors.time"]);
  });
  it.each([
    ["https://www.airbnb.com/calendar/ical/123.ics?s=abc", true],
    ["http://admin.booking.com/hotel/ical.html?t=1", true],
    ["", true],
    ["not a url", false],
    ["ftp://example.com/cal.ics", false],
    ["javascript:alert(1)", false],
    ["https://localhost/cal", false],
  ])("calendar link %j valid: %s", (url, valid) => {
    const result = parse(calendarLinksSchema, [["calendarUrlAirbnb", url]]);
    expect(result.ok).toBe(valid);
    if (!valid) expect(!result.ok && result.errors.calendarUrlAirbnb).toEqual(["listing:errors.invalidUrl"]);
  });
});

describe("establishments", () => {
  it("hotel info needs a name, rooms and times; stars 1–5", () => {
    expect(parse(hotelInfoSchema, [["name", "Dar El Bahr"], ["totalRooms", "40"], ["stars", "4"], ["checkInTime", "14:00"], ["checkOutTime", "12:00"]]).ok).toBe(true);
    const bad = parse(hotelInfoSchema, [["name", "X"], ["totalRooms", "0"], ["stars", "6"], ["checkInTime", "14:00"], ["checkOutTime", "12:00"]]);
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(["stars", "totalRooms"]);
  });
  it("guesthouse info needs a name, 1–200 rooms and check-in/out times; the descriptions are optional", () => {
    const valid: Array<[string, string]> = [["name", "Dar Jasmin"], ["totalRooms", "8"], ["checkInTime", "15:00"], ["checkOutTime", "11:00"]];
    expect(parse(guesthouseInfoSchema, valid)).toEqual({
      ok: true,
      value: { name: "Dar Jasmin", totalRooms: 8, checkInTime: "15:00", checkOutTime: "11:00" },
    });
    expect(parse(guesthouseInfoSchema, [...valid, ["descriptionEn", "  A quiet house in the medina.  "]])).toMatchObject({
      ok: true,
      value: { descriptionEn: "A quiet house in the medina." },
    });
    const empty = parse(guesthouseInfoSchema, []);
    expect(!empty.ok && empty.errors).toEqual({
      name: ["listing:errors.required"],
      totalRooms: ["listing:errors.required"],
      checkInTime: ["listing:errors.required"],
      checkOutTime: ["listing:errors.required"],
    });
    const bad = parse(guesthouseInfoSchema, [["name", "   "], ["totalRooms", "201"], ["checkInTime", "25:00"], ["checkOutTime", "11h"], ["descriptionFr", "x".repeat(5001)]]);
    expect(!bad.ok && bad.errors).toEqual({
      name: ["listing:errors.required"],
      totalRooms: ["listing:errors.wholeNumber"],
      checkInTime: ["listing:errors.time"],
      checkOutTime: ["listing:errors.time"],
      descriptionFr: ["listing:errors.tooLong"],
    });
    for (const rooms of ["0", "2.5", "many"]) {
      const result = parse(guesthouseInfoSchema, [...valid.filter(([k]) => k !== "totalRooms"), ["totalRooms", rooms]]);
      expect(!result.ok && result.errors.totalRooms, rooms).toEqual(["listing:errors.wholeNumber"]);
    }
  });
  it("room types and guesthouse rooms have a price in millimes and a capacity", () => {
    expect(
      parse(roomTypeSchema, [["name", "Double"], ["basePrice", "220"], ["maxOccupancy", "2"], ["quantity", "12"], ["features", "balcony"]]),
    ).toMatchObject({ ok: true, value: { basePrice: 220_000, features: ["balcony"] } });
    expect(parse(roomTypeSchema, [["name", "Double"], ["basePrice", "220"], ["maxOccupancy", "2"]]).ok).toBe(false);
    expect(parse(guesthouseRoomSchema, [["number", "3"], ["name", "Jasmin"], ["price", "150"], ["maxGuests", "2"], ["beds", "1"]])).toMatchObject({
      ok: true,
      value: { price: 150_000, showers: 0 },
    });
  });
});

describe("moderation and pauses", () => {
  it("requires notes for corrections and a reason for a rejection", () => {
    expect(parse(moderationSchema, [["intent", "approve"]]).ok).toBe(true);
    const corrections = parse(moderationSchema, [["intent", "request_corrections"]]);
    expect(!corrections.ok && corrections.errors.note).toEqual(["listing:errors.required"]);
    expect(parse(moderationSchema, [["intent", "reject"], ["note", "Photos are not of this place"]]).ok).toBe(true);
  });
  it("takes a pause whose end comes after its start", () => {
    expect(parse(pauseSchema, [["startDate", "2026-08-01"], ["endDate", "2026-08-10"]]).ok).toBe(true);
    const reversed = parse(pauseSchema, [["startDate", "2026-08-10"], ["endDate", "2026-08-01"]]);
    expect(!reversed.ok && reversed.errors.endDate).toEqual(["listing:errors.endBeforeStart"]);
  });
});

describe("address step defaults", () => {
  it("leaves the postal code optional (the delegation's code is used)", () => {
    expect(parse(addressSchema, address.filter(([k]) => k !== "postalCode")).ok).toBe(true);
  });
});
