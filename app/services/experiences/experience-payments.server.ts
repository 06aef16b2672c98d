import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { Payment, type PaymentMethod } from "~/db/models/payment.server";
import { Refund } from "~/db/models/refund.server";
import { travelerRefund } from "~/domain/experiences";
import { notifyBookingSides, releasePlaces, retrying } from "~/services/experiences/experience-booking.server";
import { loadPayableExperienceBooking } from "~/services/experiences/experience-settlement.server";
import { recordExperienceCancelled } from "~/services/money/ledger.server";
import { PAYMENT_METHODS, toPaymentView, type PaymentView } from "~/services/payments/payment.server";
import { openPayment, type StartedPayment } from "~/services/payments/payment-start.server";
import { verifyPayment, type VerificationState } from "~/services/payments/payment-results.server";
import { recordRefund, refundBankFee, toRefundView, type RefundView } from "~/services/payments/refund.server";
import { textIn } from "~/domain/experiences";
import { experienceBookingFor } from "~/services/experiences/experience-reads.server";
import { AppError } from "~/utils/app-error";

// Paying for and cancelling an experience booking (issue 21 point 5; ADRs 182, 183), through the
// one payment flow of app/services/payments: the same payment rows (experience_booking_id), the
// same card gateways and webhook, the same bank transfer/deposit proof and operator review, the
// same refunds settled at /admin/refunds. What a result does to the booking is
// experience-settlement.server.ts; the ledger lines are app/services/money/ledger.server.ts's.

export type ExperienceCancelledBy = "traveler" | "partner";

/** The booking page, where the gateway sends the traveler back (with `?ref=`). */
export function experienceBookingPath(bookingId: number): string {
  return `/experience-bookings/${bookingId}`;
}

/** Starts paying a held booking: card → the gateway's page; transfer/deposit → the reference and bank details. */
export async function startExperiencePayment(
  actor: { id: number },
  bookingId: number,
  method: PaymentMethod,
  options: { now?: Date; language?: string; returnPath?: string } = {},
): Promise<StartedPayment> {
  const now = options.now ?? new Date();
  if (!PAYMENT_METHODS.includes(method)) throw new AppError(400, "payment:errors.method", { fields: { method: "payment:errors.method" } });
  const booking = await loadPayableExperienceBooking(actor.id, bookingId, now);
  const experience = await Experience.findByPk(booking.experienceId, { attributes: ["id", "title"] });
  const language = options.language ?? booking.language ?? "en";
  return openPayment({
    paid: { experienceBookingId: booking.id },
    travelerId: actor.id,
    method,
    amount: booking.total,
    description: `${booking.reference} · ${experience ? textIn(experience.title, language) : ""}`.trim(),
    returnPath: options.returnPath ?? experienceBookingPath(booking.id),
    // The gateway refuses the payment once the 30-minute hold is over.
    expiresAt: booking.holdExpiresAt!,
    language,
    now,
  });
}

/**
 * The gateway sent the traveler back to the booking page with `?ref=`: the payment is verified
 * with its gateway and recorded (once, however often the page is loaded). Null when the reference
 * is not one of this traveler's payments of this booking.
 */
export async function verifyExperiencePayment(
  viewer: { id: number; role: string },
  bookingId: number,
  reference: string,
  now: Date = new Date(),
): Promise<{ state: VerificationState; payment: PaymentView } | null> {
  const result = await verifyPayment(reference, { viewer, now });
  if (!result.payment || result.payment.experienceBookingId !== bookingId) return null;
  return { state: result.state, payment: result.payment };
}

export interface ExperienceMoneyView {
  payments: PaymentView[];
  refunds: RefundView[];
  /** What cancelling now gives back to the traveler (all until 48 h before the start, nothing after). */
  refundIfCancelled: number;
  /** Who may cancel the booking now: its traveler and/or its partner. */
  cancellable: boolean;
}

/** The payments and refunds of a booking and what a cancellation now would refund, for its page. */
export async function experienceMoney(bookingId: number, viewer: ExperienceCancelledBy, now: Date = new Date()): Promise<ExperienceMoneyView> {
  const booking = (await ExperienceBooking.findByPk(bookingId))!;
  const slot = (await ExperienceSlot.findByPk(booking.slotId))!;
  const [payments, refunds] = await Promise.all([
    Payment.findAll({ where: { experienceBookingId: bookingId }, order: [["id", "ASC"]] }),
    Refund.findAll({ where: { experienceBookingId: bookingId }, order: [["id", "ASC"]] }),
  ]);
  const started = slot.startsAt.getTime() <= now.getTime();
  return {
    payments: payments.map(toPaymentView),
    refunds: refunds.map(toRefundView),
    refundIfCancelled: booking.status !== "confirmed" ? 0 : viewer === "partner" ? booking.total : travelerRefund(booking.total, slot.startsAt, now),
    cancellable: (booking.status === "pending_payment" || booking.status === "confirmed") && !started,
  };
}

/**
 * The traveler or the partner's account cancels a booking. An unpaid hold is simply given up; a
 * paid (confirmed) one is refunded through the refunds operators settle at /admin/refunds: in
 * full when the partner cancels, in full when the traveler cancels 48 hours or more before the
 * start (less the configured bank fee, as for stays), nothing after. The status change (a
 * conditional UPDATE), the places freed, the refund, its ledger lines and both sides'
 * notifications commit together; cancelling twice cancels once (409 the second time).
 */
export async function cancelExperienceBooking(
  bookingId: number,
  actorId: number,
  now: Date = new Date(),
): Promise<{ by: ExperienceCancelledBy; refund: RefundView | null }> {
  const booking = await ExperienceBooking.findByPk(bookingId);
  if (!booking) throw new AppError(404, "experiences:errors.bookingNotFound");
  const partner = await Partner.findByPk(booking.partnerId, { attributes: ["id", "userId"] });
  const by: ExperienceCancelledBy | null = booking.travelerId === actorId ? "traveler" : partner?.userId === actorId ? "partner" : null;
  if (!by) throw new AppError(404, "experiences:errors.bookingNotFound");
  const slot = (await ExperienceSlot.findByPk(booking.slotId))!;
  if (slot.startsAt.getTime() <= now.getTime()) throw new AppError(409, "experience-payments:errors.started", { code: "conflict" });

  const refund = await retrying(async (transaction) => {
    const current = (await ExperienceBooking.findByPk(booking.id, { transaction }))!;
    const from = current.status;
    if (from !== "pending_payment" && from !== "confirmed") throw new AppError(409, "experiences:errors.notCancellable", { code: "conflict" });
    const [updated] = await ExperienceBooking.update(
      { status: "cancelled", cancelledAt: now, cancelledBy: by, holdExpiresAt: null },
      { where: { id: booking.id, status: from }, transaction },
    );
    if (updated !== 1) throw new AppError(409, "experiences:errors.notCancellable", { code: "conflict" });
    await releasePlaces(booking.slotId, booking.people, transaction);
    let recorded: Refund | null = null;
    if (from === "confirmed") {
      const gross = by === "partner" ? booking.total : travelerRefund(booking.total, slot.startsAt, now);
      const payment = await Payment.findOne({ where: { settlesExperienceBookingId: booking.id }, transaction });
      recorded = await recordRefund(
        {
          reservationId: null,
          experienceBookingId: booking.id,
          paymentId: payment?.id ?? null,
          travelerId: booking.travelerId,
          reason: by === "partner" ? "host_cancelled" : "traveler_cancelled",
          grossAmount: gross,
          // As for stays: the bank fee when the traveler cancels, none when the partner does.
          bankFee: by === "traveler" ? refundBankFee() : 0,
          dedupeKey: `experience-cancel:${booking.id}`,
          now,
        },
        transaction,
      );
      await recordExperienceCancelled(booking, partner?.userId ?? null, gross, slot.startsAt, now, transaction);
    }
    await notifyBookingSides(transaction, booking, "cancelled", by, now);
    return recorded;
  });
  return { by, refund: refund ? toRefundView(refund) : null };
}

/** A booking with its payments and refunds, for its traveler or its partner's account (the API's GET); 404 for anyone else. */
export async function experienceBookingDetail(viewerId: number, bookingId: number, language: string, now: Date = new Date()) {
  const booking = Number.isSafeInteger(bookingId) && bookingId > 0 ? await experienceBookingFor(bookingId, viewerId, language) : null;
  if (!booking) throw new AppError(404, "experiences:errors.bookingNotFound", { code: "not_found" });
  return { ...booking, ...(await experienceMoney(bookingId, booking.viewer, now)) };
}
