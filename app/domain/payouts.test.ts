import { describe, expect, it } from "vitest";
import {
  currentHostPayout,
  hostPayoutAfterCancellation,
  isPayoutRequestWindow,
  payoutAvailableAt,
  payoutRequestIssues,
  payoutWindow,
} from "~/domain/payouts";

describe("payoutAvailableAt: 24 hours after check-in (Tunis time)", () => {
  it.each<[string, string | null, string]>([
    ["2026-08-12", "15:00", "2026-08-13T14:00:00.000Z"],
    ["2026-08-12", "00:00", "2026-08-12T23:00:00.000Z"],
    ["2026-08-12", null, "2026-08-13T14:00:00.000Z"],
    ["2026-12-31", "14:00", "2027-01-01T13:00:00.000Z"],
  ])("check-in %s at %s → %s", (checkIn, time, expected) => {
    expect(payoutAvailableAt(checkIn, time).toISOString()).toBe(expected);
  });
});

describe("payout request window: the 25th to the month's last day, in Tunis", () => {
  it.each([
    ["2026-08-24T12:00:00Z", false],
    ["2026-08-24T22:59:59Z", false], // 23:59:59 on the 24th in Tunis
    ["2026-08-24T23:00:00Z", true], // midnight on the 25th in Tunis
    ["2026-08-25T10:00:00Z", true],
    ["2026-08-31T22:59:59Z", true],
    ["2026-08-31T23:00:00Z", false], // 1 September in Tunis
    ["2026-02-28T12:00:00Z", true], // February's last day
    ["2024-02-29T12:00:00Z", true],
    ["2026-09-30T12:00:00Z", true],
    ["2026-09-01T12:00:00Z", false],
  ])("%s → open %s", (now, open) => {
    expect(isPayoutRequestWindow(new Date(now))).toBe(open);
  });

  it.each([
    ["2026-02-10T12:00:00Z", { opensOn: "2026-02-25", closesOn: "2026-02-28", isOpen: false }],
    ["2024-02-26T12:00:00Z", { opensOn: "2024-02-25", closesOn: "2024-02-29", isOpen: true }],
    ["2026-12-31T22:00:00Z", { opensOn: "2026-12-25", closesOn: "2026-12-31", isOpen: true }],
  ])("window at %s", (now, expected) => {
    expect(payoutWindow(new Date(now))).toEqual(expected);
  });
});

describe("payout request issues", () => {
  it.each<[string, number, number, string, string | null]>([
    ["inside the window, within the balance", 100_000, 500_000, "2026-08-26T10:00:00Z", null],
    ["the whole balance", 500_000, 500_000, "2026-08-26T10:00:00Z", null],
    ["more than the balance", 500_001, 500_000, "2026-08-26T10:00:00Z", "rules:payout.amountTooHigh"],
    ["nothing", 0, 500_000, "2026-08-26T10:00:00Z", "rules:payout.amountInvalid"],
    ["fractional", 10.5, 500_000, "2026-08-26T10:00:00Z", "rules:payout.amountInvalid"],
    ["before the 25th", 100_000, 500_000, "2026-08-20T10:00:00Z", "rules:payout.outsideWindow"],
  ])("%s", (_name, amount, available, now, key) => {
    const issues = payoutRequestIssues(amount, available, new Date(now));
    expect(issues[0]?.key ?? null).toBe(key);
  });

  it("says when the window opens", () => {
    expect(payoutRequestIssues(1, 1, new Date("2026-08-20T10:00:00Z"))[0]?.values).toEqual({ opensOn: "2026-08-25", closesOn: "2026-08-31" });
  });
});

describe("hostPayoutAfterCancellation", () => {
  it.each<[string, number, { refundable: number; cleaningRefund: number }, "traveler" | "host" | "operator", number]>([
    ["traveler, 50% back before check-in: host keeps half the nights less 10%", 550_000, { refundable: 250_000, cleaningRefund: 50_000 }, "traveler", 225_000],
    ["traveler, nothing back after check-in", 550_000, { refundable: 0, cleaningRefund: 0 }, "traveler", 495_000],
    ["traveler, full refund", 550_000, { refundable: 500_000, cleaningRefund: 50_000 }, "traveler", 0],
    ["host cancels: nothing", 550_000, { refundable: 500_000, cleaningRefund: 50_000 }, "host", 0],
    ["operator cancels: nothing", 550_000, { refundable: 0, cleaningRefund: 0 }, "operator", 0],
    ["rounding: 10% of 3.335 DT = 0.3335 → 0.334", 3_335, { refundable: 0, cleaningRefund: 0 }, "traveler", 3_001],
  ])("%s", (_name, subtotal, refund, cancelledBy, expected) => {
    expect(hostPayoutAfterCancellation(subtotal, refund, cancelledBy)).toBe(expected);
  });

  it("refuses a refund larger than the subtotal", () => {
    expect(() => hostPayoutAfterCancellation(100, { refundable: 101, cleaningRefund: 0 }, "traveler")).toThrow(RangeError);
  });
});

describe("currentHostPayout: the payout a reservation page shows", () => {
  const stay = { hostPayout: 495_000, nightsTotal: 500_000, discount: 0, cleaningFee: 50_000, confirmedAt: new Date(), cancelledBy: null, refunded: 0 };
  it.each<[string, Partial<Parameters<typeof currentHostPayout>[0]>, number]>([
    ["a standing stay keeps its booked payout", { status: "confirmed" }, 495_000],
    ["a request not yet answered shows the booked payout", { status: "pending_host", confirmedAt: null }, 495_000],
    ["declined: nothing", { status: "declined", confirmedAt: null }, 0],
    ["cancelled before payment: nothing", { status: "cancelled", confirmedAt: null, cancelledBy: "traveler" }, 0],
    ["cancelled by the host after payment: nothing", { status: "cancelled", cancelledBy: "host", refunded: 550_000 }, 0],
    ["cancelled by the traveler, half the nights back", { status: "cancelled", cancelledBy: "traveler", refunded: 300_000 }, 225_000],
  ])("%s", (_name, change, expected) => {
    expect(currentHostPayout({ ...stay, status: "confirmed", ...change })).toBe(expected);
  });
});
