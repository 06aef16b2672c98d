// Paying for and cancelling experience bookings through the one payment flow (issue 21 point 5;
// ADR 183): card through the sandbox gateway, bank transfer with proof and operator review, the
// webhook, late payments, refunds, ledger lines and balances.
import { describe, expect, it } from "vitest";
import { ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Job } from "~/db/models/job.server";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Notification } from "~/db/models/notification.server";
import { Payment } from "~/db/models/payment.server";
import { PaymentEvent } from "~/db/models/payment-event.server";
import { Refund } from "~/db/models/refund.server";
import { FriendTripPayment } from "~/db/models/friend-trip.server";
import { hostBalances } from "~/domain/ledger";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { savePackSettings } from "~/services/friend-trip/friend-trip-packs.server";
import { verifyFriendTripPayment } from "~/services/friend-trip/friend-trip-payment.server";
import { createFriendTripRequest } from "~/services/friend-trip/friend-trip-requests.server";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { cancelExperienceBooking, experienceMoney, startExperiencePayment, verifyExperiencePayment } from "~/services/experiences/experience-payments.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { markRefundPaid, refundsForOperators } from "~/services/money/refund-settlement.server";
import { reviewBankPayment, uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { buildSandboxWebhook, SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { receivePaymentWebhook, verifyPayment } from "~/services/payments/payment-results.server";
import { AppError } from "~/utils/app-error";
import { createBookingUser } from "../../../tests/factories/booking-factories";
import { createExperience, createPartner } from "../../../tests/factories/experience-factories";

const DAY = 86_400_000;
const card = (number: string) => ({ cardNumber: number, expiry: "12/39", cvc: "123", holder: "Test Traveler" });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

async function heldBooking(options: { now?: Date; startsInDays?: number; people?: number; capacity?: number } = {}) {
  const now = options.now ?? new Date();
  const { user: partnerUser, partner } = await createPartner();
  const traveler = await createBookingUser();
  const { experience, slots } = await createExperience({
    partnerId: partner.id,
    pricePerPerson: 45_000,
    capacity: options.capacity ?? 8,
    slotStarts: [new Date(now.getTime() + (options.startsInDays ?? 10) * DAY)],
  });
  const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: options.people ?? 2, acceptTerms: true }, { now });
  return { now, partnerUser, partner, traveler, experience, slot: slots[0]!, bookingId: booked.id, total: booked.total };
}

async function paidByCard(options: Parameters<typeof heldBooking>[0] = {}) {
  const held = await heldBooking(options);
  const minute = (n: number) => new Date(held.now.getTime() + n * 60_000);
  const started = await startExperiencePayment(held.traveler, held.bookingId, "card", { now: minute(1) });
  if (started.kind !== "gateway") throw new Error("expected a gateway payment");
  const submitted = await submitSandboxCard(started.payment.reference, card(SANDBOX_TEST_CARDS.success), minute(2));
  return { ...held, minute, reference: started.payment.reference, redirectUrl: started.redirectUrl, submitted };
}

async function linesOf(bookingId: number) {
  const lines = await LedgerLine.findAll({ where: { experienceBookingId: bookingId }, order: [["id", "ASC"]] });
  return lines.map((line) => [line.account, line.kind, line.amount]);
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

describe("paying an experience booking by card", () => {
  it("goes through the sandbox gateway back to the booking page and confirms the booking once, however often verified", async () => {
    const paid = await paidByCard();
    expect(paid.redirectUrl).toBe(`/sandbox-gateway/pay/${paid.reference}`);
    expect(paid.submitted.redirectUrl).toBe(`/experience-bookings/${paid.bookingId}?ref=${paid.reference}`);
    const viewer = { id: paid.traveler.id, role: "user" };
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyExperiencePayment(viewer, paid.bookingId, paid.reference, paid.minute(3))));
    expect(results.map((result) => result?.state)).toEqual(Array(6).fill("success"));
    expect(await verifyExperiencePayment(viewer, paid.bookingId, paid.reference, paid.minute(4))).toMatchObject({ state: "success" });

    const booking = (await ExperienceBooking.findByPk(paid.bookingId))!;
    expect(booking).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    const payments = await Payment.findAll({ where: { experienceBookingId: paid.bookingId } });
    expect(payments.map((p) => [p.status, p.outcome, p.settlesExperienceBookingId, p.reservationId, p.amount])).toEqual([
      ["success", "confirmed", paid.bookingId, null, 90_000],
    ]);
    // The ledger: the payment, Darna's 10 %, the partner's earning — written once.
    expect(await linesOf(paid.bookingId)).toEqual([
      ["traveler", "traveler_payment", -90_000],
      ["platform", "commission", 9_000],
      ["host", "partner_earning", 81_000],
    ]);
    // Both sides are told, the places stay taken.
    expect(await Notification.count({ where: { kind: "experience.confirmed", userId: [paid.traveler.id, paid.partnerUser.id] } })).toBe(2);
    expect((await ExperienceSlot.findByPk(paid.slot.id))!.placesTaken).toBe(2);
    // Someone else's reference or another booking's: nothing.
    const stranger = await createBookingUser();
    expect(await verifyExperiencePayment({ id: stranger.id, role: "user" }, paid.bookingId, paid.reference)).toBeNull();
    expect(await verifyExperiencePayment(viewer, paid.bookingId + 1, paid.reference)).toBeNull();
  });

  it("the same webhook delivered three times at once confirms once, and the return page after it changes nothing", async () => {
    const paid = await paidByCard();
    const delivery = (await buildSandboxWebhook(paid.reference, paid.minute(3)))!;
    const outcomes = await Promise.all([1, 2, 3].map(() => receivePaymentWebhook("sandbox", delivery.body, delivery.headers, paid.minute(3))));
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(await PaymentEvent.count({ where: { reference: paid.reference } })).toBe(1);
    expect((await ExperienceBooking.findByPk(paid.bookingId))!.status).toBe("confirmed");
    expect((await verifyPayment(paid.reference, { now: paid.minute(4) })).state).toBe("success");
    expect(await linesOf(paid.bookingId)).toHaveLength(3);
    expect(await Payment.count({ where: { experienceBookingId: paid.bookingId, status: "success" } })).toBe(1);
  });

  it("a refused card leaves the hold (30 minutes from booking) and a retry pays; a start after the hold is refused", async () => {
    const held = await heldBooking();
    const minute = (n: number) => new Date(held.now.getTime() + n * 60_000);
    const refused = await startExperiencePayment(held.traveler, held.bookingId, "card", { now: minute(1) });
    await submitSandboxCard(refused.payment.reference, card(SANDBOX_TEST_CARDS.refused), minute(2));
    expect((await verifyPayment(refused.payment.reference, { now: minute(3) })).state).toBe("failed");
    const booking = (await ExperienceBooking.findByPk(held.bookingId))!;
    expect(booking.status).toBe("pending_payment");
    // Paying does not move the hold: still 30 minutes from the booking.
    expect(Math.abs(booking.holdExpiresAt!.getTime() - (held.now.getTime() + 30 * 60_000))).toBeLessThan(1000);
    const retry = await startExperiencePayment(held.traveler, held.bookingId, "card", { now: minute(4) });
    await submitSandboxCard(retry.payment.reference, card(SANDBOX_TEST_CARDS.success), minute(5));
    expect((await verifyPayment(retry.payment.reference, { now: minute(6) })).state).toBe("success");
    expect(await outcome(startExperiencePayment(held.traveler, held.bookingId, "card", { now: minute(7) }))).toBe("409 experience-payments:errors.notPayable");

    const late = await heldBooking();
    expect(await outcome(startExperiencePayment(late.traveler, late.bookingId, "card", { now: new Date(late.now.getTime() + 31 * 60_000) }))).toBe(
      "409 experience-payments:errors.notPayable",
    );
    const stranger = await createBookingUser();
    expect(await outcome(startExperiencePayment(stranger, late.bookingId, "card", { now: late.now }))).toBe("404 experiences:errors.bookingNotFound");
  });

  it("money that arrives after the hold expired is refunded in full, once; the places stay free", async () => {
    const held = await heldBooking();
    const minute = (n: number) => new Date(held.now.getTime() + n * 60_000);
    const started = await startExperiencePayment(held.traveler, held.bookingId, "card", { now: minute(25) });
    await submitSandboxCard(started.payment.reference, card(SANDBOX_TEST_CARDS.success), minute(29));
    await Job.destroy({ where: { name: "payment:sandbox-webhook" } });
    await runDueJobs({ now: minute(31), limit: 100 });
    expect((await ExperienceBooking.findByPk(held.bookingId))!.status).toBe("expired");
    expect((await ExperienceSlot.findByPk(held.slot.id))!.placesTaken).toBe(0);

    expect((await verifyPayment(started.payment.reference, { now: minute(32) })).state).toBe("late");
    await verifyPayment(started.payment.reference, { now: minute(33) });
    const refunds = await Refund.findAll({ where: { experienceBookingId: held.bookingId } });
    expect(refunds.map((r) => [r.reason, r.grossAmount, r.amount, r.reservationId])).toEqual([["late_payment", 90_000, 90_000, null]]);
    expect((await ExperienceBooking.findByPk(held.bookingId))!.status).toBe("expired");
    expect(await linesOf(held.bookingId)).toEqual([]);
    expect(await Notification.count({ where: { kind: "experience.latePayment", userId: held.traveler.id } })).toBe(1);
  });
});

describe("paying an experience booking by bank transfer", () => {
  it("keeps the places while an operator reviews the proof, then confirms once through the same review", async () => {
    const held = await heldBooking();
    const minute = (n: number) => new Date(held.now.getTime() + n * 60_000);
    const started = await startExperiencePayment(held.traveler, held.bookingId, "bank_transfer", { now: minute(1) });
    expect(started.kind).toBe("bank");
    expect(started.payment).toMatchObject({ experienceBookingId: held.bookingId, reservationId: null, amount: 90_000, status: "processing" });
    // Asking again gives the same open transfer.
    expect((await startExperiencePayment(held.traveler, held.bookingId, "bank_transfer", { now: minute(2) })).payment.id).toBe(started.payment.id);
    await uploadPaymentProof(held.traveler, started.payment.id, { name: "virement.png", bytes: PNG }, { now: minute(10) });
    const booking = (await ExperienceBooking.findByPk(held.bookingId))!;
    expect(booking.holdExpiresAt!.getTime()).toBeGreaterThan(minute(60).getTime());
    // The first expiry job (30 minutes) runs and leaves the booking alone.
    await runDueJobs({ now: minute(31), limit: 100 });
    expect((await ExperienceBooking.findByPk(held.bookingId))!.status).toBe("pending_payment");

    const operator = await createBookingUser({ role: "operator" });
    await reviewBankPayment(operator, started.payment.id, "confirm", { now: minute(40) });
    expect(await outcome(reviewBankPayment(operator, started.payment.id, "confirm", { now: minute(41) }))).toBe("409 payment:errors.alreadyReviewed");
    expect((await ExperienceBooking.findByPk(held.bookingId))!.status).toBe("confirmed");
    expect(await linesOf(held.bookingId)).toHaveLength(3);
  });
});

describe("cancelling an experience booking", () => {
  it("a traveler 48 hours or more before the start is refunded in full; the places are freed; the lines net to zero", async () => {
    const paid = await paidByCard({ startsInDays: 3 });
    await verifyPayment(paid.reference, { now: paid.minute(3) });
    const at = paid.minute(10);
    expect((await experienceMoney(paid.bookingId, "traveler", at)).refundIfCancelled).toBe(90_000);
    const cancelled = await cancelExperienceBooking(paid.bookingId, paid.traveler.id, at);
    expect(cancelled).toMatchObject({ by: "traveler", refund: { reason: "traveler_cancelled", grossAmount: 90_000, status: "pending" } });
    expect((await ExperienceBooking.findByPk(paid.bookingId))!).toMatchObject({ status: "cancelled", cancelledBy: "traveler" });
    expect((await ExperienceSlot.findByPk(paid.slot.id))!.placesTaken).toBe(0);
    expect(await linesOf(paid.bookingId)).toEqual([
      ["traveler", "traveler_payment", -90_000],
      ["platform", "commission", 9_000],
      ["host", "partner_earning", 81_000],
      ["traveler", "refund_to_traveler", 90_000],
      ["host", "refund_borne", -81_000],
      ["platform", "commission_returned", -9_000],
    ]);
    expect(await Notification.count({ where: { kind: "experience.cancelled", userId: paid.partnerUser.id } })).toBe(1);
    // Twice: one cancellation.
    expect(await outcome(cancelExperienceBooking(paid.bookingId, paid.traveler.id, at))).toBe("409 experiences:errors.notCancellable");
    expect(await Refund.count({ where: { experienceBookingId: paid.bookingId } })).toBe(1);

    // The refund is settled at /admin/refunds like a stay's.
    const operator = await createBookingUser({ role: "operator" });
    const owed = await refundsForOperators(operator, "owed", at);
    const row = owed.find((refund) => refund.id === cancelled.refund!.id)!;
    expect(row).toMatchObject({ reservationId: null, reservationPath: `/experience-bookings/${paid.bookingId}`, amount: 90_000 });
    expect(row.reference).toMatch(/^DX/);
    await markRefundPaid(operator, row.id, { reference: "VIR-1", bankFee: 0 }, at);
    expect((await Refund.findByPk(row.id))!.status).toBe("paid");
    expect(await Notification.count({ where: { kind: "refund.paid", userId: paid.traveler.id, link: `/experience-bookings/${paid.bookingId}` } })).toBe(1);
  });

  it("a traveler less than 48 hours before the start gets nothing back; the partner keeps its earning", async () => {
    const paid = await paidByCard({ startsInDays: 1.5 });
    await verifyPayment(paid.reference, { now: paid.minute(3) });
    const cancelled = await cancelExperienceBooking(paid.bookingId, paid.traveler.id, paid.minute(10));
    expect(cancelled.refund).toBeNull();
    expect(await Refund.count({ where: { experienceBookingId: paid.bookingId } })).toBe(0);
    expect((await ExperienceSlot.findByPk(paid.slot.id))!.placesTaken).toBe(0);
    expect((await linesOf(paid.bookingId)).map((line) => line[1])).toEqual(["traveler_payment", "commission", "partner_earning"]);
  });

  it("the partner cancelling a confirmed booking refunds it in full, even the day before; strangers get a 404", async () => {
    const paid = await paidByCard({ startsInDays: 1 });
    await verifyPayment(paid.reference, { now: paid.minute(3) });
    const stranger = await createBookingUser();
    expect(await outcome(cancelExperienceBooking(paid.bookingId, stranger.id, paid.minute(5)))).toBe("404 experiences:errors.bookingNotFound");
    const cancelled = await cancelExperienceBooking(paid.bookingId, paid.partnerUser.id, paid.minute(10));
    expect(cancelled).toMatchObject({ by: "partner", refund: { reason: "host_cancelled", grossAmount: 90_000, bankFee: 0 } });
    expect((await ExperienceBooking.findByPk(paid.bookingId))!.cancelledBy).toBe("partner");
    expect(await Notification.count({ where: { kind: "experience.cancelled", userId: paid.traveler.id } })).toBe(1);
    expect((await ExperienceSlot.findByPk(paid.slot.id))!.placesTaken).toBe(0);
  });

  it("the partner's balances are SUMs over its lines: replaying the lines gives the same balances", async () => {
    const { user: partnerUser, partner } = await createPartner();
    const now = new Date();
    const minute = (n: number) => new Date(now.getTime() + n * 60_000);
    const traveler = await createBookingUser();
    const { slots } = await createExperience({ partnerId: partner.id, pricePerPerson: 30_000, slotStarts: [new Date(now.getTime() + 5 * DAY), new Date(now.getTime() + 6 * DAY)] });
    const ids: number[] = [];
    for (const [index, slot] of slots.entries()) {
      const booked = await bookExperience(traveler, { slotId: slot.id, people: index + 1, acceptTerms: true }, { now });
      const started = await startExperiencePayment(traveler, booked.id, "card", { now: minute(1) });
      await submitSandboxCard(started.payment.reference, card(SANDBOX_TEST_CARDS.success), minute(2));
      await verifyPayment(started.payment.reference, { now: minute(3) });
      ids.push(booked.id);
    }
    await cancelExperienceBooking(ids[0]!, partnerUser.id, minute(5));
    const lines = await LedgerLine.findAll({ where: { hostId: partnerUser.id } });
    for (const at of [now, new Date(now.getTime() + 8 * DAY)]) {
      const replayed = hostBalances(
        lines.map((line) => ({ account: line.account, kind: line.kind, amount: line.amount, availableAt: line.availableAt, reservationId: line.reservationId, payoutRequestId: line.payoutRequestId })),
        at,
      );
      expect(await hostBalancesOf(partnerUser.id, at)).toEqual(replayed);
    }
    // The second booking (2 × 30 TND) is the partner's: 90 % of it, pending until a day after its start, then available.
    expect(await hostBalancesOf(partnerUser.id, now)).toMatchObject({ pending: 54_000, available: 0 });
    expect(await hostBalancesOf(partnerUser.id, new Date(now.getTime() + 8 * DAY))).toMatchObject({ pending: 0, available: 54_000 });
    // Every booking's lines sum to zero (nothing created, nothing lost).
    for (const id of ids) {
      const sum = (await LedgerLine.findAll({ where: { experienceBookingId: id } })).reduce((total, line) => total + line.amount, 0);
      expect(sum).toBe(0);
    }
  });
});

describe("a paid Friend Trip pack in the ledger", () => {
  it("writes the payment and Darna's revenue once, whether the webhook or the return page records it first", async () => {
    const operator = await createBookingUser({ role: "operator" });
    await savePackSettings(operator.id, { prices: { basic: 150_000, custom: 350_000, premium: 700_000 }, promotion: null });
    const now = new Date();
    const created = await createFriendTripRequest(
      {
        firstName: "Amira",
        lastName: "Ledger",
        nationality: "French",
        startDate: addDays(dateInTunis(now), 20),
        endDate: addDays(dateInTunis(now), 27),
        purpose: "discover",
        email: `ft-ledger-${Date.now()}@example.com`,
        phone: "+33 6 12 34 56 78",
        pack: "custom",
        interests: ["food"],
        consent: true,
      },
      { now },
    );
    const payment = (await FriendTripPayment.findOne({ where: { requestId: created.id } }))!;
    await submitSandboxCard(payment.reference, card(SANDBOX_TEST_CARDS.success), new Date(now.getTime() + 60_000));
    const delivery = (await buildSandboxWebhook(payment.reference, new Date(now.getTime() + 120_000)))!;
    await Promise.all([1, 2].map(() => receivePaymentWebhook("sandbox", delivery.body, delivery.headers, new Date(now.getTime() + 120_000))));
    await verifyFriendTripPayment(payment.reference, new Date(now.getTime() + 180_000));
    const lines = await LedgerLine.findAll({ where: { friendTripRequestId: created.id }, order: [["id", "ASC"]] });
    expect(lines.map((line) => [line.account, line.kind, line.amount])).toEqual([
      ["traveler", "traveler_payment", -350_000],
      ["platform", "friend_trip_pack", 350_000],
    ]);
  });
});
