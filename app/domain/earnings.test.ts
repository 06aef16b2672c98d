import { describe, expect, it } from "vitest";
import { earningsRange, MIN_COMPARABLES } from "./earnings";

describe("earningsRange", () => {
  it.each([
    { name: "too few comparables", prices: [100_000, 200_000], expected: null },
    {
      name: "three prices: first and third quartile by nearest rank",
      prices: [300_000, 100_000, 200_000],
      expected: { nightlyLow: 100_000, nightlyHigh: 300_000, payoutLow: 90_000, payoutHigh: 270_000, comparables: 3 },
    },
    {
      name: "eight prices: an outlier beyond the third quartile does not stretch the range",
      prices: [80_000, 90_000, 100_000, 110_000, 120_000, 130_000, 140_000, 2_000_000],
      expected: { nightlyLow: 90_000, nightlyHigh: 130_000, payoutLow: 81_000, payoutHigh: 117_000, comparables: 8 },
    },
    {
      name: "the commission rounds half up on millimes",
      prices: [55_555, 55_555, 55_555],
      expected: { nightlyLow: 55_555, nightlyHigh: 55_555, payoutLow: 49_999, payoutHigh: 49_999, comparables: 3 },
    },
  ])("$name", ({ prices, expected }) => {
    expect(earningsRange(prices)).toEqual(expected);
  });

  it("needs MIN_COMPARABLES prices", () => {
    expect(earningsRange(Array.from({ length: MIN_COMPARABLES - 1 }, () => 1000))).toBeNull();
    expect(earningsRange(Array.from({ length: MIN_COMPARABLES }, () => 1000))).not.toBeNull();
  });

  it("takes another commission rate when given", () => {
    expect(earningsRange([100_000, 100_000, 100_000], 20)?.payoutLow).toBe(80_000);
  });
});
