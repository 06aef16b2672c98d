import { describe, expect, it, vi } from "vitest";
import { callbackVerification, openGatewaySession, type PaymentProvider, type PaymentSessionInput } from "~/services/payments/payment-providers.server";

const input: PaymentSessionInput = {
  reference: "PAYTEST1",
  amount: 120_000,
  currency: "TND",
  description: "DRN-1 · Dar Yasmine",
  returnUrl: "/reservation-verification",
  expiresAt: new Date("2026-12-01T10:30:00Z"),
  language: "fr",
  now: new Date("2026-12-01T10:00:00Z"),
};

function gateway(init: PaymentProvider["init"]): PaymentProvider {
  return { id: "test", init, verify: vi.fn(), parseCallback: vi.fn() };
}

describe("openGatewaySession", () => {
  it("gives the gateway's page and leaves the payment as it is", async () => {
    const markFailed = vi.fn();
    const url = await openGatewaySession(gateway(async () => ({ redirectUrl: "https://pay.example/s/1" })), input, markFailed, "payment");
    expect(url).toBe("https://pay.example/s/1");
    expect(markFailed).not.toHaveBeenCalled();
  });

  it("marks the payment failed and answers 502 when the gateway does not answer", async () => {
    const markFailed = vi.fn(async () => {});
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await openGatewaySession(gateway(async () => Promise.reject(new Error("timeout"))), input, markFailed, "payment").catch((thrown: unknown) => thrown);
    quiet.mockRestore();
    expect(markFailed).toHaveBeenCalledOnce();
    expect(error).toMatchObject({ status: 502, key: "payment:errors.gatewayUnavailable" });
  });
});

describe("callbackVerification", () => {
  const callback = { eventId: "e1", type: "payment", reference: "PAYTEST1", amount: 120_000, currency: "TND", transactionId: "tx-1" };
  it.each([
    { status: "success" as const, failureReason: null },
    { status: "failed" as const, failureReason: "card_refused" },
  ])("a $status callback → failureReason $failureReason", ({ status, failureReason }) => {
    expect(callbackVerification({ ...callback, status })).toEqual({ status, amount: 120_000, currency: "TND", transactionId: "tx-1", failureReason });
  });
});
