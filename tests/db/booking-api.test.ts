// The /api/v1 booking routes, called through their route handlers and held against the OpenAPI
// document: create (201 / 409, including 50 concurrent requests), list, details (strangers 404),
// cancel, accept, decline, start a payment, verify, and the signed webhook (twice → once).
import { describe, expect, it } from "vitest";
import { Currency } from "~/db/models/currency.server";
import { PaymentEvent } from "~/db/models/payment-event.server";
import { Reservation } from "~/db/models/reservation.server";
import { createSession } from "~/utils/auth-sessions.server";
import { buildSandboxWebhook, SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import * as acceptRoute from "~/routes/api.v1.reservations.$id_.accept";
import * as cancelRoute from "~/routes/api.v1.reservations.$id_.cancel";
import * as declineRoute from "~/routes/api.v1.reservations.$id_.decline";
import * as paymentsRoute from "~/routes/api.v1.reservations.$id_.payments";
import * as detailsRoute from "~/routes/api.v1.reservations.$id";
import * as reservationsRoute from "~/routes/api.v1.reservations._index";
import * as verifyRoute from "~/routes/api.v1.payments.$reference";
import * as proofRoute from "~/routes/api.v1.payments.$reference_.proof";
import * as webhookRoute from "~/routes/api.v1.payments.webhook.$provider";
import { createBookingUser, createPublicHotel, createPublicListing, stayFrom } from "../factories/booking-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";
const now = new Date();

async function tokenFor(user: { id: number }): Promise<string> {
  return (await createSession(user.id, "api")).id;
}

function request(path: string, token: string | null, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

/** Books through the API; the traveler accepts the terms of sale unless the body says otherwise. */
async function createVia(token: string, body: Record<string, unknown>, path = "/api/v1/reservations") {
  return call(reservationsRoute.action, request(path, token, { json: { acceptTerms: true, ...body } }));
}

describe("POST /api/v1/reservations", () => {
  it("answers 201 with the reservation, 409 when the nights are taken, 401/403/400 as documented", async () => {
    await Currency.findOrCreate({ where: { code: "EUR" }, defaults: { code: "EUR", symbol: "€", valueMicros: 292_000, decimals: 2 } });
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const token = await tokenFor(traveler);
    const body = { propertyId: listing.id, adults: 2, children: 0, infants: 0, pets: 0, ...stayFrom(now, 10, 2), currency: "EUR" };
    const created = await createVia(token, body);
    expect(created.status).toBe(201);
    const reservation = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", created)) as { id: number; status: string };
    expect(reservation.status).toBe("pending_payment");
    const stored = (await Reservation.findByPk(reservation.id))!;
    expect([stored.displayCurrency, stored.displayRateMicros]).toEqual(["EUR", 292_000]);

    const taken = await createVia(token, body);
    expect(taken.status).toBe(409);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", taken)) as { error: { message: string } };
    expect(error.error.message).toBe("The selected dates are already booked.");

    expect((await createVia("nope", body)).status).toBe(401);
    const unverified = await createBookingUser({ verified: false });
    expect((await createVia(await tokenFor(unverified), body)).status).toBe(403);
    const invalid = await createVia(token, { propertyId: listing.id });
    expect(invalid.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", invalid);
  });

  it("requires the terms of sale accepted (acceptTerms: true), with the booking page's message", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const token = await tokenFor(traveler);
    const stay = { propertyId: listing.id, adults: 1, ...stayFrom(now, 30, 2) };
    for (const acceptTerms of [undefined, false, "on"]) {
      const refused = await createVia(token, { ...stay, acceptTerms });
      expect(refused.status, String(acceptTerms)).toBe(400);
      const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", refused)) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("invalid_input");
      expect(body.error.fields.acceptTerms).toBe("Please accept the terms of sale.");
    }
    const inFrench = (await (await createVia(token, { ...stay, acceptTerms: false }, "/api/v1/reservations?lng=fr")).json()) as {
      error: { fields: Record<string, string> };
    };
    expect(inFrench.error.fields.acceptTerms).toBe("Veuillez accepter les conditions de vente.");
    expect(await Reservation.count({ where: { listingId: listing.id } })).toBe(0);
    expect((await createVia(token, stay)).status).toBe(201);
  });

  it("books rooms of a hotel's room type (roomTypeId + rooms), never more than the type's quantity", async () => {
    const { listing, roomType } = await createPublicHotel({ quantity: 3 });
    const [first, second] = [await createBookingUser(), await createBookingUser()];
    const stay = { propertyId: listing.id, roomTypeId: roomType.id, adults: 2, ...stayFrom(now, 40, 2) };
    const created = await createVia(await tokenFor(first), { ...stay, rooms: 2 });
    expect(created.status).toBe(201);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", created)) as { id: number; establishment: boolean; status: string };
    expect(body.establishment).toBe(true);
    expect(body.status).toBe("pending_payment");
    const stored = (await Reservation.findByPk(body.id))!;
    expect([stored.roomTypeId, stored.rooms]).toEqual([roomType.id, 2]);
    const details = await call(detailsRoute.loader, request(`/api/v1/reservations/${body.id}`, await tokenFor(first)), { id: String(body.id) });
    expect(((await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations/{id}", details)) as { rooms: number }).rooms).toBe(2);
    // One room left of three: two more are refused, one fits.
    const tooMany = await createVia(await tokenFor(second), { ...stay, rooms: 2 });
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBe("The selected dates are already booked.");
    expect((await createVia(await tokenFor(second), { ...stay, rooms: 1 })).status).toBe(201);
  });

  it("50 concurrent requests for overlapping nights: one 201, 49 × 409", async () => {
    const listing = await createPublicListing();
    const travelers = await Promise.all(Array.from({ length: 10 }, () => createBookingUser()));
    const tokens = await Promise.all(travelers.map(tokenFor));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createVia(tokens[i % 10]!, { propertyId: listing.id, adults: 1, ...stayFrom(now, 80 + (i % 3), 3) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await Reservation.count({ where: { listingId: listing.id, status: "pending_payment" } })).toBe(1);
  });
});

describe("reading, cancelling, answering requests", () => {
  it("lists mine as traveler and host; details only for the parties (stranger 404)", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const created = (await (await createVia(await tokenFor(traveler), { propertyId: listing.id, adults: 1, ...stayFrom(now, 10, 2) })).json()) as {
      id: number;
    };

    const mine = await call(reservationsRoute.loader, request("/api/v1/reservations", await tokenFor(traveler)));
    const list = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", mine)) as { reservations: Array<{ id: number }> };
    expect(list.reservations.map((r) => r.id)).toEqual([created.id]);
    const hosted = await call(reservationsRoute.loader, request("/api/v1/reservations?as=host&tab=upcoming", await tokenFor(host)));
    expect(((await hosted.json()) as { reservations: Array<{ id: number }> }).reservations.map((r) => r.id)).toEqual([created.id]);
    // The query is read by the schema the document is generated from: a bad value is a 400 on its
    // field; the tab is read for the host's side only.
    for (const [query, field] of [
      ["?as=owner", "as"],
      ["?as=", "as"],
      ["?as=host&tab=archived", "tab"],
    ] as const) {
      const refused = await call(reservationsRoute.loader, request(`/api/v1/reservations${query}`, await tokenFor(host)));
      expect(refused.status, query).toBe(400);
      const error = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", refused)) as { error: { code: string; fields: Record<string, string> } };
      expect(error.error.code).toBe("invalid_input");
      expect(Object.keys(error.error.fields)).toEqual([field]);
    }
    const travelerIgnoresTab = await call(reservationsRoute.loader, request("/api/v1/reservations?tab=archived", await tokenFor(traveler)));
    expect(travelerIgnoresTab.status).toBe(200);

    const details = await call(detailsRoute.loader, request(`/api/v1/reservations/${created.id}`, await tokenFor(traveler)), { id: String(created.id) });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations/{id}", details)) as { hostHidden: boolean };
    expect(body.hostHidden).toBe(true);
    const forStranger = await call(detailsRoute.loader, request(`/api/v1/reservations/${created.id}`, await tokenFor(stranger)), {
      id: String(created.id),
    });
    expect(forStranger.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations/{id}", forStranger);
  });

  it("accepts and declines requests (reason required), as the host only", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const travelerToken = await tokenFor(traveler);
    const hostToken = await tokenFor(host);
    const one = (await (await createVia(travelerToken, { propertyId: listing.id, adults: 1, ...stayFrom(now, 10, 2) })).json()) as { id: number; status: string };
    const two = (await (await createVia(travelerToken, { propertyId: listing.id, adults: 1, ...stayFrom(now, 20, 2) })).json()) as { id: number };
    expect(one.status).toBe("pending_host");

    const byTraveler = await call(acceptRoute.action, request(`/api/v1/reservations/${one.id}/accept`, travelerToken, { method: "POST" }), { id: String(one.id) });
    expect(byTraveler.status).toBe(403);
    const accepted = await call(acceptRoute.action, request(`/api/v1/reservations/${one.id}/accept`, hostToken, { method: "POST" }), { id: String(one.id) });
    expect(((await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/accept", accepted)) as { status: string }).status).toBe(
      "pending_payment",
    );

    const noReason = await call(declineRoute.action, request(`/api/v1/reservations/${two.id}/decline`, hostToken, { json: { reason: "" } }), { id: String(two.id) });
    expect(noReason.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/decline", noReason);
    const declined = await call(declineRoute.action, request(`/api/v1/reservations/${two.id}/decline`, hostToken, { json: { reason: "Closed for works" } }), {
      id: String(two.id),
    });
    const declinedBody = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/decline", declined)) as { status: string; declineReason: string };
    expect([declinedBody.status, declinedBody.declineReason]).toEqual(["declined", "Closed for works"]);
  });

  it("pays by card through the gateway, verifies, and the webhook twice records once; then cancels with a refund", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ cancellationPolicy: "flexible" });
    const token = await tokenFor(traveler);
    const created = (await (await createVia(token, { propertyId: listing.id, adults: 1, ...stayFrom(now, 10, 2) })).json()) as { id: number };

    const started = await call(paymentsRoute.action, request(`/api/v1/reservations/${created.id}/payments`, token, { json: { method: "card" } }), {
      id: String(created.id),
    });
    expect(started.status).toBe(201);
    const payment = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/payments", started)) as {
      payment: { reference: string };
      redirectUrl: string;
    };
    expect(payment.redirectUrl).toContain("/sandbox-gateway/pay/");
    await submitSandboxCard(payment.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "A B" });

    const delivery = (await buildSandboxWebhook(payment.payment.reference, new Date()))!;
    for (let i = 0; i < 2; i += 1) {
      const response = await call(
        webhookRoute.action,
        new Request(`${ORIGIN}/api/v1/payments/webhook/sandbox`, { method: "POST", headers: delivery.headers, body: delivery.body }),
        { provider: "sandbox" },
      );
      const receipt = (await expectApiResponseMatchesOpenApi("post", "/api/v1/payments/webhook/{provider}", response)) as { duplicate: boolean };
      expect(receipt.duplicate).toBe(i === 1);
    }
    expect(await PaymentEvent.count({ where: { reference: payment.payment.reference } })).toBe(1);
    const forged = await call(
      webhookRoute.action,
      new Request(`${ORIGIN}/api/v1/payments/webhook/sandbox`, { method: "POST", headers: { "X-Sandbox-Signature": "t=1,v1=00" }, body: delivery.body }),
      { provider: "sandbox" },
    );
    expect(forged.status).toBe(400);

    const verified = await call(verifyRoute.loader, request(`/api/v1/payments/${payment.payment.reference}`, token), { reference: payment.payment.reference });
    expect(((await expectApiResponseMatchesOpenApi("get", "/api/v1/payments/{reference}", verified)) as { state: string }).state).toBe("success");

    const preview = await call(cancelRoute.loader, request(`/api/v1/reservations/${created.id}/cancel`, token), { id: String(created.id) });
    const refund = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations/{id}/cancel", preview)) as { refund: { net: number } };
    expect(refund.refund.net).toBeGreaterThan(0);
    const cancelled = await call(cancelRoute.action, request(`/api/v1/reservations/${created.id}/cancel`, token, { method: "POST" }), { id: String(created.id) });
    const after = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/cancel", cancelled)) as {
      status: string;
      refunds: Array<{ amount: number }>;
    };
    expect(after.status).toBe("cancelled");
    expect(after.refunds.map((r) => r.amount)).toEqual([refund.refund.net]);
  });

  it("starts a bank transfer: bank details from configuration", async () => {
    process.env.BANK_IBAN = "TN59 1000 6035 1835 9847 8831";
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const token = await tokenFor(traveler);
    const created = (await (await createVia(token, { propertyId: listing.id, adults: 1, ...stayFrom(now, 10, 2) })).json()) as { id: number };
    const started = await call(paymentsRoute.action, request(`/api/v1/reservations/${created.id}/payments`, token, { json: { method: "bank_transfer" } }), {
      id: String(created.id),
    });
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/payments", started)) as { bank: { iban: string } };
    expect(body.bank.iban).toBe("TN59 1000 6035 1835 9847 8831");
    delete process.env.BANK_IBAN;
  });

  it("takes the bank receipt by the payment's reference, as the page's upload does (400 without a file, 404 for another traveler)", async () => {
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const listing = await createPublicListing();
    const token = await tokenFor(traveler);
    const created = (await (await createVia(token, { propertyId: listing.id, adults: 1, ...stayFrom(now, 12, 2) })).json()) as { id: number };
    const started = await call(paymentsRoute.action, request(`/api/v1/reservations/${created.id}/payments`, token, { json: { method: "bank_transfer" } }), {
      id: String(created.id),
    });
    const { payment } = (await started.json()) as { payment: { reference: string } };
    const upload = (bearer: string, file: Blob | null) => {
      const form = new FormData();
      if (file) form.set("proof", file, "receipt.pdf");
      const headers = new Headers({ Authorization: `Bearer ${bearer}` });
      const req = new Request(new URL(`/api/v1/payments/${payment.reference}/proof`, ORIGIN), { method: "POST", headers, body: form });
      return call(proofRoute.action, req, { reference: payment.reference });
    };
    const pdf = new Blob([new TextEncoder().encode("%PDF-1.4\n% a receipt\n")], { type: "application/pdf" });

    const missing = await upload(token, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty("proof");
    expect((await upload(await tokenFor(stranger), pdf)).status).toBe(404);

    const sent = await upload(token, pdf);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/payments/{reference}/proof", sent)) as { reference: string; proofUploaded: boolean };
    expect(body).toMatchObject({ reference: payment.reference, proofUploaded: true });
  });
});
