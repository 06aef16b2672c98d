// ADR 259: the per-night price a whole listing needs, inside the stay, to reach a price walk's
// threshold when its base-price key does not. Checked against the stay key's own formula over
// many drawn listings: no listing the bound would leave out could reach the threshold.
import { describe, expect, it } from "vitest";
import { reachNightPrice } from "./price-order.server";

/** A small deterministic generator (the same draws every run). */
function draws(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** The stay key of a whole listing, as priceBounds' stayKey computes it in SQL. */
function stayKey(nightPrices: number[], discount: number, cleaning: number): number {
  return nightPrices.reduce((sum, price) => sum + price, 0) * (100 - discount) + cleaning * 100;
}

describe("reachNightPrice", () => {
  it("never leaves out a listing whose stay reaches the threshold (high→low and low→high, 20,000 drawn listings)", () => {
    const next = draws(7);
    for (let round = 0; round < 20_000; round += 1) {
      const nights = 1 + next(10);
      const limits = { discount: next(4) * 10, cleaning: next(5) * 10_000 };
      const base = 20_000 + next(20) * 10_000;
      const discount = next(limits.discount + 1);
      const cleaning = next(limits.cleaning + 1);
      // Each night: the base price, or a per-date price of the calendar.
      const priced = Array.from({ length: nights }, () => (next(3) === 0 ? 10_000 + next(40) * 10_000 : null));
      const prices = priced.map((price) => price ?? base);
      const key = stayKey(prices, discount, cleaning);
      const atBase = stayKey(prices.map(() => base), discount, cleaning);
      const threshold = key + (next(2) === 0 ? 0 : next(1_000_000) - 500_000);
      const desc = reachNightPrice(threshold, nights, limits, "desc")!;
      if (key >= threshold && atBase < threshold) expect(priced.some((price) => price !== null && price >= desc)).toBe(true);
      const asc = reachNightPrice(threshold, nights, limits, "asc")!;
      if (key <= threshold && atBase > threshold) expect(priced.some((price) => price !== null && price <= asc)).toBe(true);
    }
  });

  it("is tight: a night just under the bound cannot place a listing whose base is under it too", () => {
    // High→low, 3 nights, no discount, largest cleaning fee 20 dinars: P = (threshold − 2,000,000) / 300.
    const limits = { discount: 0, cleaning: 20_000 };
    const threshold = 32_000_000;
    expect(reachNightPrice(threshold, 3, limits, "desc")).toBe(100_000);
    expect(stayKey([99_999, 99_999, 99_999], 0, 20_000)).toBeLessThan(threshold);
    // Low→high, 3 nights, largest discount 10 %: P = ⌈threshold / (3 × 90)⌉.
    expect(reachNightPrice(27_000_000, 3, { discount: 10, cleaning: 0 }, "asc")).toBe(100_000);
    expect(stayKey([100_001, 100_001, 100_001], 10, 0)).toBeGreaterThan(27_000_000);
  });

  it("gives way to the stay key alone for long stays and a discount of 100 %", () => {
    expect(reachNightPrice(1_000_000, 32, { discount: 0, cleaning: 0 }, "desc")).toBeNull();
    expect(reachNightPrice(1_000_000, 0, { discount: 0, cleaning: 0 }, "desc")).toBeNull();
    expect(reachNightPrice(1_000_000, 7, { discount: 100, cleaning: 0 }, "asc")).toBeNull();
    expect(reachNightPrice(1_000_000, 7, { discount: 100, cleaning: 0 }, "desc")).toBe(Math.floor(1_000_000 / 700));
  });
});
