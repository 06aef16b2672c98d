import { describe, expect, it } from "vitest";
import { cancellationLines, confirmationLines, hostBalances, hostEarning, payoutLine, type LedgerLine, type LedgerLineDraft } from "~/domain/ledger";

describe("hostEarning: nights − discount + cleaning − commission (10 %) − refunds borne", () => {
  it.each<[string, { nightsTotal: number; discount: number; cleaningFee: number; refundBorne?: number }, { subtotal: number; commission: number; earning: number }]>([
    ["plain stay", { nightsTotal: 300_000, discount: 0, cleaningFee: 0 }, { subtotal: 300_000, commission: 30_000, earning: 270_000 }],
    ["weekly discount and cleaning", { nightsTotal: 700_000, discount: 70_000, cleaningFee: 40_000 }, { subtotal: 670_000, commission: 67_000, earning: 603_000 }],
    ["commission rounds half-up to the millime", { nightsTotal: 1_005, discount: 0, cleaningFee: 0 }, { subtotal: 1_005, commission: 101, earning: 904 }],
    ["less a refund borne", { nightsTotal: 400_000, discount: 0, cleaningFee: 20_000, refundBorne: 25_000 }, { subtotal: 420_000, commission: 42_000, earning: 353_000 }],
    ["nothing booked", { nightsTotal: 0, discount: 0, cleaningFee: 0 }, { subtotal: 0, commission: 0, earning: 0 }],
  ])("%s", (_name, input, expected) => {
    expect(hostEarning(input)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof hostEarning>[0]]>([
    ["a fraction of a millime", { nightsTotal: 100.5, discount: 0, cleaningFee: 0 }],
    ["a negative fee", { nightsTotal: 100, discount: 0, cleaningFee: -1 }],
    ["a discount above the nights", { nightsTotal: 100, discount: 200, cleaningFee: 0 }],
    ["a refund above the earning", { nightsTotal: 100_000, discount: 0, cleaningFee: 0, refundBorne: 95_000 }],
  ])("refuses %s", (_name, input) => {
    expect(() => hostEarning(input)).toThrow(RangeError);
  });
});

const at = new Date("2026-08-13T14:00:00Z");
// 3 nights of 100 DT, 30 DT cleaning: subtotal 330 DT, fee 16.5 DT, commission 33 DT.
const stay = { total: 346_500, serviceFee: 16_500, hostCommission: 33_000, hostPayout: 297_000, voucherApplied: 0 };
const sum = (lines: LedgerLineDraft[], account: string) => lines.filter((line) => line.account === account).reduce((total, line) => total + line.amount, 0);

describe("confirmationLines", () => {
  it("the traveler pays the total, the platform keeps fee and commission, the host earns the rest from 24 h after check-in", () => {
    const lines = confirmationLines(stay, 346_500, at);
    expect(lines).toEqual([
      { account: "traveler", kind: "traveler_payment", amount: -346_500, availableAt: null },
      { account: "platform", kind: "service_fee", amount: 16_500, availableAt: null },
      { account: "platform", kind: "commission", amount: 33_000, availableAt: null },
      { account: "host", kind: "host_earning", amount: 297_000, availableAt: at },
    ]);
    // Nothing is created or lost: what the traveler gave is what the platform and the host got.
    expect(sum(lines, "traveler") + sum(lines, "platform") + sum(lines, "host")).toBe(0);
  });

  it("a voucher paid part of the stay: a voucher line beside the smaller payment", () => {
    const lines = confirmationLines({ ...stay, voucherApplied: 10_000 }, 336_500, at);
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ["traveler_payment", -336_500],
      ["voucher_spent", -10_000],
      ["service_fee", 16_500],
      ["commission", 33_000],
      ["host_earning", 297_000],
    ]);
  });
});

describe("cancellationLines", () => {
  it("traveler cancels with half the nights back: the host bears its share of the refund and the commission on it goes back", () => {
    // base 300 DT, 50 % → 150 DT back, cleaning 30 DT back: the host keeps 150 DT − 10 % = 135 DT.
    const lines = cancellationLines(stay, { refundable: 150_000, cleaningRefund: 30_000, gross: 180_000, voucher: 0 }, "traveler", at);
    expect(lines).toEqual([
      { account: "traveler", kind: "refund_to_traveler", amount: 180_000, availableAt: null },
      { account: "host", kind: "refund_borne", amount: 135_000 - 297_000, availableAt: at },
      { account: "platform", kind: "commission_returned", amount: 15_000 - 33_000, availableAt: null },
    ]);
    const all = [...confirmationLines(stay, 346_500, at), ...lines];
    expect(sum(all, "host")).toBe(135_000);
    expect(sum(all, "traveler") + sum(all, "platform") + sum(all, "host")).toBe(0);
  });

  it("host cancels: everything back, the fee as a voucher, the host keeps nothing", () => {
    const lines = cancellationLines(stay, { refundable: 300_000, cleaningRefund: 30_000, gross: 330_000, voucher: 16_500 }, "host", at);
    expect(sum([...confirmationLines(stay, 346_500, at), ...lines], "host")).toBe(0);
    expect(lines.find((line) => line.kind === "voucher_granted")?.amount).toBe(16_500);
    expect(lines.find((line) => line.kind === "commission_returned")?.amount).toBe(-33_000);
  });

  it("traveler cancels with nothing back: no line", () => {
    expect(cancellationLines(stay, { refundable: 0, cleaningRefund: 0, gross: 0, voucher: 0 }, "traveler", at)).toEqual([]);
  });
});

describe("hostBalances", () => {
  const line = (reservationId: number | null, kind: LedgerLine["kind"], amount: number, availableAt: string | null, account: LedgerLine["account"] = "host"): LedgerLine => ({
    account,
    kind,
    amount,
    availableAt: availableAt ? new Date(availableAt) : null,
    reservationId,
    payoutRequestId: null,
  });
  const lines: LedgerLine[] = [
    line(1, "host_earning", 100_000, "2026-08-01T14:00:00Z"),
    line(2, "host_earning", 200_000, "2026-08-20T14:00:00Z"),
    line(3, "host_earning", 50_000, "2026-08-02T14:00:00Z"),
    line(4, "host_earning", 70_000, "2026-08-03T14:00:00Z"),
    line(4, "refund_borne", -20_000, "2026-08-03T14:00:00Z"),
    line(1, "commission", 11_111, null, "platform"),
    line(null, "payout_requested", -30_000, "2026-08-05T10:00:00Z"),
    line(null, "payout_paid", 30_000, "2026-08-06T10:00:00Z"),
    line(null, "payout_requested", -40_000, "2026-08-07T10:00:00Z"),
    line(null, "payout_refused", 40_000, "2026-08-08T10:00:00Z"),
  ];

  it.each<[string, string, number[], { pending: number; available: number; withheld: number; paidOut: number }]>([
    ["24 h after check-in, before: pending", "2026-08-20T13:59:59Z", [], { pending: 200_000, available: 170_000, withheld: 0, paidOut: 30_000 }],
    ["24 h after check-in, at: available", "2026-08-20T14:00:00Z", [], { pending: 0, available: 370_000, withheld: 0, paidOut: 30_000 }],
    ["a withheld stay counts only as withheld", "2026-08-20T14:00:00Z", [3, 2], { pending: 0, available: 120_000, withheld: 250_000, paidOut: 30_000 }],
  ])("%s", (_name, now, withheld, expected) => {
    expect(hostBalances(lines, new Date(now), new Set(withheld))).toEqual(expected);
  });

  it("payout lines: requested comes off available, refused goes back, paid counts as paid out", () => {
    const now = new Date("2026-08-10T00:00:00Z");
    expect(payoutLine("payout_requested", 5_000, now).amount).toBe(-5_000);
    expect(payoutLine("payout_refused", 5_000, now).amount).toBe(5_000);
    expect(payoutLine("payout_paid", 5_000, now)).toEqual({ account: "host", kind: "payout_paid", amount: 5_000, availableAt: now });
  });
});
