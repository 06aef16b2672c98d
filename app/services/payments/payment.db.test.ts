import { afterEach, describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { Job } from "~/db/models/job.server";
import { Payment } from "~/db/models/payment.server";
import { PaymentEvent } from "~/db/models/payment-event.server";
import { Refund } from "~/db/models/refund.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { Reservation } from "~/db/models/reservation.server";
import { createReservation } from "~/services/booking/booking.server";
import "~/services/booking/booking-jobs.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { signCallback } from "~/services/payments/payment-providers.server";
import {
  buildSandboxWebhook,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TEST_CARDS,
  submitSandboxCard,
} from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { receivePaymentWebhook, verifyPayment } from "~/services/payments/payment-results.server";
import { readPaymentProof, reviewBankPayment, uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { renderReservationEmail, type ReservationEmailPayload } from "~/services/booking/reservation-emails.server";
import { AppError } from "~/utils/app-error";
import { createBookingUser, createPublicGuesthouse, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";

const now = new Date();
const card = (number: string) => ({ cardNumber: number, expiry: "12/39", cvc: "123", holder: "Test Traveler" });
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

async function heldReservation(options: { establishment?: boolean } = {}) {
  const traveler = await createBookingUser();
  if (options.establishment) {
    const { listing, room } = await createPublicGuesthouse();
    const r = await createReservation(
      { id: traveler.id },
      { listingId: listing.id, roomId: room.id, adults: 1, ...stayFrom(now, 10, 2) },
      { now, termsAccepted: true },
    );
    return { traveler, reservationId: r.id, amount: r.amountDue };
  }
  const listing = await createPublicListing();
  const r = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 10, 2) }, { now, termsAccepted: true });
  return { traveler, reservationId: r.id, amount: r.amountDue };
}

async function paidByCard(cardNumber: string = SANDBOX_TEST_CARDS.success) {
  const held = await heldReservation();
  const started = await startPayment(held.traveler, held.reservationId, "card", { now });
  if (started.kind !== "gateway") throw new Error("expected a gateway payment");
  const submitted = await submitSandboxCard(started.payment.reference, card(cardNumber), minutes(1));
  return { ...held, reference: started.payment.reference, redirectUrl: started.redirectUrl, submitted };
}

afterEach(() => {
  delete process.env.SANDBOX_DELAY_SECONDS;
});

describe("card payments through the sandbox gateway", () => {
  it("sends the traveler to the hosted page and back to the verification page with the reference", async () => {
    const paid = await paidByCard();
    expect(paid.redirectUrl).toBe(`/sandbox-gateway/pay/${paid.reference}`);
    expect(paid.submitted.redirectUrl).toBe(`/reservation-verification?ref=${paid.reference}`);
    const verified = await verifyPayment(paid.reference, { now: minutes(2) });
    expect(verified.state).toBe("success");
    expect((await Reservation.findByPk(paid.reservationId))!.status).toBe("confirmed");
  });

  it("returns establishments to /verify-establishment-payment", async () => {
    const held = await heldReservation({ establishment: true });
    const started = await startPayment(held.traveler, held.reservationId, "card", { now });
    const submitted = await submitSandboxCard(started.payment.reference, card(SANDBOX_TEST_CARDS.success), minutes(1));
    expect(submitted.redirectUrl).toBe(`/verify-establishment-payment?ref=${started.payment.reference}`);
    expect((await verifyPayment(started.payment.reference, { now: minutes(2) })).establishment).toBe(true);
  });

  it("verifying twice, or concurrently, records one payment and confirms once", async () => {
    const paid = await paidByCard();
    const results = await Promise.all(Array.from({ length: 8 }, () => verifyPayment(paid.reference, { now: minutes(2) })));
    expect(results.every((r) => r.state === "success")).toBe(true);
    expect(await verifyPayment(paid.reference, { now: minutes(3) })).toMatchObject({ state: "success" });
    const payments = await Payment.findAll({ where: { reservationId: paid.reservationId } });
    expect(payments).toHaveLength(1);
    expect(payments[0]!.status).toBe("success");
    expect(payments[0]!.settlesReservationId).toBe(paid.reservationId);
    const reservation = (await Reservation.findByPk(paid.reservationId))!;
    expect(reservation.status).toBe("confirmed");
    expect(await AnalyticsEvent.count({ where: { name: "Completed Reservation", userId: paid.traveler.id } })).toBe(1);
    const event = await AnalyticsEvent.findOne({ where: { name: "Completed Reservation", userId: paid.traveler.id } });
    expect(event!.value).toBe(Math.round(paid.amount / 1000));
    const mails = await Job.findAll({ where: { name: "reservation:email" } });
    const confirmations = mails.filter((job) => {
      const payload = JSON.parse(job.payload);
      return payload.kind === "confirmed" && payload.reservationId === paid.reservationId;
    });
    expect(confirmations).toHaveLength(2); // traveler and host, once each
    expect(await Refund.count({ where: { reservationId: paid.reservationId } })).toBe(0);
  });

  it("the same signed webhook twice (even at once) is recorded once; a bad signature is refused", async () => {
    const paid = await paidByCard();
    const delivery = (await buildSandboxWebhook(paid.reference, minutes(2)))!;
    const outcomes = await Promise.all([1, 2, 3].map(() => receivePaymentWebhook("sandbox", delivery.body, delivery.headers, minutes(2))));
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(await PaymentEvent.count({ where: { reference: paid.reference } })).toBe(1);
    expect((await Reservation.findByPk(paid.reservationId))!.status).toBe("confirmed");
    // Then the traveler's return verifies: still one payment, one confirmation.
    expect((await verifyPayment(paid.reference, { now: minutes(3) })).state).toBe("success");
    expect(await Payment.count({ where: { reservationId: paid.reservationId, status: "success" } })).toBe(1);

    const forged = new Headers({ [SANDBOX_SIGNATURE_HEADER]: signCallback(delivery.body, "not-the-secret", minutes(2)) });
    await expect(receivePaymentWebhook("sandbox", delivery.body, forged, minutes(2))).rejects.toMatchObject({ status: 400 });
    const tampered = delivery.body.replace('"status":"success"', '"status":"failed"');
    await expect(receivePaymentWebhook("sandbox", tampered, delivery.headers, minutes(2))).rejects.toMatchObject({ status: 400 });
  });

  it("the sandbox delivers its webhook through the job runner", async () => {
    const paid = await paidByCard();
    await runDueJobs({ now: minutes(2), limit: 100 });
    expect(await PaymentEvent.count({ where: { reference: paid.reference } })).toBe(1);
    expect((await Reservation.findByPk(paid.reservationId))!.status).toBe("confirmed");
  });

  it("a refused card fails the payment (retry possible) and a new attempt succeeds", async () => {
    const refused = await paidByCard(SANDBOX_TEST_CARDS.refused);
    const first = await verifyPayment(refused.reference, { now: minutes(2) });
    expect(first.state).toBe("failed");
    expect((await Reservation.findByPk(refused.reservationId))!.status).toBe("pending_payment");
    const retry = await startPayment(refused.traveler, refused.reservationId, "card", { now: minutes(3) });
    await submitSandboxCard(retry.payment.reference, card(SANDBOX_TEST_CARDS.success), minutes(4));
    expect((await verifyPayment(retry.payment.reference, { now: minutes(5) })).state).toBe("success");
    expect(await Payment.count({ where: { reservationId: refused.reservationId } })).toBe(2);
  });

  it("a delayed result shows processing until the gateway knows", async () => {
    process.env.SANDBOX_DELAY_SECONDS = "60";
    const delayed = await paidByCard(SANDBOX_TEST_CARDS.delayed);
    expect((await verifyPayment(delayed.reference, { now: minutes(1.5) })).state).toBe("processing");
    expect((await verifyPayment(delayed.reference, { now: minutes(2.5) })).state).toBe("success");
  });

  it("a gateway answer that does not match (amount) or cannot be had is 'verification failed': nothing confirmed", async () => {
    const mismatch = await paidByCard();
    // The gateway took another amount than the payment asked for.
    await Payment.update({ amount: mismatch.amount + 1000 }, { where: { reference: mismatch.reference } });
    const verified = await verifyPayment(mismatch.reference, { now: minutes(2) });
    expect(verified.state).toBe("verification_failed");
    expect((await Payment.findOne({ where: { reference: mismatch.reference } }))!.failureReason).toBe("amount_mismatch");
    expect((await Reservation.findByPk(mismatch.reservationId))!.status).toBe("pending_payment");
    expect(await AnalyticsEvent.count({ where: { name: "Completed Reservation", userId: mismatch.traveler.id } })).toBe(0);

    const unreachable = await paidByCard();
    await Payment.update({ provider: "retired-gateway" }, { where: { reference: unreachable.reference } });
    expect((await verifyPayment(unreachable.reference, { now: minutes(2) })).state).toBe("verification_failed");
    expect((await Reservation.findByPk(unreachable.reservationId))!.status).toBe("pending_payment");
  });

  it("missing reference and unknown payment are told apart; strangers see no payment", async () => {
    expect((await verifyPayment(null)).state).toBe("missing_reference");
    expect((await verifyPayment("PAYNOTAREALREFERENCE")).state).toBe("missing_payment");
    const paid = await paidByCard();
    const stranger = await createBookingUser();
    expect((await verifyPayment(paid.reference, { now: minutes(2), viewer: { id: stranger.id, role: "user" } })).state).toBe(
      "missing_payment",
    );
  });

  it("a payment for a hold that expired meanwhile is refunded and the nights stay free", async () => {
    const held = await heldReservation();
    const started = await startPayment(held.traveler, held.reservationId, "card", { now: minutes(25) });
    // The traveler pays at minute 29 but comes back after the hold ran out and the job ran.
    await submitSandboxCard(started.payment.reference, card(SANDBOX_TEST_CARDS.success), minutes(29));
    await Job.destroy({ where: { name: "payment:sandbox-webhook" } });
    await runDueJobs({ now: minutes(31), limit: 100 });
    const reservation = (await Reservation.findByPk(held.reservationId))!;
    expect(reservation.status).toBe("cancelled");
    expect(reservation.cancelledBy).toBe("system");
    expect(await ReservationNight.count({ where: { reservationId: held.reservationId } })).toBe(0);

    const verified = await verifyPayment(started.payment.reference, { now: minutes(32) });
    expect(verified.state).toBe("late");
    const refunds = await Refund.findAll({ where: { reservationId: held.reservationId } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.reason).toBe("late_payment");
    expect(refunds[0]!.amount).toBe(held.amount);
    expect(refunds[0]!.dueAt.getTime()).toBeGreaterThan(minutes(32).getTime() + 14 * 86_400_000);
    // Verifying again does not refund twice.
    await verifyPayment(started.payment.reference, { now: minutes(33) });
    expect(await Refund.count({ where: { reservationId: held.reservationId } })).toBe(1);
    // The traveler is told once, by e-mail, that the dates are gone and the money comes back (and the host that it is refunded).
    const late = (await Job.findAll({ where: { name: "reservation:email" } }))
      .map((job) => JSON.parse(job.payload) as ReservationEmailPayload)
      .filter((payload) => payload.reservationId === held.reservationId && payload.kind === "latePayment");
    expect(late.map((payload) => payload.to).sort()).toEqual(["host", "traveler"]);
    const mail = (await renderReservationEmail(late[0]!))!;
    expect(mail.text).toContain("The property is no longer available in this period; book again.");
    expect(mail.text).toContain("will be refunded within 15 days");
  });

  it("refuses to start a payment after the hold expired", async () => {
    const held = await heldReservation();
    await expect(startPayment(held.traveler, held.reservationId, "card", { now: minutes(31) })).rejects.toBeInstanceOf(AppError);
    const stranger = await createBookingUser();
    await expect(startPayment(stranger, held.reservationId, "card", { now })).rejects.toMatchObject({ status: 404 });
  });
});

describe("bank transfer and deposit", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n% proof of transfer\n");

  it("takes a proof, keeps the nights while an operator reviews, and confirms once", async () => {
    const held = await heldReservation();
    const started = await startPayment(held.traveler, held.reservationId, "bank_transfer", { now });
    expect(started.kind).toBe("bank");
    // Asking again gives the same open payment (same reference to write on the transfer).
    const again = await startPayment(held.traveler, held.reservationId, "bank_transfer", { now });
    expect(again.payment.reference).toBe(started.payment.reference);

    await expect(
      uploadPaymentProof(held.traveler, started.payment.id, { name: "x.txt", bytes: new TextEncoder().encode("hello") }, { now: minutes(5) }),
    ).rejects.toMatchObject({ status: 400, key: "payment:errors.proofType" });
    const uploaded = await uploadPaymentProof(held.traveler, started.payment.id, { name: "virement.pdf", bytes: pdf }, { now: minutes(5) });
    expect(uploaded.proofUploaded).toBe(true);
    const reservation = (await Reservation.findByPk(held.reservationId))!;
    expect(reservation.holdExpiresAt!.getTime()).toBeGreaterThan(minutes(60 * 47).getTime());

    // The 30-minute timer finds the hold extended: no cancellation.
    await runDueJobs({ now: minutes(31), limit: 100 });
    expect((await Reservation.findByPk(held.reservationId))!.status).toBe("pending_payment");

    const operator = await createBookingUser({ role: "operator" });
    const proof = await readPaymentProof(operator, started.payment.id);
    expect(proof.type).toBe("application/pdf");
    await expect(reviewBankPayment(held.traveler, started.payment.id, "confirm")).rejects.toMatchObject({ status: 403 });
    const [first, second] = await Promise.allSettled([
      reviewBankPayment(operator, started.payment.id, "confirm", { now: minutes(40) }),
      reviewBankPayment(operator, started.payment.id, "confirm", { now: minutes(40) }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect((await Reservation.findByPk(held.reservationId))!.status).toBe("confirmed");
    expect(await Payment.count({ where: { reservationId: held.reservationId, status: "success" } })).toBe(1);
  });

  it("an operator refuses with a reason: the payment failed, the traveler may try again", async () => {
    const held = await heldReservation();
    const started = await startPayment(held.traveler, held.reservationId, "bank_deposit", { now });
    await uploadPaymentProof(held.traveler, started.payment.id, { name: "recu.pdf", bytes: pdf }, { now: minutes(2) });
    const operator = await createBookingUser({ role: "operator" });
    await expect(reviewBankPayment(operator, started.payment.id, "refuse", { note: " " })).rejects.toMatchObject({ status: 400 });
    const refused = await reviewBankPayment(operator, started.payment.id, "refuse", { note: "Amount not received", now: minutes(3) });
    expect(refused.status).toBe("failed");
    expect((await Reservation.findByPk(held.reservationId))!.status).toBe("pending_payment");
    const mails = (await Job.findAll({ where: { name: "reservation:email" } }))
      .map((job) => JSON.parse(job.payload) as ReservationEmailPayload)
      .filter((payload) => payload.reservationId === held.reservationId)
      .map((payload) => `${payload.kind}:${payload.to}`);
    expect(mails).toEqual(expect.arrayContaining(["proofReceived:traveler", "proofReceived:host", "bankRefused:traveler", "bankRefused:host"]));
    const refusal = (await renderReservationEmail({ kind: "bankRefused", reservationId: held.reservationId, to: "traveler", values: { reason: "Amount not received" } }))!;
    expect(refusal.text).toContain("Amount not received");
    const retry = await startPayment(held.traveler, held.reservationId, "bank_deposit", { now: minutes(4) });
    expect(retry.payment.reference).not.toBe(started.payment.reference);
  });
});
