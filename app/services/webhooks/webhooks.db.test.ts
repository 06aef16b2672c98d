import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from "~/db/models/webhook.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { createReservation } from "~/services/booking/booking.server";
import { acceptRequest } from "~/services/booking/reservation.server";
import { setBlocked, setPrice } from "~/services/calendar/calendar.server";
import { listOutbox } from "~/services/email/email.server";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { decidePayout, requestPayout } from "~/services/money/payouts.server";
import { sendMessage, startConversation } from "~/services/messaging/message-sending.server";
import { saveReview } from "~/services/reviews/review-writes.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import "~/services/webhooks/webhook-delivery.server";
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery, setEndpointEnabled } from "~/services/webhooks/webhook-endpoints.server";
import { recordWebhookEvent } from "~/services/webhooks/webhook-events.server";
import { verifySignatureHeader } from "~/services/webhooks/webhook-signature.server";
import { AppError } from "~/utils/app-error";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";
import { createExperience, createPartner } from "../../../tests/factories/experience-factories";
import { paidStay } from "../../../tests/factories/money-factories";
import { createCompletedStay } from "../../../tests/factories/review-factories";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver";

// Whole seconds: MariaDB keeps DATETIME to the second.
const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (ms: number) => new Date(t0.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let receiver: WebhookReceiver;
const saved = { allow: process.env.WEBHOOKS_ALLOW_PRIVATE, timeout: process.env.WEBHOOK_TIMEOUT_MS };
beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_TIMEOUT_MS = "300";
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = saved.allow;
  process.env.WEBHOOK_TIMEOUT_MS = saved.timeout;
  if (saved.allow === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  if (saved.timeout === undefined) delete process.env.WEBHOOK_TIMEOUT_MS;
  await receiver.close();
});
beforeEach(async () => {
  // Only this file's jobs run at the test clock's times.
  await Job.destroy({ where: {} });
  receiver.received.length = 0;
});

let paths = 0;
async function hostWithEndpoint(events: string[] = ["calendar.changed"]) {
  const host = await createBookingUser();
  const path = `/hook-${(paths += 1)}`;
  const endpoint = await createEndpoint(host.id, { url: receiver.url(path), events: events as never }, t0);
  return { host, path, endpoint };
}

async function emit(userId: number, when: Date, data: Record<string, unknown> = {}) {
  await writeTransaction((transaction) => recordWebhookEvent(transaction, { userId, type: "calendar.changed", data, now: when }));
}

const receivedAt = (path: string) => receiver.received.filter((delivery) => delivery.path === path);

async function deliveryOf(endpointId: number) {
  const rows = await WebhookDelivery.findAll({ where: { endpointId }, order: [["id", "ASC"]] });
  return rows;
}

describe("deliveries", () => {
  it("POSTs {id, type, createdAt, data} signed with the endpoint's secret, with the event and delivery headers", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    await emit(host.id, t0, { listingId: 7 });
    await runDueJobs({ now: t0 });

    const [delivery] = receivedAt(path);
    expect(delivery).toBeDefined();
    expect(delivery!.json).toMatchObject({ type: "calendar.changed", createdAt: t0.toISOString(), data: { listingId: 7 } });
    expect(delivery!.json.id).toMatch(/^evt_/);
    expect(delivery!.headers["content-type"]).toBe("application/json");
    expect(delivery!.headers["darna-event"]).toBe("calendar.changed");
    const [row] = await deliveryOf(endpoint.id);
    expect(delivery!.headers["darna-delivery"]).toBe(String(row!.id));
    const signature = String(delivery!.headers["darna-signature"]);
    expect(signature).toMatch(new RegExp(`^t=${Math.floor(t0.getTime() / 1000)},v1=[0-9a-f]{64}$`));
    expect(verifySignatureHeader(endpoint.secret, signature, delivery!.body, t0)).toBe(true);
    // Another secret, a changed body or a stale timestamp do not verify.
    expect(verifySignatureHeader("whsec_other", signature, delivery!.body, t0)).toBe(false);
    expect(verifySignatureHeader(endpoint.secret, signature, delivery!.body.replace("7", "8"), t0)).toBe(false);
    expect(verifySignatureHeader(endpoint.secret, signature, delivery!.body, at(10 * MINUTE))).toBe(false);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 200 });
  });

  it("tries a delivery answered 500 again after the backoff, records each attempt, then delivers it", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    receiver.answer(path, 500);
    await emit(host.id, t0);
    await runDueJobs({ now: t0 });
    let [row] = await deliveryOf(endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500, lastError: "HTTP 500" });
    expect(row!.nextAttemptAt).toEqual(at(MINUTE));
    expect((await WebhookEndpoint.findByPk(endpoint.id))!.failingSince).toEqual(t0);

    // Not before the backoff.
    await runDueJobs({ now: at(30_000) });
    expect(receivedAt(path)).toHaveLength(1);

    await runDueJobs({ now: at(MINUTE) });
    expect(receivedAt(path)).toHaveLength(2);
    [row] = await deliveryOf(endpoint.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, lastResponseCode: 200 });
    expect((await WebhookEndpoint.findByPk(endpoint.id))!.failingSince).toBeNull();
    // The same event both times, each attempt signed at its own time.
    const [first, second] = receivedAt(path);
    expect(second!.json.id).toBe(first!.json.id);
    expect(verifySignatureHeader(endpoint.secret, String(second!.headers["darna-signature"]), second!.body, at(MINUTE))).toBe(true);

    const attempts = await WebhookAttempt.findAll({ where: { deliveryId: row!.id }, order: [["id", "ASC"]] });
    expect(attempts.map((attempt) => [attempt.ok, attempt.responseCode])).toEqual([
      [false, 500],
      [true, 200],
    ]);
    expect(attempts.every((attempt) => attempt.durationMs >= 0)).toBe(true);
    // The page and the API show them.
    const listed = await listDeliveries(host.id, endpoint.id);
    expect(listed.total).toBe(1);
    expect(listed.deliveries[0]!.history.map((attempt) => attempt.responseCode)).toEqual([500, 200]);
  });

  it("records a receiver that does not answer in time as a timeout and tries again", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    receiver.answer(path, { delayMs: 1500 });
    await emit(host.id, t0);
    await runDueJobs({ now: t0 });
    const [row] = await deliveryOf(endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: null });
    expect(row!.lastError).toMatch(/^timeout/);
    const [attempt] = await WebhookAttempt.findAll({ where: { deliveryId: row!.id } });
    expect(attempt).toMatchObject({ ok: false, responseCode: null });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(250);
    expect(attempt!.durationMs).toBeLessThan(1500);
    await runDueJobs({ now: at(MINUTE) });
    expect((await deliveryOf(endpoint.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("delivers an endpoint's events in event-time order, a failing one holding back the later ones", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    // Recorded out of order: the later event first.
    await emit(host.id, at(2_000), { n: 2 });
    await emit(host.id, at(1_000), { n: 1 });
    await emit(host.id, at(3_000), { n: 3 });
    receiver.answer(path, 500);
    await runDueJobs({ now: at(5_000) });
    expect(receivedAt(path).map((delivery) => delivery.json.data.n)).toEqual([1]);
    await runDueJobs({ now: at(5_000 + MINUTE) });
    expect(receivedAt(path).map((delivery) => delivery.json.data.n)).toEqual([1, 1, 2, 3]);
    expect((await deliveryOf(endpoint.id)).map((row) => row.status)).toEqual(["delivered", "delivered", "delivered"]);
  });

  it("gives a delivery up after 24 hours of retries, then sends the next event", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    receiver.answer(path, 500, 500, 500);
    await emit(host.id, t0, { n: 1 });
    await emit(host.id, at(1_000), { n: 2 });
    await runDueJobs({ now: t0 });
    await runDueJobs({ now: at(23 * HOUR) });
    const [first] = await deliveryOf(endpoint.id);
    expect(first).toMatchObject({ status: "pending", attempts: 2 });
    expect(first!.nextAttemptAt).toEqual(at(23 * HOUR + 2 * MINUTE));
    await runDueJobs({ now: at(DAY) });
    const rows = await deliveryOf(endpoint.id);
    expect(rows.map((row) => row.status)).toEqual(["failed", "delivered"]);
    expect(receivedAt(path).map((delivery) => delivery.json.data.n)).toEqual([1, 1, 1, 2]);
  });

  it("replays a delivery on its owner's demand (same event, same delivery id), never another user's", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    await emit(host.id, t0);
    await runDueJobs({ now: t0 });
    const [row] = await deliveryOf(endpoint.id);
    const stranger = await createBookingUser();
    await expect(replayDelivery(stranger.id, row!.id, at(MINUTE))).rejects.toMatchObject({ status: 404 });
    expect(await replayDelivery(host.id, row!.id, at(MINUTE))).toEqual({ queued: true, deliveryId: row!.id });
    await runDueJobs({ now: at(MINUTE) });
    const [original, replayed] = receivedAt(path);
    expect(replayed).toBeDefined();
    expect(replayed!.body).toBe(original!.body);
    expect(replayed!.headers["darna-delivery"]).toBe(String(row!.id));
    expect(verifySignatureHeader(endpoint.secret, String(replayed!.headers["darna-signature"]), replayed!.body, at(MINUTE))).toBe(true);
    const attempts = await WebhookAttempt.findAll({ where: { deliveryId: row!.id }, order: [["id", "ASC"]] });
    expect(attempts.map((attempt) => attempt.replay)).toEqual([false, true]);
  });

  it("disables an endpoint that has failed for 3 days and e-mails its owner; turned on again, it delivers what waited", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    receiver.answer(path, ...Array.from({ length: 40 }, () => 503));
    await emit(host.id, t0);
    await runDueJobs({ now: t0 });
    await emit(host.id, at(2 * DAY));
    await runDueJobs({ now: at(2 * DAY) });
    expect((await WebhookEndpoint.findByPk(endpoint.id))!.enabled).toBe(true);
    await emit(host.id, at(3 * DAY));
    await runDueJobs({ now: at(3 * DAY) });
    const disabled = (await WebhookEndpoint.findByPk(endpoint.id))!;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "failing" });
    await runDueJobs({ now: at(3 * DAY) });
    const email = (await listOutbox(500)).find((message) => message.to === host.email && message.template === "webhook-endpoint-disabled");
    expect(email).toBeDefined();
    expect(email!.text).toContain(receiver.url(path));
    expect(email!.links.some((link) => link.endsWith("/profile/developers"))).toBe(true);

    // Disabled: new events are not recorded for it, waiting deliveries do not go.
    const sent = receivedAt(path).length;
    await emit(host.id, at(3 * DAY + MINUTE));
    expect(await WebhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(3);
    await runDueJobs({ now: at(3 * DAY + 2 * MINUTE) });
    expect(receivedAt(path)).toHaveLength(sent);

    receiver.reset(path);
    await setEndpointEnabled(host.id, endpoint.id, true, at(3 * DAY + 3 * MINUTE));
    await runDueJobs({ now: at(3 * DAY + 3 * MINUTE) });
    expect((await deliveryOf(endpoint.id)).at(-1)!.status).toBe("delivered");
  });
});

describe("events, recorded in the change's transaction", () => {
  it("are not recorded when the transaction rolls back, nor for a type the endpoint did not choose", async () => {
    const { host, endpoint } = await hostWithEndpoint(["reservation.paid"]);
    await expect(
      writeTransaction(async (transaction) => {
        await recordWebhookEvent(transaction, { userId: host.id, type: "reservation.paid", data: {}, now: t0 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await writeTransaction((transaction) => recordWebhookEvent(transaction, { userId: host.id, type: "calendar.changed", data: {}, now: t0 }));
    expect(await WebhookEvent.count({ where: { userId: host.id } })).toBe(0);
    expect(await WebhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await Job.count({ where: { name: "webhooks:deliver" } })).toBe(0);
  });

  it("come from reservation steps (to the host) and calendar changes", async () => {
    const { host, path, endpoint } = await hostWithEndpoint(["reservation.requested", "reservation.accepted", "calendar.changed"]);
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const stay = stayFrom(t0, 20, 2);
    const created = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stay }, { now: t0, termsAccepted: true });
    await acceptRequest({ id: host.id, role: "user" }, created.id, { now: at(1_000) });
    await setBlocked({ id: host.id, role: "user" }, listing.id, { kind: "range", from: stayFrom(t0, 40, 1).checkIn, to: stayFrom(t0, 42, 1).checkIn }, true, { now: at(2_000) });
    await setPrice({ id: host.id, role: "user" }, listing.id, { kind: "range", from: stayFrom(t0, 50, 1).checkIn, to: stayFrom(t0, 50, 1).checkIn }, 150_000, { now: at(3_000) });
    // The traveler registered nothing: only the host's endpoint gets the steps.
    await runDueJobs({ now: at(4_000) });
    const got = receivedAt(path).map((delivery) => [delivery.json.type, delivery.json.data]);
    expect(got).toEqual([
      ["reservation.requested", expect.objectContaining({ reservation: expect.objectContaining({ id: created.id, status: "pending_host", checkIn: stay.checkIn, currency: "TND" }) })],
      ["reservation.accepted", expect.objectContaining({ reservation: expect.objectContaining({ id: created.id, status: "pending_payment" }) })],
      ["calendar.changed", expect.objectContaining({ listingId: listing.id, change: "blocked" })],
      ["calendar.changed", expect.objectContaining({ listingId: listing.id, change: "prices" })],
    ]);
    expect(await WebhookDelivery.count({ where: { endpointId: endpoint.id, status: "delivered" } })).toBe(4);
  });
});

describe("events from messages and reviews", () => {
  it("come from a message to the host (not to the traveler) and a review of the host's stay", async () => {
    const { host, path } = await hostWithEndpoint(["message.received", "review.posted"]);
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const stay = stayFrom(new Date(), 20, 2);
    const started = await startConversation({ id: traveler.id }, { propertyId: listing.id, ...stay, message: "Is the terrace shaded?" }, at(1_000));
    await sendMessage({ id: host.id }, started.conversationUID, "Yes, all afternoon.", at(2_000));
    const completed = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
    const review = await saveReview({ id: traveler.id, role: "user" }, completed.id, {
      text: "A lovely, quiet place with a shaded terrace and a kind host.",
      ratings: { amenities: 5, services: 5, price: 4, tours: 4, location: 5 },
    }, { now: at(3_000) });
    await runDueJobs({ now: at(4_000) });
    expect(receivedAt(path).map((delivery) => [delivery.json.type, delivery.json.data])).toEqual([
      ["message.received", { conversation: started.conversationUID, listingId: listing.id, message: expect.objectContaining({ body: "Is the terrace shaded?" }) }],
      ["review.posted", { review: { id: review.id, reservationId: completed.id, listingId: listing.id } }],
    ]);
  });
});

describe("events from payouts", () => {
  it("record each state of the host's payout request: requested, then the operator's decision", async () => {
    const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
    const { host } = await hostWithEndpoint(["payout.updated"]);
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    await paidStay(traveler, listing.id, new Date(payday.getTime() - 50 * DAY));
    const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN5910006035183598478831" };
    const request = await requestPayout(host, { ...bank, amount: 100_000 }, payday);
    const operator = await createBookingUser({ role: "operator" });
    await decidePayout(operator, request.id, { action: "confirm", reference: "VIR-2031-05-25" }, payday);
    const events = await WebhookEvent.findAll({ where: { userId: host.id }, order: [["id", "ASC"]] });
    expect(events.map((event) => [event.type, JSON.parse(event.data)])).toEqual([
      ["payout.updated", { payout: { id: request.id, status: "requested", amount: 100_000, currency: "TND" } }],
      ["payout.updated", { payout: { id: request.id, status: "confirmed", amount: 100_000, currency: "TND" } }],
    ]);
  });
});

describe("events from experience bookings", () => {
  it("reach the partner's account as reservation events carrying the experience booking", async () => {
    const { user, partner } = await createPartner();
    await createEndpoint(user.id, { url: receiver.url("/partner-hook"), events: ["reservation.requested"] }, t0);
    const { slots } = await createExperience({ partnerId: partner.id });
    const traveler = await createBookingUser();
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 2, acceptTerms: true }, { now: t0 });
    const [event] = await WebhookEvent.findAll({ where: { userId: user.id } });
    expect(event!.type).toBe("reservation.requested");
    expect(JSON.parse(event!.data)).toMatchObject({ step: "booked", experienceBooking: { reference: booked.reference, people: 2, partnerId: partner.id, currency: "TND" } });
  });
});

describe("endpoints", () => {
  it("need https unless private addresses are allowed, at most 10 per user, and belong to their owner", async () => {
    const host = await createBookingUser();
    process.env.WEBHOOKS_ALLOW_PRIVATE = "false";
    try {
      await expect(createEndpoint(host.id, { url: "http://example.com/hook", events: ["review.posted"] })).rejects.toMatchObject({
        status: 400,
        fields: { url: "developers:errors.httpsRequired" },
      });
      await expect(createEndpoint(host.id, { url: "ftp://example.com/hook", events: ["review.posted"] })).rejects.toBeInstanceOf(AppError);
      const created = await createEndpoint(host.id, { url: "https://example.com/hook", events: ["review.posted", "review.posted"] });
      expect(created.events).toEqual(["review.posted"]);
      // The address rule holds at delivery time too: a public name is fine, loopback is refused.
      const stranger = await createBookingUser();
      await expect(setEndpointEnabled(stranger.id, created.id, false)).rejects.toMatchObject({ status: 404 });
      await expect(deleteEndpoint(stranger.id, created.id)).rejects.toMatchObject({ status: 404 });
      await expect(listDeliveries(stranger.id, created.id)).rejects.toMatchObject({ status: 404 });
      for (let i = 1; i < 10; i += 1) await createEndpoint(host.id, { url: `https://example.com/hook/${i}`, events: ["review.posted"] });
      await expect(createEndpoint(host.id, { url: "https://example.com/hook/11", events: ["review.posted"] })).rejects.toMatchObject({ status: 409 });
      expect((await listEndpoints(host.id)).map((endpoint) => "secret" in endpoint)).not.toContain(true);
      await deleteEndpoint(host.id, created.id);
      expect(await listEndpoints(host.id)).toHaveLength(9);
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
    }
  });

  it("never posts to a loopback address unless allowed", async () => {
    const { host, path, endpoint } = await hostWithEndpoint();
    process.env.WEBHOOKS_ALLOW_PRIVATE = "false";
    try {
      await emit(host.id, t0);
      await runDueJobs({ now: t0 });
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
    }
    expect(receivedAt(path)).toHaveLength(0);
    expect((await deliveryOf(endpoint.id))[0]!.lastError).toMatch(/not allowed/);
  });
});
