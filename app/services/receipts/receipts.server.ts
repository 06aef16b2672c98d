// Printable receipts (issue 14 point 7): one for each successful traveler payment and one for
// each refund, for the traveler who paid and operators (anyone else: 404). A payment that
// confirmed its stay is itemised from the ledger lines of that confirmation (what the traveler
// paid, the voucher spent, Darna's service fee; the rest is collected for the host); a late or
// duplicate payment confirmed nothing and is refunded in full (refund.server.ts), so its receipt
// shows the amount received. A refund's receipt shows the refund row: gross, bank fee, net, state.

import { Op } from "sequelize";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Listing } from "~/db/models/listing.server";
import { Payment, type PaymentMethod, type PaymentOutcome } from "~/db/models/payment.server";
import { Refund, type RefundReason, type RefundStatus } from "~/db/models/refund.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { refundReference } from "~/domain/receipt-numbers";
import { can } from "~/domain/staff-roles";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { companyOf, type CompanyView } from "~/services/receipts/company.server";
import { AppError } from "~/utils/app-error";

interface Viewer {
  id: number;
  role: string;
}

const notFound = () => new AppError(404, "receipts:errors.notFound", { code: "not_found" });

export interface StayOfReceipt {
  reservationId: number;
  reference: string;
  listing: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  /** Who provides the stay: the host, and the company the host acts for. */
  hostName: string;
  hostCompany: CompanyView | null;
  /** The traveler's reservation page. */
  pagePath: string;
}

async function stayOf(reservationId: number): Promise<{ stay: StayOfReceipt; travelerName: string }> {
  const reservation = await Reservation.findByPk(reservationId);
  if (!reservation) throw notFound();
  const [listing, host, traveler, hostCompany] = await Promise.all([
    Listing.findByPk(reservation.listingId, { attributes: ["id", "title"] }),
    User.findByPk(reservation.hostId, { attributes: ["firstName", "lastName"] }),
    User.findByPk(reservation.travelerId, { attributes: ["firstName", "lastName"] }),
    companyOf(reservation.hostId),
  ]);
  return {
    stay: {
      reservationId: reservation.id,
      reference: reservation.reference,
      listing: listing?.title ?? `#${reservation.listingId}`,
      checkIn: reservation.checkIn,
      checkOut: reservation.checkOut,
      nights: reservation.nights,
      guests: reservation.adults + reservation.children + reservation.infants,
      hostName: host ? `${host.firstName} ${host.lastName}`.trim() : "",
      hostCompany,
      pagePath: reservationPagePath(reservation, "traveler"),
    },
    travelerName: traveler ? `${traveler.firstName} ${traveler.lastName}`.trim() : "",
  };
}

export interface PaymentReceipt {
  kind: "payment";
  reference: string;
  paidAt: string;
  method: PaymentMethod;
  outcome: PaymentOutcome | null;
  travelerName: string;
  stay: StayOfReceipt;
  /** What the traveler paid in money (millimes). */
  paid: number;
  /** Itemised from the ledger when the payment confirmed the stay; null otherwise (refunded in full). */
  items: { accommodation: number; serviceFee: number; voucher: number } | null;
}

/** The receipt of a successful payment, for the payer or the team (read capability, ADR 170). */
export async function paymentReceipt(viewer: Viewer, paymentId: number): Promise<PaymentReceipt> {
  const payment = await Payment.findByPk(paymentId);
  if (!payment || payment.status !== "success") throw notFound();
  if (payment.travelerId !== viewer.id && !can(viewer.role, "read")) throw notFound();
  // Receipts are a stay's; an experience booking's payment has none yet (ADR 183).
  if (payment.reservationId === null) throw notFound();
  const { stay, travelerName } = await stayOf(payment.reservationId);
  let items: PaymentReceipt["items"] = null;
  let paid = payment.amount;
  if (payment.outcome === "confirmed") {
    const lines = await LedgerLine.findAll({
      where: { reservationId: payment.reservationId, dedupeKey: { [Op.like]: `stay:${payment.reservationId}:confirmed:%` } },
      attributes: ["kind", "amount"],
    });
    const sum = (kind: string) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amount, 0);
    if (lines.length > 0) {
      paid = 0 - sum("traveler_payment");
      const voucher = 0 - sum("voucher_spent");
      const serviceFee = sum("service_fee");
      items = { accommodation: paid + voucher - serviceFee, serviceFee, voucher };
    }
  }
  return {
    kind: "payment",
    reference: payment.reference,
    paidAt: (payment.verifiedAt ?? payment.updatedAt).toISOString(),
    method: payment.method,
    outcome: payment.outcome,
    travelerName,
    stay,
    paid,
    items,
  };
}

export interface RefundReceipt {
  kind: "refund";
  reference: string;
  reason: RefundReason;
  status: RefundStatus;
  createdAt: string;
  dueDate: string;
  paidAt: string | null;
  travelerName: string;
  stay: StayOfReceipt;
  grossAmount: number;
  bankFee: number;
  amount: number;
}

/** The receipt of a refund, for the traveler it is owed to or an operator. */
export async function refundReceipt(viewer: Viewer, refundId: number): Promise<RefundReceipt> {
  const refund = await Refund.findByPk(refundId);
  if (!refund || (refund.travelerId !== viewer.id && !can(viewer.role, "read")) || refund.reservationId === null) throw notFound();
  const { stay, travelerName } = await stayOf(refund.reservationId);
  return {
    kind: "refund",
    reference: refundReference(refund.id, stay.reference),
    reason: refund.reason,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
    dueDate: addDays(dateInTunis(refund.dueAt), -1),
    paidAt: refund.paidAt ? refund.paidAt.toISOString() : null,
    travelerName,
    stay,
    grossAmount: refund.grossAmount,
    bankFee: refund.bankFee,
    amount: refund.amount,
  };
}
