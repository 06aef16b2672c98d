import type { Transaction } from "sequelize";
import { ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { Payment } from "~/db/models/payment.server";
import { EXPIRE_EXPERIENCE_HOLD_JOB, notifyBookingSides } from "~/services/experiences/experience-booking.server";
import { enqueueJob } from "~/services/jobs/jobs.server";
import { recordExperienceConfirmed } from "~/services/money/ledger.server";
import { notify } from "~/services/notifications/notify.server";
import { refundUnneededPayment } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

// What a successful payment does for the experience booking it pays (ADR 183), called by the one
// applyResult of app/services/payments/payment-results.server.ts inside its transaction, after the
// payment row was recorded successful (once: a conditional UPDATE). The booking is confirmed by
// a conditional UPDATE from pending_payment, so a result verified twice, a webhook twice, or both
// at once confirm it once; the money of a payment that finds the hold gone (expired, cancelled)
// or the booking already paid is refunded in full, as for stays.

interface Settled {
  changed: boolean;
  afterCommit: Array<() => Promise<void>>;
}

async function partnerUserId(partnerId: number, transaction: Transaction): Promise<number | null> {
  const partner = await Partner.findByPk(partnerId, { attributes: ["id", "userId"], transaction });
  return partner?.userId ?? null;
}

export async function settleExperiencePayment(payment: Payment, now: Date, transaction: Transaction): Promise<Settled> {
  const bookingId = payment.experienceBookingId;
  const booking = bookingId ? await ExperienceBooking.findByPk(bookingId, { transaction }) : null;
  if (!booking) throw new Error(`payment ${payment.id} pays neither a reservation nor an experience booking`);
  const [confirmed] = await ExperienceBooking.update(
    { status: "confirmed", confirmedAt: now, holdExpiresAt: null },
    { where: { id: booking.id, status: "pending_payment" }, transaction },
  );
  if (confirmed === 1) {
    await Payment.update({ settlesExperienceBookingId: booking.id, outcome: "confirmed" }, { where: { id: payment.id }, transaction });
    const slot = (await ExperienceSlot.findByPk(booking.slotId, { transaction }))!;
    await recordExperienceConfirmed(booking, await partnerUserId(booking.partnerId, transaction), payment.amount, slot.startsAt, now, transaction);
    await notifyBookingSides(transaction, booking, "confirmed", null, now);
    return { changed: true, afterCommit: [] };
  }
  const current = (await ExperienceBooking.findByPk(booking.id, { transaction }))!;
  await refundUnneededPayment(payment, { reservationId: null, experienceBookingId: booking.id, alreadyConfirmed: current.status === "confirmed" }, now, transaction);
  await notify(transaction, {
    userId: payment.travelerId,
    kind: "experience.latePayment",
    params: { reference: booking.reference, side: "traveler" },
    link: `/experience-bookings/${booking.id}`,
    now,
  });
  return { changed: true, afterCommit: [] };
}

/** The booking a traveler may pay now: theirs, still holding its places unpaid (404 / 409 otherwise). */
export async function loadPayableExperienceBooking(travelerId: number, bookingId: number | null, now: Date): Promise<ExperienceBooking> {
  const booking = bookingId ? await ExperienceBooking.findByPk(bookingId) : null;
  if (!booking || booking.travelerId !== travelerId) throw new AppError(404, "experiences:errors.bookingNotFound");
  if (booking.status !== "pending_payment" || !booking.holdExpiresAt || booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError(409, "experience-payments:errors.notPayable", { code: "conflict" });
  }
  return booking;
}

/**
 * A bank proof was uploaded: the places stay held until an operator can review it (the review
 * window of stays, BANK_REVIEW_HOURS), and the hold's expiry job is scheduled for the new deadline.
 */
export async function holdExperienceForReview(bookingId: number, reviewUntil: Date, transaction: Transaction): Promise<void> {
  const booking = await ExperienceBooking.findByPk(bookingId, { transaction });
  if (!booking || (booking.holdExpiresAt && booking.holdExpiresAt.getTime() >= reviewUntil.getTime())) return;
  const [extended] = await ExperienceBooking.update({ holdExpiresAt: reviewUntil }, { where: { id: bookingId, status: "pending_payment" }, transaction });
  if (extended === 1) {
    await enqueueJob(EXPIRE_EXPERIENCE_HOLD_JOB, { bookingId }, { runAt: reviewUntil, uniqueKey: `experience-hold:${bookingId}:${reviewUntil.getTime()}`, transaction });
  }
}
