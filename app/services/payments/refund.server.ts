import { Op, type Transaction } from "sequelize";
import { Payment } from "~/db/models/payment.server";
import { Refund, type RefundReason } from "~/db/models/refund.server";
import { Voucher } from "~/db/models/voucher.server";
import { oldestValidVoucherGrant } from "~/domain/vouchers";
import { settleRefund } from "~/domain/refunds";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import { env } from "~/utils/env.server";

// Refunds and vouchers (PRODUCT.md "Cancellation and refunds"). What a cancellation gives back is
// the domain's refundFor (app/domain/refunds.ts); this records it: once per dedupe_key, due
// within 15 days (settleRefund), the configured bank fee deducted where the rules deduct it.

/** The bank fee of a refund (REFUND_BANK_FEE_MILLIMES, default 0), deducted when the traveler cancels. */
export function refundBankFee(): number {
  return env.refundBankFeeMillimes;
}

export interface RefundInput {
  /** The reservation it is owed on; null with `experienceBookingId` for an experience booking (ADR 183). */
  reservationId: number | null;
  experienceBookingId?: number | null;
  paymentId: number | null;
  travelerId: number;
  reason: RefundReason;
  grossAmount: number;
  /** Deducted from the gross (never more than it). */
  bankFee: number;
  dedupeKey: string;
  now: Date;
}

/** Records a refund once (nothing when there is nothing to give back). */
export async function recordRefund(input: RefundInput, transaction: Transaction): Promise<Refund | null> {
  if (input.grossAmount <= 0) return null;
  const existing = await Refund.findOne({ where: { dedupeKey: input.dedupeKey }, transaction });
  if (existing) return existing;
  const settled = settleRefund(input.grossAmount, input.now, input.bankFee);
  return Refund.create(
    {
      reservationId: input.reservationId,
      experienceBookingId: input.experienceBookingId ?? null,
      paymentId: input.paymentId,
      travelerId: input.travelerId,
      dedupeKey: input.dedupeKey,
      reason: input.reason,
      grossAmount: input.grossAmount,
      bankFee: settled.bankFee,
      amount: settled.net,
      // Due by the end of the due date, Tunis time.
      dueAt: tunisInstant(addDays(settled.dueDate, 1)),
      createdAt: input.now,
      updatedAt: input.now,
    },
    { transaction },
  );
}

/**
 * A payment its booking (a stay's or an experience's) no longer takes: it came after the hold
 * lapsed ("late"), or once the booking was already paid ("duplicate"). The payment is marked with
 * that outcome and refunded whole; the outcome is returned.
 */
export async function refundUnneededPayment(
  payment: Pick<Payment, "id" | "travelerId" | "amount">,
  booking: { reservationId: number | null; experienceBookingId?: number; alreadyConfirmed: boolean },
  now: Date,
  transaction: Transaction,
): Promise<"duplicate" | "late"> {
  const outcome = booking.alreadyConfirmed ? "duplicate" : "late";
  await Payment.update({ outcome }, { where: { id: payment.id }, transaction });
  await recordRefund(
    {
      reservationId: booking.reservationId,
      experienceBookingId: booking.experienceBookingId,
      paymentId: payment.id,
      travelerId: payment.travelerId,
      reason: outcome === "late" ? "late_payment" : "duplicate_payment",
      grossAmount: payment.amount,
      // Not the traveler's doing: no bank fee.
      bankFee: 0,
      dedupeKey: `${outcome}:${payment.id}`,
      now,
    },
    transaction,
  );
  return outcome;
}

export interface RefundView {
  id: number;
  reason: RefundReason;
  grossAmount: number;
  bankFee: number;
  amount: number;
  currency: "TND";
  status: string;
  dueAt: string;
  /** The last day of `dueAt` in Tunis: the date the cancellation preview announced. */
  dueDate: string;
  paidAt: string | null;
  paidReference: string | null;
}

export function toRefundView(refund: Refund): RefundView {
  return {
    id: refund.id,
    reason: refund.reason,
    grossAmount: refund.grossAmount,
    bankFee: refund.bankFee,
    amount: refund.amount,
    currency: "TND",
    status: refund.status,
    dueAt: refund.dueAt.toISOString(),
    dueDate: addDays(dateInTunis(refund.dueAt), -1),
    paidAt: refund.paidAt ? refund.paidAt.toISOString() : null,
    paidReference: refund.paidReference ?? null,
  };
}

export async function refundsOf(reservationId: number, transaction?: Transaction): Promise<RefundView[]> {
  const rows = await Refund.findAll({ where: { reservationId }, order: [["id", "ASC"]], transaction });
  return rows.map(toRefundView);
}

// ---------------------------------------------------------------------------------------------
// Vouchers: the service fee of a stay the host cancelled, taken off the traveler's next booking.

/** One voucher per host-cancelled stay. */
export async function grantVoucher(
  input: { userId: number; amount: number; sourceReservationId: number; now: Date },
  transaction: Transaction,
): Promise<Voucher | null> {
  if (input.amount <= 0) return null;
  const existing = await Voucher.findOne({ where: { sourceReservationId: input.sourceReservationId }, transaction });
  if (existing) return existing;
  return Voucher.create(
    { userId: input.userId, amount: input.amount, sourceReservationId: input.sourceReservationId, createdAt: input.now, updatedAt: input.now },
    { transaction },
  );
}

/**
 * Applies the traveler's available vouchers, oldest first, while they fit in `maxAmount` (a
 * voucher is used whole). Each is claimed with a conditional update, so two bookings at once
 * never spend the same voucher. Returns the amount taken off.
 */
export async function applyVouchers(
  input: { userId: number; reservationId: number; maxAmount: number; now: Date },
  transaction: Transaction,
): Promise<number> {
  // An expired voucher (12 months after it was granted) is not spent.
  const vouchers = await Voucher.findAll({
    where: { userId: input.userId, status: "available", createdAt: { [Op.gt]: oldestValidVoucherGrant(input.now) } },
    order: [["id", "ASC"]],
    transaction,
  });
  let applied = 0;
  for (const voucher of vouchers) {
    if (applied + voucher.amount > input.maxAmount) continue;
    const [claimed] = await Voucher.update(
      { status: "applied", appliedReservationId: input.reservationId, appliedAt: input.now },
      { where: { id: voucher.id, status: "available" }, transaction },
    );
    if (claimed === 1) applied += voucher.amount;
  }
  return applied;
}

/** A reservation that ends unpaid gives its vouchers back. */
export async function releaseVouchers(reservationId: number, transaction: Transaction): Promise<void> {
  await Voucher.update(
    { status: "available", appliedReservationId: null, appliedAt: null },
    { where: { appliedReservationId: reservationId, status: { [Op.eq]: "applied" } }, transaction },
  );
}

export async function availableVoucherTotal(userId: number, now = new Date()): Promise<number> {
  const vouchers = await Voucher.findAll({ where: { userId, status: "available", createdAt: { [Op.gt]: oldestValidVoucherGrant(now) } } });
  return vouchers.reduce((sum, voucher) => sum + voucher.amount, 0);
}
