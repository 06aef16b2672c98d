import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { Listing } from "~/db/models/listing.server";
import { Payment, type PaymentMethod, type PaymentStatus } from "~/db/models/payment.server";

export type { PaymentStatus };
import { PaymentEvent } from "~/db/models/payment-event.server";
import { Reservation } from "~/db/models/reservation.server";
import { trackEvent } from "~/services/analytics/analytics.server";
import { cardProviderId, findPaymentProvider, InvalidCallbackError, verifyWithProvider, newReference, type ProviderVerification } from "~/services/payments/payment-providers.server";
import "~/services/payments/payment-sandbox.server";
import { canStartPayment } from "~/domain/reservation-state";
import { isEstablishmentReservation, queueReservationEmails } from "~/services/booking/reservation-emails.server";
import { reservationSnapshot } from "~/services/booking/reservation-views.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { refundUnneededPayment } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";
import { recordStayConfirmed } from "~/services/money/ledger.server";
import { applyFriendTripCallback } from "~/services/friend-trip/friend-trip-payment.server";
import { settleExperiencePayment } from "~/services/experiences/experience-settlement.server";

// Payments (PRODUCT.md "Payments"). Nothing is lost or doubled:
// - a payment row is created before the traveler leaves for the gateway, one per attempt;
// - its result is written with a conditional UPDATE (only from a not-yet-successful state), so
//   verifying twice, a webhook twice, or both at once record it once;
// - the reservation is confirmed with a conditional UPDATE (only from pending_payment) in the same
//   transaction, and `settles_reservation_id` is unique: one payment pays a reservation;
// - money that arrives for a hold that is gone (or a reservation already paid) is refunded.
// A payment pays a reservation or an experience booking (experience_booking_id, ADR 183): the
// same rows, gateways, webhook and operator review; only what a result does to the thing paid
// is dispatched (experience-settlement.server.ts for bookings).

export const PAYMENT_METHODS: readonly PaymentMethod[] = ["card", "bank_transfer", "bank_deposit"];
export const BANK_PROVIDER_ID = "bank";
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

export interface PaymentView {
  id: number;
  /** The reservation it pays, or null when it pays an experience booking (ADR 183). */
  reservationId: number | null;
  experienceBookingId: number | null;
  reference: string;
  method: PaymentMethod;
  provider: string;
  status: PaymentStatus;
  outcome: string | null;
  amount: number;
  currency: "TND";
  failureReason: string | null;
  createdAt: string;
  verifiedAt: string | null;
  proofUploaded: boolean;
  proofName: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
}

export function toPaymentView(payment: Payment): PaymentView {
  return {
    id: payment.id,
    reservationId: payment.reservationId,
    experienceBookingId: payment.experienceBookingId ?? null,
    reference: payment.reference,
    method: payment.method,
    provider: payment.provider,
    status: payment.status,
    outcome: payment.outcome ?? null,
    amount: payment.amount,
    currency: "TND",
    failureReason: payment.failureReason ?? null,
    createdAt: payment.createdAt.toISOString(),
    verifiedAt: payment.verifiedAt ? payment.verifiedAt.toISOString() : null,
    proofUploaded: Boolean(payment.proofPath),
    proofName: payment.proofName ?? null,
    reviewedAt: payment.reviewedAt ? payment.reviewedAt.toISOString() : null,
    reviewNote: payment.reviewNote ?? null,
  };
}

/** What the traveler owes: the quote's total less the vouchers applied. */
export function amountDue(reservation: Pick<Reservation, "total" | "voucherApplied">): number {
  return reservation.total - reservation.voucherApplied;
}

/** The bank account for transfers and deposits (environment; see README "Payments"). */
export function bankDetails() {
  return env.bankAccount;
}

/** The page the gateway sends the traveler back to (the establishment one has no language prefix). */
export function verificationPath(reservation: { roomTypeId: number | null; guesthouseRoomId: number | null }): string {
  return isEstablishmentReservation(reservation) ? "/verify-establishment-payment" : "/reservation-verification";
}

export async function loadPayableReservation(travelerId: number, reservationId: number, now: Date): Promise<Reservation> {
  const reservation = await Reservation.findByPk(reservationId);
  if (!reservation || reservation.travelerId !== travelerId) throw new AppError(404, "reservation:errors.notFound");
  const check = canStartPayment(reservationSnapshot(reservation), now);
  if (!check.ok) throw new AppError(409, check.key);
  return reservation;
}

export type StartedPayment =
  | { kind: "gateway"; payment: PaymentView; redirectUrl: string }
  | { kind: "bank"; payment: PaymentView };

/**
 * Starts paying a held reservation. Card: a payment row, then a session at the gateway, whose
 * hosted page the traveler is sent to. Transfer/deposit: a payment row whose reference the
 * traveler writes on the transfer, awaiting the uploaded proof (one open bank payment per method).
 */
export async function startPayment(
  actor: { id: number },
  reservationId: number,
  method: PaymentMethod,
  options: { now?: Date; language?: string; returnPath?: string } = {},
): Promise<StartedPayment> {
  const now = options.now ?? new Date();
  if (!PAYMENT_METHODS.includes(method)) throw new AppError(400, "payment:errors.method", { fields: { method: "payment:errors.method" } });
  const reservation = await loadPayableReservation(actor.id, reservationId, now);
  const listing = method === "card" ? await Listing.findByPk(reservation.listingId, { attributes: ["title"] }) : null;
  return openPayment({
    paid: { reservationId },
    travelerId: actor.id,
    method,
    amount: amountDue(reservation),
    description: `${reservation.reference} · ${listing?.title ?? ""}`.trim(),
    returnPath: options.returnPath ?? verificationPath(reservation),
    expiresAt: reservation.holdExpiresAt ?? new Date(now.getTime() + 30 * 60_000),
    language: options.language ?? reservation.language ?? "en",
    now,
  });
}

/**
 * One attempt to pay what `paid` names (a reservation, or an experience booking — ADR 183), the
 * one way every payment starts. Card: a payment row, then a session at the gateway, whose hosted
 * page the traveler is sent to. Transfer/deposit: a payment row whose reference the traveler
 * writes on the transfer, awaiting the uploaded proof (one open bank payment per method).
 */
export async function openPayment(input: {
  paid: { reservationId: number } | { experienceBookingId: number };
  travelerId: number;
  method: PaymentMethod;
  amount: number;
  description: string;
  returnPath: string;
  expiresAt: Date;
  language: string;
  now: Date;
}): Promise<StartedPayment> {
  const { method, amount, now } = input;
  const target = "reservationId" in input.paid ? { reservationId: input.paid.reservationId } : { reservationId: null, experienceBookingId: input.paid.experienceBookingId };
  if (method !== "card") {
    const open = await Payment.findOne({
      where: { ...target, method, provider: BANK_PROVIDER_ID, status: "processing", proofPath: null },
      order: [["id", "DESC"]],
    });
    const payment =
      open ??
      (await Payment.create({
        ...target,
        travelerId: input.travelerId,
        method,
        provider: BANK_PROVIDER_ID,
        reference: newReference("BNK"),
        amount,
        status: "processing",
        createdAt: now,
        updatedAt: now,
      }));
    return { kind: "bank", payment: toPaymentView(payment) };
  }

  const providerId = cardProviderId();
  const provider = providerId ? findPaymentProvider(providerId) : null;
  if (!providerId || !provider) throw new AppError(500, "payment:errors.noGateway");
  const payment = await Payment.create({
    ...target,
    travelerId: input.travelerId,
    method,
    provider: providerId,
    reference: newReference("PAY"),
    amount,
    status: "processing",
    createdAt: now,
    updatedAt: now,
  });
  try {
    const { redirectUrl } = await provider.init({
      reference: payment.reference,
      amount,
      currency: "TND",
      description: input.description,
      returnUrl: input.returnPath,
      expiresAt: input.expiresAt,
      language: input.language,
      now,
    });
    return { kind: "gateway", payment: toPaymentView(payment), redirectUrl };
  } catch (error) {
    await Payment.update({ status: "failed", failureReason: "gateway_unavailable" }, { where: { id: payment.id, status: "processing" } });
    console.error("payment: gateway init failed", error instanceof Error ? error.message : error);
    throw new AppError(502, "payment:errors.gatewayUnavailable");
  }
}

// ---------------------------------------------------------------------------------------------
// Recording a result

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
      const applied = await applyResult(
        payment.id,
        {
          status: callback.status,
          amount: callback.amount,
          currency: callback.currency,
          transactionId: callback.transactionId,
          failureReason: callback.status === "failed" ? "card_refused" : null,
        },
        now,
        transaction,
      );
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

export async function paymentsOf(reservationId: number): Promise<PaymentView[]> {
  const payments = await Payment.findAll({ where: { reservationId }, order: [["id", "ASC"]] });
  return payments.map(toPaymentView);
}
