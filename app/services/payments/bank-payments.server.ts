// Bank transfer and deposit (PRODUCT.md "Payments"): the traveler uploads a proof, an operator
// confirms or refuses it; the result goes through the one applyResult of payment-results.server.ts.
import crypto from "node:crypto";
import path from "node:path";
import { Op } from "sequelize";
import { Payment, type PaymentStatus } from "~/db/models/payment.server";

import { Reservation } from "~/db/models/reservation.server";
import { ExperienceBooking } from "~/db/models/experience.server";
import { holdExperienceForReview, loadPayableExperienceBooking } from "~/services/experiences/experience-settlement.server";
import { sniffImageType } from "~/domain/image-type";
import { queueReservationEmails } from "~/services/booking/reservation-emails.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { bankReviewHours, scheduleHoldExpiry } from "~/services/booking/reservation-timers.server";
import { AppError } from "~/utils/app-error";
import { getPrivateStorage } from "~/services/storage/storage.server";

import { BANK_PROVIDER_ID, MAX_PROOF_BYTES, toPaymentView, type PaymentView } from "~/services/payments/payment.server";
import { loadPayableReservation } from "~/services/payments/payment-start.server";
import { applyResult } from "~/services/payments/payment-results.server";
import { audit } from "~/services/admin/audit.server";
import { can } from "~/domain/staff-roles";


function sniffProof(bytes: Uint8Array): { type: string; extension: string } | null {
  if (bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-") return { type: "application/pdf", extension: "pdf" };
  const image = sniffImageType(bytes);
  if (image === "jpeg") return { type: "image/jpeg", extension: "jpg" };
  if (image === "png") return { type: "image/png", extension: "png" };
  if (image === "webp") return { type: "image/webp", extension: "webp" };
  return null;
}

/** Where a proof is kept in the private storage ($DATA_DIR/private/payment-proofs, or the bucket's private/payment-proofs): never served as it is. */
function proofKey(stored: string): string {
  return `payment-proofs/${path.basename(stored)}`;
}

/**
 * Stores the proof of a bank transfer or deposit (PDF, JPEG, PNG or WebP up to 5 MB, recognised by
 * its bytes) outside the public uploads, and keeps the nights held while an operator reviews it.
 */
export async function uploadPaymentProof(
  actor: { id: number },
  paymentId: number,
  file: { name: string; bytes: Uint8Array },
  options: { now?: Date } = {},
): Promise<PaymentView> {
  const now = options.now ?? new Date();
  const payment = await Payment.findByPk(paymentId);
  if (!payment || payment.travelerId !== actor.id || payment.provider !== BANK_PROVIDER_ID) {
    throw new AppError(404, "payment:errors.notFound");
  }
  if (payment.status !== "processing") throw new AppError(409, "payment:errors.notAwaitingProof");
  if (payment.reservationId === null) await loadPayableExperienceBooking(actor.id, payment.experienceBookingId, now);
  else await loadPayableReservation(actor.id, payment.reservationId, now);
  if (file.bytes.length === 0) throw new AppError(400, "payment:errors.proofRequired", { fields: { proof: "payment:errors.proofRequired" } });
  if (file.bytes.length > MAX_PROOF_BYTES) throw new AppError(400, "payment:errors.proofTooLarge", { fields: { proof: "payment:errors.proofTooLarge" } });
  const kind = sniffProof(file.bytes);
  if (!kind) throw new AppError(400, "payment:errors.proofType", { fields: { proof: "payment:errors.proofType" } });

  const storage = getPrivateStorage();
  const stored = `${payment.id}-${crypto.randomBytes(8).toString("hex")}.${kind.extension}`;
  await storage.put(proofKey(stored), Buffer.from(file.bytes), kind.type);
  const previous = payment.proofPath;

  await writeTransaction(async (transaction) => {
    const [changed] = await Payment.update(
      {
        proofPath: stored,
        proofName: file.name.replace(/[^\w. -]/g, "_").slice(0, 200) || `proof.${kind.extension}`,
        proofType: kind.type,
        proofUploadedAt: now,
      },
      { where: { id: payment.id, status: "processing" }, transaction },
    );
    if (changed !== 1) throw new AppError(409, "payment:errors.notAwaitingProof");
    const reviewUntil = new Date(now.getTime() + bankReviewHours() * 3_600_000);
    if (payment.reservationId === null) {
      await holdExperienceForReview(payment.experienceBookingId!, reviewUntil, transaction);
      return;
    }
    const reservation = (await Reservation.findByPk(payment.reservationId, { transaction }))!;
    if (!reservation.holdExpiresAt || reservation.holdExpiresAt.getTime() < reviewUntil.getTime()) {
      const [extended] = await Reservation.update(
        { holdExpiresAt: reviewUntil },
        { where: { id: reservation.id, status: "pending_payment" }, transaction },
      );
      if (extended === 1) await scheduleHoldExpiry(reservation.id, reviewUntil, transaction);
    }
    await queueReservationEmails("proofReceived", reservation.id, transaction, { discriminator: payment.id, now });
  });
  if (previous) await storage.delete(proofKey(previous)).catch(() => {});
  return toPaymentView((await Payment.findByPk(payment.id))!);
}

/** The same upload for the API, which names the payment by its reference (404 for someone else's). */
export async function uploadPaymentProofByReference(
  actor: { id: number },
  reference: string | undefined,
  file: { name: string; bytes: Uint8Array },
): Promise<PaymentView> {
  const payment = reference ? await Payment.findOne({ where: { reference }, attributes: ["id", "travelerId"] }) : null;
  if (!payment || payment.travelerId !== actor.id) throw new AppError(404, "payment:errors.notFound");
  return uploadPaymentProof(actor, payment.id, file);
}

/** The proof file, for the operator (and the traveler who sent it). */
export async function readPaymentProof(
  viewer: { id: number; role: string },
  paymentId: number,
): Promise<{ bytes: Buffer; type: string; name: string }> {
  const payment = await Payment.findByPk(paymentId);
  if (!payment || !payment.proofPath || (!can(viewer.role, "read") && viewer.id !== payment.travelerId)) {
    throw new AppError(404, "payment:errors.notFound");
  }
  const bytes = await getPrivateStorage().get(proofKey(payment.proofPath));
  if (!bytes) throw new AppError(404, "payment:errors.notFound");
  return { bytes, type: payment.proofType ?? "application/octet-stream", name: payment.proofName ?? "proof" };
}

/** An operator confirms (the money arrived: the reservation is paid) or refuses a bank payment. */
export async function reviewBankPayment(
  operator: { id: number; role: string },
  paymentId: number,
  decision: "confirm" | "refuse",
  options: { note?: string | null; now?: Date } = {},
): Promise<PaymentView> {
  if (!can(operator.role, "money")) throw new AppError(403, "payment:errors.operatorsOnly");
  const now = options.now ?? new Date();
  const payment = await Payment.findByPk(paymentId);
  if (!payment || payment.provider !== BANK_PROVIDER_ID) throw new AppError(404, "payment:errors.notFound");
  if (payment.status !== "processing") throw new AppError(409, "payment:errors.alreadyReviewed");
  const note = options.note?.trim() || null;
  if (decision === "refuse" && !note) {
    throw new AppError(400, "payment:errors.refuseReason", { fields: { note: "payment:errors.refuseReason" } });
  }

  const afterCommit = await writeTransaction(async (transaction) => {
    await audit(transaction, { operatorId: operator.id, kind: `payment.${decision}`, recordId: payment.id, reason: note, details: { reservationId: payment.reservationId, experienceBookingId: payment.experienceBookingId, amount: payment.amount }, now });
    if (decision === "refuse") {
      const [changed] = await Payment.update(
        { status: "failed", failureReason: "refused_by_operator", reviewedBy: operator.id, reviewedAt: now, reviewNote: note, verifiedAt: now },
        { where: { id: payment.id, status: "processing" }, transaction },
      );
      if (changed !== 1) throw new AppError(409, "payment:errors.alreadyReviewed");
      // An experience booking's page shows the refused payment and its note.
      if (payment.reservationId !== null) {
        await queueReservationEmails("bankRefused", payment.reservationId, transaction, {
          discriminator: payment.id,
          values: { reason: note ?? "" },
          now,
        });
      }
      return [];
    }
    const [marked] = await Payment.update(
      { reviewedBy: operator.id, reviewedAt: now, reviewNote: note },
      { where: { id: payment.id, status: "processing" }, transaction },
    );
    if (marked !== 1) throw new AppError(409, "payment:errors.alreadyReviewed");
    const applied = await applyResult(
      payment.id,
      { status: "success", amount: payment.amount, currency: "TND", transactionId: null, failureReason: null },
      now,
      transaction,
    );
    return applied.afterCommit;
  });
  for (const effect of afterCommit) await effect();
  return toPaymentView((await Payment.findByPk(payment.id))!);
}

export interface BankPaymentRow extends PaymentView {
  reservationReference: string;
  reservationStatus: string;
  travelerId: number;
}

/** The operator's queue at /admin/payments: bank payments, those awaiting review first. */
export async function listBankPayments(options: { status?: PaymentStatus | "all" } = {}): Promise<BankPaymentRow[]> {
  const where: Record<string, unknown> = { provider: BANK_PROVIDER_ID };
  if (options.status && options.status !== "all") where.status = options.status;
  const payments = await Payment.findAll({ where, order: [["proofUploadedAt", "DESC"], ["id", "DESC"]], limit: 200 });
  const reservations = await Reservation.findAll({
    where: { id: { [Op.in]: [...new Set(payments.flatMap((p) => (p.reservationId === null ? [] : [p.reservationId])))] } },
    attributes: ["id", "reference", "status"],
  });
  // An experience booking's payment shows the booking's reference and status (ADR 183).
  const bookings = await ExperienceBooking.findAll({
    where: { id: { [Op.in]: [...new Set(payments.flatMap((p) => (p.experienceBookingId ? [p.experienceBookingId] : [])))] } },
    attributes: ["id", "reference", "status"],
  });
  const byId = new Map(reservations.map((r) => [r.id, r]));
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  return payments.map((payment) => {
    const paid = payment.reservationId !== null ? byId.get(payment.reservationId) : bookingById.get(payment.experienceBookingId ?? 0);
    return {
      ...toPaymentView(payment),
      travelerId: payment.travelerId,
      reservationReference: paid?.reference ?? "",
      reservationStatus: paid?.status ?? "",
    };
  });
}
