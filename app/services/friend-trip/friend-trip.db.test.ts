import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { FriendTripPayment, FriendTripRequest } from "~/db/models/friend-trip.server";
import { PaymentEvent } from "~/db/models/payment-event.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import type { FriendTripRequestInput } from "~/schemas/friend-trip";
import { listPackOffers, savePackSettings } from "~/services/friend-trip/friend-trip-packs.server";
import { verifyFriendTripPayment, startFriendTripPayment } from "~/services/friend-trip/friend-trip-payment.server";
import { createFriendTripRequest, listFriendTripRequests, updateFriendTripRequest } from "~/services/friend-trip/friend-trip-requests.server";
import { buildSandboxWebhook, SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { receivePaymentWebhook } from "~/services/payments/payment-results.server";
import { env } from "~/utils/env.server";
import { createAccount, lastEmailTo } from "../../../tests/factories/account-factories";
import { seed } from "../../../migrations/seeders/62-demo-friend-trip";
import { readPackSettings } from "~/services/friend-trip/friend-trip-packs.server";

const now = new Date();
const today = dateInTunis(now);
const card = (number: string) => ({ cardNumber: number, expiry: "12/39", cvc: "123", holder: "Test Traveler" });
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
let counter = 0;

function input(overrides: Partial<FriendTripRequestInput> = {}): FriendTripRequestInput {
  counter += 1;
  return {
    firstName: "Amira",
    lastName: `Test${counter}`,
    nationality: "French",
    startDate: addDays(today, 20),
    endDate: addDays(today, 27),
    purpose: "discover",
    email: `ft${counter}-${Date.now()}@example.com`,
    phone: "+33 6 12 34 56 78",
    pack: "custom",
    interests: ["food", "desert"],
    consent: true,
    ...overrides,
  };
}

const prices = { basic: 150_000, custom: 350_000, premium: 700_000 };

let staffId = 0;

beforeAll(async () => {
  staffId = (await createAccount({ role: "operator" })).id;
});

beforeEach(async () => {
  await savePackSettings(staffId, { prices, promotion: null });
});

describe("pack offers", () => {
  it("seeder 62 keeps what operators set and only adds what is missing", async () => {
    await savePackSettings(staffId, { prices: { ...prices, basic: 99_000 }, promotion: null });
    await seed({ context: {} as never });
    const settings = await readPackSettings();
    expect(settings.prices.basic).toBe(99_000);
    expect(settings.promotion).toEqual({ freeUntil: "2025-03-31", offerEndsOn: "2025-02-21" });
    expect((await listPackOffers(now)).every((o) => o.promotion === null)).toBe(true);
  });

  it("show the operator's prices, and 0 with the promotion only while it is on offer", async () => {
    expect((await listPackOffers(now)).map((o) => [o.code, o.price, o.promotion])).toEqual([
      ["basic", 150_000, null],
      ["custom", 350_000, null],
      ["premium", 700_000, null],
    ]);
    // SPEC's launch dates: over by now.
    await savePackSettings(staffId, { prices, promotion: { freeUntil: "2025-03-31", offerEndsOn: "2025-02-21" } });
    expect((await listPackOffers(now)).every((o) => o.price === o.basePrice && o.promotion === null)).toBe(true);
    expect((await listPackOffers(new Date("2025-02-01T10:00:00Z")))[0]).toMatchObject({ price: 0, promotion: { offerEndsOn: "2025-02-21" } });
  });
});

describe("Friend Trip requests", () => {
  it("a free pack is sent at once: status new, e-mails to the requester and the team, an analytics event", async () => {
    await savePackSettings(staffId, { prices, promotion: { freeUntil: addDays(today, 60), offerEndsOn: addDays(today, 10) } });
    const request = input();
    const created = await createFriendTripRequest(request, { now, language: "fr" });
    expect(created).toMatchObject({ status: "new", price: 0, paymentUrl: null });
    expect((await lastEmailTo(request.email, "friend-trip-request"))?.subject).toBe("Votre demande Friend Trip");
    expect((await lastEmailTo(env.teamEmail, "friend-trip-team"))?.subject).toContain(created.reference);
    expect(await AnalyticsEvent.count({ where: { name: "Requested Friend Trip" } })).toBeGreaterThan(0);
  });

  it("a trip starting after the free period pays the pack's price", async () => {
    await savePackSettings(staffId, { prices, promotion: { freeUntil: addDays(today, 10), offerEndsOn: addDays(today, 10) } });
    const created = await createFriendTripRequest(input({ startDate: addDays(today, 11), endDate: addDays(today, 12) }), { now });
    expect(created).toMatchObject({ status: "awaiting_payment", price: 350_000 });
  });

  it("a paid pack goes to the gateway; a webhook delivered twice and the return page record the payment once", async () => {
    const request = input();
    const created = await createFriendTripRequest(request, { now });
    expect(created.status).toBe("awaiting_payment");
    expect(created.paymentUrl).toMatch(/^\/sandbox-gateway\/pay\/FTP/);
    const payment = (await FriendTripPayment.findOne({ where: { requestId: created.id } }))!;
    expect(payment.amount).toBe(350_000);
    expect(await lastEmailTo(request.email, "friend-trip-request")).toBeUndefined();
    await submitSandboxCard(payment.reference, card(SANDBOX_TEST_CARDS.success), minutes(1));
    const delivery = (await buildSandboxWebhook(payment.reference, minutes(2)))!;
    const outcomes = await Promise.all([1, 2].map(() => receivePaymentWebhook("sandbox", delivery.body, delivery.headers, minutes(2))));
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(await PaymentEvent.count({ where: { reference: payment.reference } })).toBe(1);
    expect((await FriendTripRequest.findByPk(created.id))!.status).toBe("new");
    expect(await verifyFriendTripPayment(payment.reference, minutes(3))).toMatchObject({ status: "success", requestReference: created.reference });
    expect(await FriendTripPayment.count({ where: { requestId: created.id, status: "success" } })).toBe(1);
    expect(await lastEmailTo(request.email, "friend-trip-request")).toBeDefined();
  });

  it("a refused card leaves the request awaiting payment; a retry is a new attempt that can succeed", async () => {
    const created = await createFriendTripRequest(input(), { now });
    const first = (await FriendTripPayment.findOne({ where: { requestId: created.id } }))!;
    await submitSandboxCard(first.reference, card(SANDBOX_TEST_CARDS.refused), minutes(1));
    expect(await verifyFriendTripPayment(first.reference, minutes(2))).toMatchObject({ status: "failed" });
    expect((await FriendTripRequest.findByPk(created.id))!.status).toBe("awaiting_payment");
    const retry = await startFriendTripPayment(created.id, { now: minutes(3) });
    expect(retry.reference).not.toBe(first.reference);
    await submitSandboxCard(retry.reference, card(SANDBOX_TEST_CARDS.success), minutes(4));
    expect(await verifyFriendTripPayment(retry.reference, minutes(5))).toMatchObject({ status: "success" });
    expect((await FriendTripRequest.findByPk(created.id))!.status).toBe("new");
    await expect(startFriendTripPayment(created.id, { now: minutes(6) })).rejects.toMatchObject({ status: 409 });
  });

  it("operators move a request new → contacted → planned → done with notes, never backwards", async () => {
    await savePackSettings(staffId, { prices: { basic: 0, custom: 0, premium: 0 }, promotion: null });
    const created = await createFriendTripRequest(input({ lastName: "Statesson" }), { now });
    expect((await updateFriendTripRequest(staffId, created.id, { status: "contacted", notes: "Called on WhatsApp" })).notes).toBe("Called on WhatsApp");
    await expect(updateFriendTripRequest(staffId, created.id, { status: "new" })).rejects.toMatchObject({ status: 409 });
    await expect(updateFriendTripRequest(staffId, created.id, { status: "done" })).rejects.toMatchObject({ status: 409 });
    await updateFriendTripRequest(staffId, created.id, { status: "planned" });
    expect((await updateFriendTripRequest(staffId, created.id, { status: "done" })).status).toBe("done");
    await expect(updateFriendTripRequest(staffId, created.id, { status: "cancelled" })).rejects.toMatchObject({ status: 409 });
    expect((await listFriendTripRequests({ status: "done", q: "Statesson" })).map((r) => r.id)).toEqual([created.id]);
    expect(await listFriendTripRequests({ status: "new", q: "Statesson" })).toEqual([]);
  });
});
