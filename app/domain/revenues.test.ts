import { describe, expect, it } from "vitest";
import { cancellationLines, confirmationLines } from "~/domain/ledger";
import { barHeights, reportMonths, revenueReport, stayRevenues, type StayLine } from "~/domain/revenues";

const at = new Date("2026-01-01T00:00:00Z");
const stay = { total: 346_500, serviceFee: 16_500, hostCommission: 33_000, hostPayout: 297_000, voucherApplied: 0 };
const linesOf = (reservationId: number, listingId: number, checkIn: string, drafts: ReturnType<typeof confirmationLines>): StayLine[] =>
  drafts.map((draft) => ({ reservationId, listingId, checkIn, account: draft.account, kind: draft.kind, amount: draft.amount }));

const lived = linesOf(1, 10, "2026-03-04", confirmationLines(stay, 346_500, at));
// Cancelled by the traveler with half the nights and the cleaning back: the host keeps 135 DT.
const cancelled = linesOf(2, 20, "2026-03-20", [
  ...confirmationLines(stay, 346_500, at),
  ...cancellationLines(stay, { refundable: 150_000, cleaningRefund: 30_000, gross: 180_000, voucher: 0 }, "traveler", at),
]);
const later = linesOf(3, 10, "2026-07-01", confirmationLines(stay, 346_500, at));

describe("stayRevenues", () => {
  it("gross − commission − refunds = net, the host's own lines", () => {
    const [second, first] = stayRevenues([...lived, ...cancelled]);
    expect(first).toEqual({ reservationId: 1, listingId: 10, checkIn: "2026-03-04", gross: 330_000, commission: 33_000, refunds: 0, net: 297_000 });
    expect(second).toEqual({ reservationId: 2, listingId: 20, checkIn: "2026-03-20", gross: 330_000, commission: 15_000, refunds: 180_000, net: 135_000 });
    for (const revenue of [first!, second!]) expect(revenue.gross - revenue.commission - revenue.refunds).toBe(revenue.net);
  });
});

describe("reportMonths", () => {
  it.each<[number | null, string, string, string]>([
    [2026, "2026-11-25T10:00:00Z", "2026-01", "2026-12"],
    [null, "2026-11-25T10:00:00Z", "2025-12", "2026-11"],
    [null, "2026-12-31T23:30:00Z", "2026-02", "2027-01"], // already January in Tunis
    [null, "2026-01-10T10:00:00Z", "2025-02", "2026-01"],
  ])("year %s at %s: %s … %s", (year, now, first, last) => {
    const months = reportMonths(year, new Date(now));
    expect(months).toHaveLength(12);
    expect([months[0], months[11]]).toEqual([first, last]);
  });
});

describe("revenueReport", () => {
  const months = reportMonths(2026, at);
  it("sums the period's stays by month of check-in and by listing", () => {
    const report = revenueReport([...lived, ...cancelled, ...later], months);
    expect(report.totals).toEqual({ gross: 990_000, commission: 81_000, refunds: 180_000, net: 729_000 });
    expect(report.months.find((month) => month.month === "2026-03")?.net).toBe(432_000);
    expect(report.months.find((month) => month.month === "2026-07")?.net).toBe(297_000);
    expect(report.months.filter((month) => month.net === 0)).toHaveLength(10);
    expect(report.listings).toEqual([
      { listingId: 10, stays: 2, gross: 660_000, commission: 66_000, refunds: 0, net: 594_000 },
      { listingId: 20, stays: 1, gross: 330_000, commission: 15_000, refunds: 180_000, net: 135_000 },
    ]);
  });

  it("filters by listing and leaves out stays outside the period", () => {
    const report = revenueReport([...lived, ...cancelled, ...later], months, 20);
    expect(report.stays.map((stay) => stay.reservationId)).toEqual([2]);
    expect(revenueReport([...lived], reportMonths(2025, at)).stays).toEqual([]);
  });
});

describe("barHeights", () => {
  it.each<[number[], number[]]>([
    [[0, 0, 0], [0, 0, 0]],
    [[100, 50, 0], [100, 50, 0]],
    [[1_000_000, 1, -5], [100, 1, 0]], // a tiny month still shows; a negative one draws nothing
  ])("%j → %j", (nets, heights) => {
    expect(barHeights(nets.map((net) => ({ net })))).toEqual(heights);
  });
});
