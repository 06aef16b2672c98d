import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { Payment } from "~/db/models/payment.server";
import { PaymentEvent } from "~/db/models/payment-event.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { trackEvent } from "~/services/analytics/analytics.server";
import { isEstablishmentReservation, queueReservationEmails } from "~/services/booking/reservation-emails.server";
import { settleExperiencePayment } from "~/services/experiences/experience-settlement.server";
import { applyFriendTripCallback } from "~/services/friend-trip/friend-trip-payment.server";
import { recordStayConfirmed } from "~/services/money/ledger.server";
import { BANK_PROVIDER_ID, toPaymentView, type PaymentView } from "~/services/payments/payment.server";
import { callbackVerification, findPaymentProvider, InvalidCallbackError, verifyWithProvider, type ProviderVerification } from "~/services/payments/payment-providers.server";
import "~/services/payments/payment-sandbox.server";
import { refundUnneededPayment } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

// Recording what a gateway (or an operator) says about a payment (PRODUCT.md "Payments"): on the
// return page (verifyPayment) and by the gateway's webhook. Nothing is lost or doubled:
// - a payment row is created before the traveler leaves for the gateway, one per attempt;
// - its result is written with a conditional UPDATE (only from a not-yet-successful state), so
//   verifying twice, a webhook twice, or both at once record it once;
// - the reservation is confirmed with a conditional UPDATE (only from pending_payment) in the same
//   transaction, and `settles_reservation_id` is unique: one payment pays a reservation;
// - money that arrives for a hold that is gone (or a reservation already paid) is refunded.
// A payment pays a reservation or an experience booking (experience_booking_id, ADR 183): the
// same rows, gateways, webhook and operator review; only what a result does to the thing paid
// is dispatched (experience-settlement.server.ts for bookings).

type AfterCommit = () => Promise<void>;

interface ApplyResult {
  changed: boolean;
  afterCommit: AfterCommit[];
}

/**
 * Writes what the gateway (or an operator) says about a payment, inside `transaction`. Safe to
 * call any number of times, concurrently: every write is conditional on the current state.
 */
export async function applyResult(
  paymentId: number,
  result: ProviderVerification,
  now: Date,
  transaction: Transaction,
): Promise<ApplyResult> {
  const payment = await Payment.findByPk(paymentId, { transaction });
  if (!payment) return { changed: false, afterCommit: [] };
  if (result.status === "processing") return { changed: false, afterCommit: [] };

  if (result.status === "unknown" || (result.status === "success" && (result.amount !== payment.amount || (result.currency ?? "TND") !== "TND"))) {
    const [changed] = await Payment.update(
      { status: "verification_failed", failureReason: result.status === "unknown" ? (result.failureReason ?? "unknown") : "amount_mismatch", verifiedAt: now },
      { where: { id: payment.id, status: "processing" }, transaction },
    );
    return { changed: changed === 1, afterCommit: [] };
  }

  if (result.status === "failed") {
    const [changed] = await Payment.update(
      { status: "failed", failureReason: result.failureReason ?? "refused", verifiedAt: now },
      { where: { id: payment.id, status: { [Op.in]: ["processing", "verification_failed"] } }, transaction },
    );
    // A stay's traveler is e-mailed; an experience booking's page shows the failure on return.
    if (changed === 1 && payment.reservationId !== null) {
      await queueReservationEmails("paymentFailed", payment.reservationId, transaction, { discriminator: payment.id, now });
    }
    return { changed: changed === 1, afterCommit: [] };
  }

  // Success: the money was taken. Record it once…
  const [recorded] = await Payment.update(
    { status: "success", verifiedAt: now, providerTransactionId: result.transactionId, failureReason: null },
    { where: { id: payment.id, status: { [Op.ne]: "success" } }, transaction },
  );
  if (recorded !== 1) return { changed: false, afterCommit: [] };

  // …and let it pay what it was for, only if that is still waiting for it.
  if (payment.reservationId === null) return settleExperiencePayment(payment, now, transaction);
  const [confirmed] = await Reservation.update(
    { status: "confirmed", confirmedAt: now, holdExpiresAt: null },
    { where: { id: payment.reservationId, status: "pending_payment" }, transaction },
  );
  const reservation = (await Reservation.findByPk(payment.reservationId, { transaction }))!;
  if (confirmed === 1) {
    await Payment.update({ settlesReservationId: reservation.id, outcome: "confirmed" }, { where: { id: payment.id }, transaction });
    await recordStayConfirmed(reservation, payment.amount, now, transaction);
    await queueReservationEmails("confirmed", reservation.id, transaction, { now });
    const value = Math.round(payment.amount / 1000);
    return {
      changed: true,
      afterCommit: [
        () =>
          trackEvent("Completed Reservation", {
            userId: reservation.travelerId,
            value,
            properties: { reservationId: reservation.id, reference: reservation.reference, currency: "TND" },
          }),
      ],
    };
  }
  await refundUnneededPayment(payment, { reservationId: reservation.id, alreadyConfirmed: reservation.status === "confirmed" }, now, transaction);
  await queueReservationEmails("latePayment", reservation.id, transaction, {
    discriminator: payment.id,
    values: { refundAmount: payment.amount },
    now,
  });
  return { changed: true, afterCommit: [] };
}

async function applyAndCommit(paymentId: number, result: ProviderVerification, now: Date): Promise<boolean> {
  const { changed, afterCommit } = await writeTransaction((transaction) => applyResult(paymentId, result, now, transaction));
  for (const effect of afterCommit) await effect();
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Verification (the return page) and callbacks (the webhook)

export type VerificationState =
  | "missing_reference"
  | "missing_payment"
  | "processing"
  | "success"
  | "failed"
  | "verification_failed"
  | "late";

export interface VerificationResult {
  state: VerificationState;
  payment: PaymentView | null;
  reservationId: number | null;
  establishment: boolean;
}

function stateOf(payment: Payment): VerificationState {
  if (payment.status === "success") return payment.outcome === "late" || payment.outcome === "duplicate" ? "late" : "success";
  return payment.status;
}

/**
 * Verifies a payment by its reference with its gateway and records the result. Verifying again
 * (or after the webhook) only reads what was recorded. `viewer` limits it to the traveler (and
 * operators) when given.
 */
export async function verifyPayment(
  reference: string | null | undefined,
  options: { now?: Date; viewer?: { id: number; role: string } } = {},
): Promise<VerificationResult> {
  const now = options.now ?? new Date();
  const ref = reference?.trim();
  if (!ref) return { state: "missing_reference", payment: null, reservationId: null, establishment: false };
  let payment = await Payment.findOne({ where: { reference: ref } });
  if (!payment || (options.viewer && options.viewer.role !== "operator" && payment.travelerId !== options.viewer.id)) {
    return { state: "missing_payment", payment: null, reservationId: null, establishment: false };
  }
  if (payment.status !== "success" && payment.provider !== BANK_PROVIDER_ID) {
    await applyAndCommit(payment.id, await verifyWithProvider(payment.provider, payment.reference, now, "payment"), now);
    payment = (await Payment.findByPk(payment.id))!;
  }
  const reservation = payment.reservationId === null ? null : await Reservation.findByPk(payment.reservationId, { attributes: ["id", "roomTypeId", "guesthouseRoomId"] });
  return {
    state: stateOf(payment),
    payment: toPaymentView(payment),
    reservationId: payment.reservationId,
    establishment: reservation ? isEstablishmentReservation(reservation) : false,
  };
}

export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
}

/**
 * A gateway's signed callback. The event is recorded (unique per provider and event id) in the
 * same transaction as its effect, so a callback delivered twice — even at the same time — has
 * its effect once, and a failure leaves nothing half done for the gateway's retry.
 */
export async function receivePaymentWebhook(
  providerId: string,
  rawBody: string,
  headers: Headers,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  const provider = findPaymentProvider(providerId);
  if (!provider) throw new AppError(404, "payment:errors.unknownProvider");
  let callback;
  try {
    callback = provider.parseCallback(rawBody, headers, now);
  } catch (error) {
    if (error instanceof InvalidCallbackError) throw new AppError(400, "payment:errors.badSignature", { code: "invalid_signature" });
    throw error;
  }
  let afterCommit: AfterCommit[] = [];
  try {
    afterCommit = await writeTransaction(async (transaction) => {
      await PaymentEvent.create(
        {
          provider: providerId,
          eventId: callback.eventId,
          reference: callback.reference,
          type: callback.type,
          payload: rawBody,
          receivedAt: now,
        },
        { transaction },
      );
      const payment = await Payment.findOne({ where: { provider: providerId, reference: callback.reference }, transaction });
      if (!payment) {
        // Not a stay's payment: a Friend Trip request's (ADR 180) or nobody's.
        const friendTrip = await applyFriendTripCallback(providerId, callback, now, transaction);
        return friendTrip ? [friendTrip] : [];
      }
      const applied = await applyResult(payment.id, callbackVerification(callback), now, transaction);
      return applied.afterCommit;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const seen = await PaymentEvent.findOne({ where: { provider: providerId, eventId: callback.eventId } });
      if (seen) return { received: true, duplicate: true };
    }
    throw error;
  }
  for (const effect of afterCommit) await effect();
  return { received: true, duplicate: false };
}
