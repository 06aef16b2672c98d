// Refund settlement (issue 14 point 4, ADR 142): operators at /admin/refunds see the refunds owed
// to travelers (cancellations, accepted claims) with their due dates (15 days; overdue ones stand
// out) and mark one paid with the transfer reference and the bank fee deducted. The state change
// and the fee's ledger line commit together with the traveler's "refund paid" notification (ADR
// 146: its generic e-mail, when they want reservation e-mails) and the audit row (ADR 170); a refund
// is paid once. Support reads the list; only an operator marks one paid (capability "money").

import { ExperienceBooking } from "~/db/models/experience.server";
import { Refund, type RefundReason } from "~/db/models/refund.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { can, type AdminCapability } from "~/domain/staff-roles";
import { audit } from "~/services/admin/audit.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { recordRefundPaid } from "~/services/money/ledger.server";
import { notify } from "~/services/notifications/notify.server";
import { toRefundView, type RefundView } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

interface Actor {
  id: number;
  role: string;
}

function requireStaff(actor: Actor, capability: AdminCapability): void {
  if (!can(actor.role, capability)) throw new AppError(403, "claims:errors.forbidden", { code: "forbidden" });
}

export interface OperatorRefundRow extends RefundView {
  reason: RefundReason;
  /** Null for an experience booking's refund (reference and path are the booking's). */
  reservationId: number | null;
  reference: string;
  reservationPath: string;
  travelerName: string;
  travelerEmail: string;
  /** Still owed after its due date. */
  overdue: boolean;
}

/** Refunds owed (the soonest due first) or all of them (newest first). */
export async function refundsForOperators(operator: Actor, filter: "owed" | "all", now = new Date()): Promise<OperatorRefundRow[]> {
  requireStaff(operator, "read");
  const refunds = await Refund.findAll({
    where: filter === "owed" ? { status: "pending" } : {},
    order: filter === "owed" ? [["dueAt", "ASC"], ["id", "ASC"]] : [["id", "DESC"]],
    limit: 300,
  });
  const reservations = await Reservation.findAll({
    where: { id: [...new Set(refunds.flatMap((refund) => (refund.reservationId === null ? [] : [refund.reservationId])))] },
    attributes: ["id", "reference", "roomTypeId", "guesthouseRoomId"],
  });
  // Refunds of experience bookings (ADR 183) name the booking and link to its page.
  const bookings = await ExperienceBooking.findAll({
    where: { id: [...new Set(refunds.flatMap((refund) => (refund.experienceBookingId ? [refund.experienceBookingId] : [])))] },
    attributes: ["id", "reference"],
  });
  const travelers = await User.findAll({ where: { id: [...new Set(refunds.map((refund) => refund.travelerId))] }, attributes: ["id", "firstName", "lastName", "email"] });
  return refunds.map((refund) => {
    const traveler = travelers.find((candidate) => candidate.id === refund.travelerId);
    const common = {
      ...toRefundView(refund),
      travelerName: traveler ? `${traveler.firstName} ${traveler.lastName}` : "",
      travelerEmail: traveler?.email ?? "",
      overdue: refund.status === "pending" && refund.dueAt.getTime() < now.getTime(),
    };
    if (refund.reservationId === null) {
      const booking = bookings.find((candidate) => candidate.id === refund.experienceBookingId);
      return {
        ...common,
        reservationId: null,
        reference: booking?.reference ?? `#${refund.experienceBookingId}`,
        reservationPath: `/experience-bookings/${refund.experienceBookingId}`,
      };
    }
    const reservation = reservations.find((candidate) => candidate.id === refund.reservationId);
    const establishment = Boolean(reservation?.roomTypeId ?? reservation?.guesthouseRoomId);
    return {
      ...common,
      reservationId: refund.reservationId,
      reference: reservation?.reference ?? `#${refund.reservationId}`,
      reservationPath: `/${establishment ? "est-reservation-details" : "reservation-details"}/${refund.reservationId}`,
    };
  });
}

/**
 * An operator paid a refund: the transfer reference, and the bank fee deducted (the refund's
 * recorded fee when none is given; never more than the refund). 409 when already paid.
 */
export async function markRefundPaid(operator: Actor, refundId: number, payment: { reference: string; bankFee: number | null }, now = new Date()): Promise<RefundView> {
  requireStaff(operator, "money");
  const reference = payment.reference.trim().slice(0, 80);
  if (!reference) throw new AppError(400, "claims:errors.referenceRequired", { fields: { reference: "claims:errors.referenceRequired" } });
  const refund = await writeTransaction(async (transaction) => {
    const current = Number.isSafeInteger(refundId) && refundId > 0 ? await Refund.findByPk(refundId, { transaction }) : null;
    if (!current) throw new AppError(404, "claims:errors.refundNotFound");
    if (current.status !== "pending") throw new AppError(409, "claims:errors.refundAlreadyPaid");
    const bankFee = payment.bankFee ?? current.bankFee;
    if (!Number.isSafeInteger(bankFee) || bankFee < 0 || bankFee > current.grossAmount) {
      throw new AppError(400, "claims:errors.bankFeeOverRefund", { fields: { bankFee: "claims:errors.bankFeeOverRefund" } });
    }
    const [changed] = await Refund.update(
      { status: "paid", paidAt: now, paidReference: reference, processedBy: operator.id, bankFee, amount: current.grossAmount - bankFee, updatedAt: now },
      { where: { id: current.id, status: "pending" }, transaction },
    );
    if (changed !== 1) throw new AppError(409, "claims:errors.refundAlreadyPaid");
    await recordRefundPaid(current, bankFee, now, transaction);
    await audit(transaction, { operatorId: operator.id, kind: "refund.mark_paid", recordId: current.id, details: { reference, bankFee, amount: current.grossAmount - bankFee }, now });
    const reservation = current.reservationId === null ? null : await Reservation.findByPk(current.reservationId, { attributes: ["id", "reference", "roomTypeId", "guesthouseRoomId"], transaction });
    const booking = current.experienceBookingId ? await ExperienceBooking.findByPk(current.experienceBookingId, { attributes: ["id", "reference"], transaction }) : null;
    await notify(transaction, {
      userId: current.travelerId,
      kind: "refund.paid",
      params: { amount: current.grossAmount - bankFee, reference: reservation?.reference ?? booking?.reference ?? `#${current.reservationId ?? current.experienceBookingId}` },
      link: reservation ? reservationPagePath(reservation, "traveler") : booking ? `/experience-bookings/${booking.id}` : "/dashboard/reservations",
      now,
    });
    return (await Refund.findByPk(current.id, { transaction }))!;
  });
  return toRefundView(refund);
}
