// The /api/v1 twins of paying and cancelling an experience booking (ADR 183), called through their
// handlers and held against the OpenAPI document: start a card payment (201, the gateway's page),
// a bank transfer (201, the bank details), read the booking with its payments and refunds, cancel
// with the refund the rules give; 404 for strangers, 409 when the hold is gone or already cancelled.
import { describe, expect, it } from "vitest";
import * as detailRoute from "~/routes/api.v1.experience-bookings_.$id";
import * as cancelRoute from "~/routes/api.v1.experience-bookings_.$id_.cancel";
import * as paymentsRoute from "~/routes/api.v1.experience-bookings_.$id_.payments";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser } from "../factories/booking-factories";
import { createExperience, createPartner } from "../factories/experience-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";

function request(path: string, token: string | null, json?: unknown) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method: json !== undefined ? "POST" : "GET", headers, body: json !== undefined ? JSON.stringify(json) : undefined });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

async function held() {
  const { user: partnerUser, partner } = await createPartner();
  const traveler = await createBookingUser();
  const { slots } = await createExperience({ partnerId: partner.id, pricePerPerson: 25_000, slotStarts: [new Date(Date.now() + 7 * 86_400_000)] });
  const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 2, acceptTerms: true });
  const token = (await createSession(traveler.id, "api")).id;
  const partnerToken = (await createSession(partnerUser.id, "api")).id;
  return { traveler, partnerUser, id: String(booked.id), token, partnerToken };
}

describe("POST /api/v1/experience-bookings/{id}/payments", () => {
  it("starts a card payment (the gateway's page) or a bank transfer (the bank details); 404 for strangers, 400 for a bad method", async () => {
    const booking = await held();
    const path = `/api/v1/experience-bookings/${booking.id}/payments`;
    const started = await call(paymentsRoute.action, request(path, booking.token, { method: "card" }), { id: booking.id });
    expect(started.status).toBe(201);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/payments", started)) as {
      payment: { reference: string; amount: number; experienceBookingId: number; reservationId: number | null };
      redirectUrl: string;
    };
    expect(body.payment).toMatchObject({ amount: 50_000, experienceBookingId: Number(booking.id), reservationId: null });
    expect(body.redirectUrl).toBe(`/sandbox-gateway/pay/${body.payment.reference}`);

    const bank = await call(paymentsRoute.action, request(path, booking.token, { method: "bank_transfer" }), { id: booking.id });
    expect(bank.status).toBe(201);
    const transfer = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/payments", bank)) as { bank: unknown; redirectUrl: null };
    expect(transfer.redirectUrl).toBeNull();
    expect(transfer.bank).not.toBeNull();

    const stranger = (await createSession((await createBookingUser()).id, "api")).id;
    const refused = await call(paymentsRoute.action, request(path, stranger, { method: "card" }), { id: booking.id });
    expect(refused.status).toBe(404);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/payments", refused);
    const bad = await call(paymentsRoute.action, request(path, booking.token, { method: "cash" }), { id: booking.id });
    expect(bad.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/payments", bad);

    // Paid: the GET shows it confirmed with its payment; paying again is a 409.
    await submitSandboxCard(body.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "Test Traveler" }, new Date());
    expect((await verifyPayment(body.payment.reference)).state).toBe("success");
    const shown = await call(detailRoute.loader, request(`/api/v1/experience-bookings/${booking.id}`, booking.token), { id: booking.id });
    const detail = (await expectApiResponseMatchesOpenApi("get", "/api/v1/experience-bookings/{id}", shown)) as {
      status: string;
      viewer: string;
      payments: Array<{ status: string }>;
      refundIfCancelled: number;
    };
    expect(detail).toMatchObject({ status: "confirmed", viewer: "traveler", refundIfCancelled: 50_000 });
    expect(detail.payments.map((payment) => payment.status)).toEqual(["success", "processing"]);
    const again = await call(paymentsRoute.action, request(path, booking.token, { method: "card" }), { id: booking.id });
    expect(again.status).toBe(409);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/payments", again);
    const partnerView = await call(detailRoute.loader, request(`/api/v1/experience-bookings/${booking.id}`, booking.partnerToken), { id: booking.id });
    expect(((await partnerView.json()) as { viewer: string }).viewer).toBe("partner");
    const hidden = await call(detailRoute.loader, request(`/api/v1/experience-bookings/${booking.id}`, stranger), { id: booking.id });
    expect(hidden.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/experience-bookings/{id}", hidden);
  });
});

describe("POST /api/v1/experience-bookings/{id}/cancel", () => {
  it("the partner cancels a paid booking: full refund; a second cancel is 409", async () => {
    const booking = await held();
    const started = await call(paymentsRoute.action, request(`/api/v1/experience-bookings/${booking.id}/payments`, booking.token, { method: "card" }), { id: booking.id });
    const { payment } = (await started.json()) as { payment: { reference: string } };
    await submitSandboxCard(payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "Test Traveler" }, new Date());
    await verifyPayment(payment.reference);

    const path = `/api/v1/experience-bookings/${booking.id}/cancel`;
    const cancelled = await call(cancelRoute.action, request(path, booking.partnerToken, {}), { id: booking.id });
    expect(cancelled.status).toBe(200);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/cancel", cancelled)) as {
      booking: { status: string; refunds: unknown[] };
      refund: { grossAmount: number; reason: string };
    };
    expect(body.booking.status).toBe("cancelled");
    expect(body.refund).toMatchObject({ grossAmount: 50_000, reason: "host_cancelled" });
    expect(body.booking.refunds).toHaveLength(1);
    const twice = await call(cancelRoute.action, request(path, booking.token, {}), { id: booking.id });
    expect(twice.status).toBe(409);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/cancel", twice);
    const anonymous = await call(cancelRoute.action, request(path, null, {}), { id: booking.id });
    expect(anonymous.status).toBe(401);
  });

  it("the traveler gives up an unpaid hold: no refund", async () => {
    const booking = await held();
    const cancelled = await call(cancelRoute.action, request(`/api/v1/experience-bookings/${booking.id}/cancel`, booking.token, {}), { id: booking.id });
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/cancel", cancelled)) as { booking: { status: string }; refund: null };
    expect(body).toMatchObject({ booking: { status: "cancelled" }, refund: null });
  });
});
