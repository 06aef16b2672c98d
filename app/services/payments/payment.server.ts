// Payments (PRODUCT.md "Payments"): what a payment is and how it shows. A payment pays a
// reservation or an experience booking (experience_booking_id, ADR 183). Starting one is
// payment-start.server.ts; recording a gateway's answer (return page, webhook),
// payment-results.server.ts; bank transfers and deposits, bank-payments.server.ts; refunds,
// refund.server.ts.
import type { Reservation } from "~/db/models/reservation.server";
import { Payment, type PaymentMethod, type PaymentStatus } from "~/db/models/payment.server";
import { env } from "~/utils/env.server";

export type { PaymentStatus };

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

export async function paymentsOf(reservationId: number): Promise<PaymentView[]> {
  const payments = await Payment.findAll({ where: { reservationId }, order: [["id", "ASC"]] });
  return payments.map(toPaymentView);
}
