import { describe, expect, it } from "vitest";
import { nextStatuses, packPrice, validPromotion } from "~/domain/friend-trip";

const launch = { freeUntil: "2025-03-31", offerEndsOn: "2025-02-21" };

describe("packPrice", () => {
  it.each([
    ["no promotion", null, "2025-01-10", undefined, 150_000],
    ["valid promotion", launch, "2025-01-10", undefined, 0],
    ["last day of the offer", launch, "2025-02-21", "2025-03-31", 0],
    ["offer over (the test clock in 2026)", launch, "2026-11-26", undefined, 150_000],
    ["the day after the offer", launch, "2025-02-22", "2025-03-01", 150_000],
    ["trip starting after the free period", launch, "2025-01-10", "2025-04-01", 150_000],
  ] as const)("%s", (_label, promotion, today, start, expected) => {
    expect(packPrice(150_000, promotion, today, start)).toBe(expected);
  });
});

describe("validPromotion", () => {
  it("is shown only while the offer lasts", () => {
    expect(validPromotion(launch, "2025-02-21")).toEqual(launch);
    expect(validPromotion(launch, "2025-02-22")).toBeNull();
    expect(validPromotion(null, "2025-01-01")).toBeNull();
  });
});

describe("nextStatuses", () => {
  it("moves forward or cancels, never back", () => {
    expect(nextStatuses("new")).toEqual(["contacted", "cancelled"]);
    expect(nextStatuses("planned")).toEqual(["done", "cancelled"]);
    expect(nextStatuses("done")).toEqual([]);
  });
});
