import { describe, expect, it } from "vitest";
import { bookedNightly, claimCap, claimOutcome, claimWindow, isClaimWindowOpen, nightsOutsideStay, type ClaimedStay } from "~/domain/claims";

describe("the 24-hour claim window (Tunis time)", () => {
  // 2026-07-10 at 15:00 in Tunis (UTC+1) is 14:00 UTC.
  it.each<[string, string | null, string, boolean]>([
    ["a minute before check-in", "15:00", "2026-07-10T13:59:00Z", false],
    ["at check-in", "15:00", "2026-07-10T14:00:00Z", true],
    ["23:59 later", "15:00", "2026-07-11T13:59:00Z", true],
    ["24 hours later", "15:00", "2026-07-11T14:00:00Z", false],
    ["the default check-in time (15:00)", null, "2026-07-10T14:30:00Z", true],
    ["a midnight check-in, late that evening", "00:00", "2026-07-10T22:30:00Z", true],
    ["a midnight check-in, the next midnight", "00:00", "2026-07-10T23:00:00Z", false],
  ])("%s", (_name, time, now, open) => {
    expect(isClaimWindowOpen("2026-07-10", time, new Date(now))).toBe(open);
  });

  it("closes 24 hours after it opens", () => {
    const { opensAt, closesAt } = claimWindow("2026-01-15", "14:00");
    expect(opensAt.toISOString()).toBe("2026-01-15T13:00:00.000Z");
    expect(closesAt.getTime() - opensAt.getTime()).toBe(24 * 3_600_000);
  });
});

const stay: ClaimedStay = { checkIn: "2026-07-10", checkOut: "2026-07-13", rooms: 1, nightsTotal: 300_000, discountPercent: 0, cleaningFee: 40_000 };

describe("booked nightly prices", () => {
  it.each<[string, Partial<ClaimedStay>, number[]]>([
    ["an even total", {}, [100_000, 100_000, 100_000]],
    ["leftover millimes on the first nights", { nightsTotal: 100_001 + 100_001 + 100_000 }, [100_001, 100_001, 100_000]],
    ["two rooms: one room's prices", { rooms: 2, nightsTotal: 600_000 }, [100_000, 100_000, 100_000]],
  ])("%s", (_name, change, prices) => {
    const nightly = bookedNightly({ ...stay, ...change });
    expect(nightly.map((night) => night.price)).toEqual(prices);
    expect(nightly.map((night) => night.date)).toEqual(["2026-07-10", "2026-07-11", "2026-07-12"]);
  });
});

describe("claim amounts", () => {
  it.each<[string, Parameters<typeof claimCap>[0], Partial<ClaimedStay>, number, number]>([
    ["amenity: one night at 25 %", { kind: "amenity", affectedNights: ["2026-07-11"] }, {}, 1_000_000, 25_000],
    ["amenity: two nights", { kind: "amenity", affectedNights: ["2026-07-10", "2026-07-12"] }, {}, 1_000_000, 50_000],
    ["amenity: after a 10 % weekly discount", { kind: "amenity", affectedNights: ["2026-07-11"] }, { discountPercent: 10 }, 1_000_000, 22_500],
    ["amenity: two rooms", { kind: "amenity", affectedNights: ["2026-07-11"] }, { rooms: 2, nightsTotal: 600_000 }, 1_000_000, 50_000],
    ["cleanliness: the cleaning fee", { kind: "cleanliness", affectedNights: [] }, {}, 1_000_000, 40_000],
    ["cleanliness without a cleaning fee: nothing", { kind: "cleanliness", affectedNights: [] }, { cleaningFee: 0 }, 1_000_000, 0],
    ["never more than the host still earns", { kind: "amenity", affectedNights: ["2026-07-10", "2026-07-11", "2026-07-12"] }, {}, 60_000, 60_000],
  ])("%s", (_name, claim, change, remaining, amount) => {
    expect(claimCap(claim, { ...stay, ...change }, remaining).amount).toBe(amount);
  });

  it("names the nights that are not the stay's", () => {
    expect(nightsOutsideStay(["2026-07-10", "2026-07-13", "2026-07-09"], stay)).toEqual(["2026-07-13", "2026-07-09"]);
  });
});

describe("an operator's decision", () => {
  it.each<[string, Parameters<typeof claimOutcome>, ReturnType<typeof claimOutcome>]>([
    ["accept in full: the cap", ["accept", 50_000], { status: "accepted", amount: 50_000 }],
    ["in part: the amount", ["partial", 50_000, 20_000], { status: "partial", amount: 20_000 }],
    ["in part with the whole cap: accepted", ["partial", 50_000, 50_000], { status: "accepted", amount: 50_000 }],
    ["in part over the cap", ["partial", 50_000, 50_001], { error: "claims:errors.amountOverCap" }],
    ["in part without an amount", ["partial", 50_000, null], { error: "claims:errors.amountRequired" }],
    ["in part with nothing", ["partial", 50_000, 0], { error: "claims:errors.amountRequired" }],
    ["refuse: nothing", ["refuse", 50_000], { status: "refused", amount: 0 }],
  ])("%s", (_name, args, outcome) => {
    expect(claimOutcome(...args)).toEqual(outcome);
  });
});
