import { describe, expect, it } from "vitest";
import { convertMillimes, TND, type DisplayCurrency } from "~/domain/money";
import {
  amountToMinorUnits,
  approximatePosition,
  matchDestination,
  millimesAtLeast,
  millimesAtMost,
  nightlyAverage,
  normalizePlaceName,
  pageCount,
  pageLinks,
  parseListingId,
  roomsNeeded,
} from "~/domain/search";

const EUR: DisplayCurrency = { code: "EUR", symbol: "€", valueMicros: 292_000, decimals: 2 };
const JPY: DisplayCurrency = { code: "JPY", symbol: "¥", valueMicros: 48_500_000, decimals: 0 };

describe("normalizePlaceName", () => {
  it.each([
    ["Sidi Bou Saïd", "sidi bou said"],
    ["  HAMMAMET ", "hammamet"],
    ["Ben-Arous", "ben arous"],
    ["Kélibia", "kelibia"],
    ["Aïn  Draham", "ain draham"],
  ])("%s → %s", (input, expected) => expect(normalizePlaceName(input)).toBe(expected));
});

describe("matchDestination", () => {
  const places = [
    { city: "Hammamet", governorate: "nabeul" },
    { city: "Nabeul", governorate: "nabeul" },
    { city: "Sidi Bou Saïd", governorate: "tunis" },
    { city: "Tunis", governorate: "tunis" },
    { city: "Sousse", governorate: "sousse" },
    { city: "Djerba", governorate: "medenine" },
  ];
  it.each([
    ["hammamet", { cities: ["Hammamet"], governorates: [] }],
    ["sidi bou said", { cities: ["Sidi Bou Saïd"], governorates: [] }],
    ["Nabeul", { cities: ["Nabeul"], governorates: [] }],
    ["TUNIS", { cities: ["Tunis"], governorates: [] }],
    ["Sidi", { cities: ["Sidi Bou Saïd"], governorates: [] }],
    ["medenine", { cities: [], governorates: ["medenine"] }],
    ["Sous", { cities: ["Sousse"], governorates: [] }],
    ["Mede", { cities: [], governorates: ["medenine"] }],
    ["Tozeur", { cities: ["Tozeur"], governorates: ["Tozeur"] }],
    ["Su", { cities: ["Su"], governorates: ["Su"] }],
  ])("%s", (destination, expected) => expect(matchDestination(destination, places)).toEqual(expected));
});

describe("amountToMinorUnits", () => {
  it.each([
    ["120", TND, 120_000n],
    ["120.5", TND, 120_500n],
    ["120,05", EUR, 12_005n],
    ["49.999", EUR, 5_000n],
    ["49.990", EUR, 4_999n],
    ["1500", JPY, 1_500n],
    ["12.5", JPY, 13n],
    ["abc", EUR, null],
    ["-5", EUR, null],
  ] as const)("%s in %s", (amount, currency, expected) => expect(amountToMinorUnits(amount, currency)).toBe(expected));
});

describe("millimesAtLeast / millimesAtMost", () => {
  it.each([[EUR], [JPY], [TND]])("are the exact bounds of what shows as the typed amount (%#)", (currency) => {
    for (const minor of [1n, 29n, 30n, 2_999n, 123_456n]) {
      const low = millimesAtLeast(minor, currency);
      expect(convertMillimes(low, currency) >= minor).toBe(true);
      if (low > 0) expect(convertMillimes(low - 1, currency) < minor).toBe(true);
      const high = millimesAtMost(minor, currency);
      expect(convertMillimes(high, currency) <= minor).toBe(true);
      expect(convertMillimes(high + 1, currency) > minor).toBe(true);
    }
  });
});

describe("nightlyAverage", () => {
  it.each([
    [693_000, 7, 99_000],
    [100_001, 2, 50_001],
    [100_000, 3, 33_333],
    [5, 0, 5],
  ])("%i over %i nights → %i", (total, nights, expected) => expect(nightlyAverage(total, nights)).toBe(expected));
});

describe("pages", () => {
  it.each([
    [0, 1],
    [12, 1],
    [13, 2],
    [120, 10],
  ])("%i results → %i pages", (total, pages) => expect(pageCount(total, 12)).toBe(pages));

  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, null, 20]],
    [10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
    [4, 20, [1, 2, 3, 4, 5, 6, null, 20]],
    [5, 20, [1, 2, 3, 4, 5, 6, 7, null, 20]],
  ])("page %i of %i", (page, pages, links) => expect(pageLinks(page, pages)).toEqual(links));
});

describe("approximatePosition", () => {
  it("moves every listing a few hundred metres, the same way every time, and hides the exact point", () => {
    for (const id of [1, 2, 17, 999, 123456]) {
      const exact = { lat: 36.40123, lng: 10.61789 };
      const shown = approximatePosition(exact.lat, exact.lng, id);
      expect(approximatePosition(exact.lat, exact.lng, id)).toEqual(shown);
      const metres = Math.hypot((shown.lat - 36.4) * 111_000, (shown.lng - 10.62) * 89_000);
      expect(metres).toBeGreaterThan(100);
      expect(metres).toBeLessThan(500);
      // Two doors in the same block show at the same place: the door cannot be read back.
      expect(approximatePosition(36.40456, 10.61999, id)).toEqual(shown);
    }
  });
});

describe("roomsNeeded and parseListingId", () => {
  it.each([
    [1, 2, 1],
    [2, 2, 1],
    [3, 2, 2],
    [5, 2, 3],
    [0, 2, 1],
  ])("%i guests, %i per room → %i rooms", (guests, perRoom, rooms) => expect(roomsNeeded(guests, perRoom)).toBe(rooms));

  it.each([
    ["12", 12],
    ["0", null],
    ["-1", null],
    ["12abc", null],
    ["1e3", null],
    ["1234567890", null],
    [undefined, null],
  ])("%s → %s", (value, id) => expect(parseListingId(value)).toBe(id));
});
