import { describe, expect, it } from "vitest";
import { currentHostPayout, hostPayoutAfterCancellation } from "~/domain/payouts";

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
