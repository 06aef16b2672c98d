import { describe, expect, it } from "vitest";
import type { CancellationPolicy } from "~/domain/listing";
import {
  amenityFailureRefund,
  checkInInstant,
  cleanlinessRefund,
  policySummaryKey,
  refundFor,
  settleRefund,
  type CancelledBy,
  type RefundInput,
} from "~/domain/refunds";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHECK_IN = "2026-09-20";
const CHECK_IN_AT = new Date("2026-09-20T14:00:00Z"); // 15:00 in Tunis
const beforeCheckIn = (ms: number) => new Date(CHECK_IN_AT.getTime() - ms);
// A stay of 500 DT of nights + 50 DT cleaning + 27.5 DT service fee.
const amounts = { total: 577_500, serviceFee: 27_500, cleaningFee: 50_000 };
const LONG_AGO = new Date("2026-06-01T10:00:00Z");
const BANK_FEE = 2_000;

function input(policy: CancellationPolicy, cancelledAt: Date, change: Partial<RefundInput> = {}): RefundInput {
  return { policy, cancelledBy: "traveler", amounts, bookedAt: LONG_AGO, checkIn: CHECK_IN, checkInTime: "15:00", cancelledAt, bankFee: BANK_FEE, ...change };
}

type Row = [string, CancellationPolicy, Date, Date, number, number, number, string];
// [case, policy, booked at, cancelled at, percent, refundable, cleaning refund, rule]
const TRAVELER_ROWS: Row[] = [
  ["flexible, 30 days before", "flexible", LONG_AGO, beforeCheckIn(30 * DAY), 100, 500_000, 50_000, "flexibleFull"],
  ["flexible, exactly 24 h before", "flexible", LONG_AGO, beforeCheckIn(24 * HOUR), 100, 500_000, 50_000, "flexibleFull"],
  ["flexible, 24 h − 1 ms before", "flexible", LONG_AGO, beforeCheckIn(24 * HOUR - 1), 0, 0, 50_000, "flexibleNone"],
  ["flexible, 1 h before", "flexible", LONG_AGO, beforeCheckIn(HOUR), 0, 0, 50_000, "flexibleNone"],
  ["flexible, at check-in", "flexible", LONG_AGO, CHECK_IN_AT, 0, 0, 0, "afterCheckIn"],
  ["flexible, a day after check-in", "flexible", LONG_AGO, beforeCheckIn(-DAY), 0, 0, 0, "afterCheckIn"],
  ["moderate, 10 days before", "moderate", LONG_AGO, beforeCheckIn(10 * DAY), 100, 500_000, 50_000, "moderateFull"],
  ["moderate, exactly 5 days before", "moderate", LONG_AGO, beforeCheckIn(5 * DAY), 100, 500_000, 50_000, "moderateFull"],
  ["moderate, 5 days − 1 ms before", "moderate", LONG_AGO, beforeCheckIn(5 * DAY - 1), 50, 250_000, 50_000, "moderateHalf"],
  ["moderate, 1 minute before", "moderate", LONG_AGO, beforeCheckIn(60_000), 50, 250_000, 50_000, "moderateHalf"],
  ["moderate, at check-in", "moderate", LONG_AGO, CHECK_IN_AT, 0, 0, 0, "afterCheckIn"],
  ["strict, 47 h after booking, 18 days before", "strict", beforeCheckIn(20 * DAY), beforeCheckIn(20 * DAY - 47 * HOUR), 100, 500_000, 50_000, "strictGrace"],
  ["strict, exactly 48 h after booking", "strict", beforeCheckIn(20 * DAY), beforeCheckIn(18 * DAY), 100, 500_000, 50_000, "strictGrace"],
  ["strict, 48 h + 1 ms after booking", "strict", beforeCheckIn(20 * DAY), beforeCheckIn(18 * DAY - 1), 50, 250_000, 50_000, "strictHalf"],
  ["strict, within 48 h, exactly 14 days before", "strict", beforeCheckIn(15 * DAY), beforeCheckIn(14 * DAY), 100, 500_000, 50_000, "strictGrace"],
  ["strict, within 48 h, 14 days − 1 ms before", "strict", beforeCheckIn(15 * DAY), beforeCheckIn(14 * DAY - 1), 50, 250_000, 50_000, "strictHalf"],
  ["strict, within 48 h of a booking 3 days ahead", "strict", beforeCheckIn(3 * DAY), beforeCheckIn(3 * DAY - HOUR), 0, 0, 50_000, "strictNone"],
  ["strict, long after booking, exactly 7 days before", "strict", LONG_AGO, beforeCheckIn(7 * DAY), 50, 250_000, 50_000, "strictHalf"],
  ["strict, 7 days − 1 ms before", "strict", LONG_AGO, beforeCheckIn(7 * DAY - 1), 0, 0, 50_000, "strictNone"],
  ["strict, after check-in", "strict", LONG_AGO, beforeCheckIn(-HOUR), 0, 0, 0, "afterCheckIn"],
  ["closed, 30 days before", "closed", LONG_AGO, beforeCheckIn(30 * DAY), 50, 250_000, 50_000, "closedHalf"],
  ["closed, 14 days + 1 ms before", "closed", LONG_AGO, beforeCheckIn(14 * DAY + 1), 50, 250_000, 50_000, "closedHalf"],
  ["closed, exactly 14 days before (not more than 14)", "closed", LONG_AGO, beforeCheckIn(14 * DAY), 0, 0, 50_000, "closedNone"],
  ["closed, 2 days before", "closed", LONG_AGO, beforeCheckIn(2 * DAY), 0, 0, 50_000, "closedNone"],
  ["closed, after check-in", "closed", LONG_AGO, beforeCheckIn(-DAY), 0, 0, 0, "afterCheckIn"],
];

describe("refundFor: the traveler cancels (PRODUCT.md table, boundary instants)", () => {
  it.each(TRAVELER_ROWS)("%s", (_name, policy, bookedAt, cancelledAt, percent, refundable, cleaningRefund, rule) => {
    const refund = refundFor(input(policy, cancelledAt, { bookedAt }));
    const gross = refundable + cleaningRefund;
    const bankFee = Math.min(BANK_FEE, gross);
    expect(refund).toMatchObject({
      percent,
      base: 500_000,
      refundable,
      cleaningRefund,
      serviceFeeRefund: 0,
      voucher: 0,
      gross,
      bankFee,
      net: gross - bankFee,
      ruleKey: `rules:refund.${rule}`,
    });
  });

  it("never refunds the service fee to a cancelling traveler", () => {
    for (const [, policy, bookedAt, cancelledAt] of TRAVELER_ROWS) {
      const refund = refundFor(input(policy, cancelledAt, { bookedAt }));
      expect(refund.gross).toBeLessThanOrEqual(amounts.total - amounts.serviceFee);
    }
  });
});

describe("refundFor: the host or an operator cancels", () => {
  it.each<[string, CancelledBy, Date, object]>([
    [
      "host, 10 days before: everything back, service fee as a voucher, no bank fee",
      "host",
      beforeCheckIn(10 * DAY),
      { percent: 100, refundable: 500_000, cleaningRefund: 50_000, serviceFeeRefund: 0, voucher: 27_500, gross: 550_000, bankFee: 0, net: 550_000, ruleKey: "rules:refund.hostCancelled" },
    ],
    [
      "host, after check-in time: still everything, cleaning included",
      "host",
      beforeCheckIn(-HOUR),
      { percent: 100, refundable: 500_000, cleaningRefund: 50_000, voucher: 27_500, net: 550_000 },
    ],
    [
      "operator: everything back in money, service fee included",
      "operator",
      beforeCheckIn(3 * DAY),
      { percent: 100, refundable: 500_000, cleaningRefund: 50_000, serviceFeeRefund: 27_500, voucher: 0, gross: 577_500, bankFee: 0, net: 577_500, ruleKey: "rules:refund.operatorCancelled" },
    ],
  ])("%s", (_name, cancelledBy, cancelledAt, expected) => {
    // The policy does not matter when the host or an operator cancels.
    for (const policy of ["flexible", "strict", "closed"] as const) {
      expect(refundFor(input(policy, cancelledAt, { cancelledBy }))).toMatchObject(expected);
    }
  });
});

describe("refundFor: amounts, times and dates", () => {
  it("rounds the percentage half-up to the millime", () => {
    // 333.333 DT of nights at 50% = 166.6665 DT → 166.667
    const refund = refundFor(input("moderate", beforeCheckIn(DAY), { amounts: { total: 350_000, serviceFee: 16_667, cleaningFee: 0 } }));
    expect(refund).toMatchObject({ base: 333_333, refundable: 166_667, gross: 166_667, net: 164_667 });
  });

  it("never lets the bank fee exceed the refund", () => {
    expect(refundFor(input("flexible", beforeCheckIn(HOUR), { bankFee: 80_000 }))).toMatchObject({ gross: 50_000, bankFee: 50_000, net: 0 });
    expect(refundFor(input("flexible", CHECK_IN_AT, { bankFee: 80_000 }))).toMatchObject({ gross: 0, bankFee: 0, net: 0 });
  });

  it.each([
    ["2026-09-10T10:00:00Z", "2026-09-25"],
    ["2026-09-10T23:30:00Z", "2026-09-26"], // already the 11th in Tunis
    ["2026-12-20T12:00:00Z", "2027-01-04"],
  ])("cancelled at %s → due on %s (15 days, Tunis date)", (cancelledAt, dueDate) => {
    expect(refundFor(input("flexible", new Date(cancelledAt))).dueDate).toBe(dueDate);
  });

  it.each<[string | null | undefined, string]>([
    ["15:00", "2026-09-20T14:00:00.000Z"],
    ["00:00", "2026-09-19T23:00:00.000Z"],
    ["11:30", "2026-09-20T10:30:00.000Z"],
    [null, "2026-09-20T14:00:00.000Z"], // default 15:00
    ["25:00", "2026-09-20T14:00:00.000Z"], // unreadable → default
  ])("check-in time %j → thresholds from %s", (checkInTime, expected) => {
    expect(checkInInstant(CHECK_IN, checkInTime).toISOString()).toBe(expected);
  });

  it("measures '24 hours before' from the listing's check-in time", () => {
    const cancelledAt = new Date("2026-09-19T13:30:00Z"); // 14:30 the day before, in Tunis
    expect(refundFor(input("flexible", cancelledAt, { checkInTime: "15:00" })).percent).toBe(100);
    expect(refundFor(input("flexible", cancelledAt, { checkInTime: "00:00" })).percent).toBe(0);
  });

  it.each<[string, Partial<RefundInput>]>([
    ["fees above the total", { amounts: { total: 10_000, serviceFee: 6_000, cleaningFee: 5_000 } }],
    ["fractional millimes", { amounts: { ...amounts, total: 577_500.5 } }],
    ["a cancellation before the booking", { bookedAt: new Date("2026-09-30T00:00:00Z") }],
    ["a negative bank fee", { bankFee: -1 }],
  ])("refuses %s", (_name, change) => {
    expect(() => refundFor(input("flexible", beforeCheckIn(10 * DAY), change))).toThrow(RangeError);
  });
});

describe("operator-approved claims", () => {
  const nightly = [
    { date: "2026-09-20", price: 100_000 },
    { date: "2026-09-21", price: 150_000 },
    { date: "2026-09-22", price: 100_000 },
  ];

  it.each<[string, Parameters<typeof amenityFailureRefund>[0], number]>([
    ["two affected nights at 25%", { nightly, affectedNights: ["2026-09-21", "2026-09-22"] }, 62_500],
    ["the same night claimed twice counts once", { nightly, affectedNights: ["2026-09-21", "2026-09-21"] }, 37_500],
    ["the night's rate after a 10% weekly discount", { nightly, discountPercent: 10, affectedNights: ["2026-09-21", "2026-09-22"] }, 56_250],
    ["two rooms", { nightly, rooms: 2, affectedNights: ["2026-09-21", "2026-09-22"] }, 125_000],
    ["rounding per night half-up", { nightly: [{ date: "2026-09-20", price: 33_334 }, { date: "2026-09-21", price: 33_333 }], affectedNights: ["2026-09-20", "2026-09-21"] }, 8_334 + 8_333],
    ["no affected night", { nightly, affectedNights: [] }, 0],
  ])("amenity failure: %s", (_name, claim, amount) => {
    const refund = amenityFailureRefund(claim);
    expect(refund.amount).toBe(amount);
    expect(refund.perNight.reduce((sum, night) => sum + night.price, 0)).toBe(amount);
    expect(refund.ruleKey).toBe("rules:refund.amenityFailure");
  });

  it("refuses a night outside the stay", () => {
    expect(() => amenityFailureRefund({ nightly, affectedNights: ["2026-09-23"] })).toThrow(RangeError);
  });

  it.each([
    [50_000, 80_000, 50_000],
    [50_000, 20_000, 20_000],
    [0, 20_000, 0],
  ])("cleanliness: cleaning fee %i, asked %i → %i", (cleaningFee, requested, amount) => {
    expect(cleanlinessRefund({ cleaningFee, requested }).amount).toBe(amount);
  });

  it("settles any refund: bank fee, net, due date", () => {
    expect(settleRefund(62_500, new Date("2026-09-22T09:00:00Z"), 2_000)).toEqual({ bankFee: 2_000, net: 60_500, dueDate: "2026-10-07" });
  });
});

describe("policy summaries", () => {
  it.each(["flexible", "moderate", "strict", "closed"] as const)("%s has a summary key", (policy) => {
    expect(policySummaryKey(policy)).toBe(`rules:refund.policy.${policy}`);
  });
});
