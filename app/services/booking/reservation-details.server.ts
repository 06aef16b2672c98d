// A reservation's details as the traveler, the host or an operator sees them, with the actions its
// state allows and the refund a cancellation would give.
import { type Transaction } from "sequelize";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { Payment } from "~/db/models/payment.server";
import { type Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import type { CancellationPolicy } from "~/domain/listing";
import { currentHostPayout } from "~/domain/payouts";
import { reservationDiscount, type DiscountKind } from "~/domain/pricing";
import { refundFor, type CancelledBy, type RefundBreakdown } from "~/domain/refunds";
import {
  allowedEvents,
  displayStatus,
  hostTab,
  isPaid,
  transition,
  type DisplayStatus,
  type HostTab,
  type ReservationEvent,
  type ReservationEventType,
} from "~/domain/reservation-state";
import { paymentsOf, amountDue, type PaymentView } from "~/services/payments/payment.server";
import { isEstablishmentReservation } from "~/services/booking/reservation-emails.server";
import { reservationSnapshot } from "~/services/booking/reservation-views.server";
import { refundBankFee, refundsOf, type RefundView } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

import { loadVisible, refusal, type ReservationSide, type Viewer } from "~/services/booking/reservation-access.server";

// ---------------------------------------------------------------------------------------------
// Details

export type ReservationAction = "pay" | "cancel" | "accept" | "decline";

export interface CancellationPreview {
  paid: boolean;
  refund: Pick<RefundBreakdown, "percent" | "refundable" | "cleaningRefund" | "voucher" | "gross" | "bankFee" | "net" | "dueDate" | "ruleKey"> | null;
}

export interface ReservationDetails {
  id: number;
  reference: string;
  status: Reservation["status"];
  displayStatus: DisplayStatus;
  hostTab: HostTab;
  method: Reservation["method"];
  side: ReservationSide;
  establishment: boolean;
  listing: {
    id: number;
    title: string;
    propertyType: string | null;
    city: string | null;
    governorate: string | null;
    cancellationPolicy: CancellationPolicy;
    checkInTime: string | null;
    checkOutTime: string | null;
  };
  unit: { kind: "room-type" | "room"; id: number; name: string } | null;
  rooms: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  travelers: { adults: number; children: number; infants: number; pets: number };
  price: {
    nightsTotal: number;
    discount: number;
    discountKind: DiscountKind | null;
    discountPercent: number;
    cleaningFee: number;
    serviceFee: number;
    total: number;
    voucherApplied: number;
    amountDue: number;
    hostCommission: number;
    hostPayout: number;
    currency: "TND";
    displayCurrency: string;
    displayRateMicros: number;
  };
  paid: boolean;
  payments: PaymentView[];
  refunds: RefundView[];
  /** The traveler, for the host and operators. */
  client: { id: number; firstName: string; lastName: string; email: string; phone: string | null; country: string | null } | null;
  /** The host's contact and the exact address: only once paid (null and hostHidden before). */
  host: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: { street: string | null; additionalAddress: string | null; city: string | null; postalCode: string | null } | null;
  };
  hostHidden: boolean;
  createdAt: string;
  holdExpiresAt: string | null;
  respondBy: string | null;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  declineReason: string | null;
  actions: ReservationAction[];
  cancellation: CancellationPreview | null;
}

const ACTION_OF_EVENT: Partial<Record<ReservationEventType, ReservationAction>> = {
  host_accepts: "accept",
  host_declines: "decline",
  traveler_cancels: "cancel",
  host_cancels: "cancel",
};

export function actionsFor(reservation: Reservation, side: ReservationSide, now: Date): ReservationAction[] {
  if (side === "operator") return [];
  const events = allowedEvents(reservationSnapshot(reservation), now, side);
  const actions = new Set<ReservationAction>();
  for (const event of events) {
    const action = ACTION_OF_EVENT[event];
    if (action) actions.add(action);
  }
  if (side === "traveler" && reservation.status === "pending_payment") {
    const expired = reservation.holdExpiresAt !== null && reservation.holdExpiresAt.getTime() <= now.getTime();
    if (!expired) actions.add("pay");
  }
  const order: ReservationAction[] = ["pay", "accept", "decline", "cancel"];
  return order.filter((action) => actions.has(action));
}

/** The money paid (less vouchers), never more: what a refund can give back. */
export async function paidInMoney(reservationId: number, transaction?: Transaction): Promise<{ amount: number; paymentId: number | null }> {
  const payment = await Payment.findOne({ where: { settlesReservationId: reservationId }, transaction });
  return payment ? { amount: payment.amount, paymentId: payment.id } : { amount: 0, paymentId: null };
}

export function refundBreakdownFor(
  reservation: Reservation,
  listing: Pick<Listing, "cancellationPolicy" | "checkInTime">,
  cancelledBy: CancelledBy,
  now: Date,
  paid: number,
): RefundBreakdown {
  const breakdown = refundFor({
    policy: (listing.cancellationPolicy ?? "closed") as CancellationPolicy,
    cancelledBy,
    amounts: { total: reservation.total, serviceFee: reservation.serviceFee, cleaningFee: reservation.cleaningFee },
    bookedAt: reservation.confirmedAt ?? reservation.createdAt,
    checkIn: reservation.checkIn,
    checkInTime: listing.checkInTime,
    cancelledAt: now,
    bankFee: refundBankFee(),
  });
  // Vouchers paid part of the stay: money given back never exceeds the money paid.
  if (breakdown.gross <= paid) return breakdown;
  const bankFee = Math.min(breakdown.bankFee, paid);
  return { ...breakdown, gross: paid, bankFee, net: paid - bankFee };
}

/** What cancelling now would give back, for the confirmation screen (and the API). */
export async function previewCancellation(viewer: Viewer, id: number, options: { now?: Date } = {}): Promise<CancellationPreview> {
  const now = options.now ?? new Date();
  const { reservation, side } = await loadVisible(viewer, id);
  if (side === "operator") throw new AppError(403, "reservation:errors.forbidden");
  const event: ReservationEvent = { type: side === "host" ? "host_cancels" : "traveler_cancels" };
  const decision = transition(reservationSnapshot(reservation), event, now);
  if (!decision.ok) throw refusal(decision.code, decision.key);
  return cancellationPreviewOf(reservation, side, now);
}

export async function cancellationPreviewOf(reservation: Reservation, side: "traveler" | "host", now: Date): Promise<CancellationPreview> {
  if (!isPaid(reservation.status)) return { paid: false, refund: null };
  const listing = (await Listing.findByPk(reservation.listingId, { attributes: ["cancellationPolicy", "checkInTime"] }))!;
  const { amount } = await paidInMoney(reservation.id);
  const breakdown = refundBreakdownFor(reservation, listing, side, now, amount);
  return {
    paid: true,
    refund: {
      percent: breakdown.percent,
      refundable: breakdown.refundable,
      cleaningRefund: breakdown.cleaningRefund,
      voucher: breakdown.voucher,
      gross: breakdown.gross,
      bankFee: breakdown.bankFee,
      net: breakdown.net,
      dueDate: breakdown.dueDate,
      ruleKey: breakdown.ruleKey,
    },
  };
}

/** A reservation page: only its traveler, its host and operators may open it (others: 404). */
export async function getReservationDetails(viewer: Viewer, id: number, options: { now?: Date } = {}): Promise<ReservationDetails> {
  const now = options.now ?? new Date();
  const { reservation, side, cohost } = await loadVisible(viewer, id);
  const [listing, traveler, host, payments, refunds, roomType, room] = await Promise.all([
    Listing.findByPk(reservation.listingId),
    User.findByPk(reservation.travelerId),
    User.findByPk(reservation.hostId),
    paymentsOf(reservation.id),
    refundsOf(reservation.id),
    reservation.roomTypeId ? HotelRoomType.findByPk(reservation.roomTypeId, { attributes: ["id", "name"] }) : null,
    reservation.guesthouseRoomId ? GuesthouseRoom.findByPk(reservation.guesthouseRoomId, { attributes: ["id", "name", "number"] }) : null,
  ]);
  const paid = isPaid(reservation.status);
  // PRODUCT.md: host contact details and the exact address stay hidden until the stay is paid.
  const hostVisible = paid || side !== "traveler";
  const shown = displayStatus(reservation, now);
  const actions = actionsFor(reservation, side, now);
  return {
    id: reservation.id,
    reference: reservation.reference,
    status: reservation.status,
    displayStatus: shown,
    hostTab: hostTab(shown),
    method: reservation.method,
    side,
    establishment: isEstablishmentReservation(reservation),
    listing: {
      id: reservation.listingId,
      title: listing?.title ?? "",
      propertyType: listing?.propertyType ?? null,
      city: listing?.city ?? null,
      governorate: listing?.governorate ?? null,
      cancellationPolicy: (listing?.cancellationPolicy ?? "closed") as CancellationPolicy,
      checkInTime: listing?.checkInTime ?? null,
      checkOutTime: listing?.checkOutTime ?? null,
    },
    unit: roomType
      ? { kind: "room-type", id: roomType.id, name: roomType.name }
      : room
        ? { kind: "room", id: room.id, name: `${room.number} · ${room.name}` }
        : null,
    rooms: reservation.rooms,
    checkIn: reservation.checkIn,
    checkOut: reservation.checkOut,
    nights: reservation.nights,
    travelers: { adults: reservation.adults, children: reservation.children, infants: reservation.infants, pets: reservation.pets },
    price: {
      nightsTotal: reservation.nightsTotal,
      discount: reservation.discount,
      ...reservationDiscount(reservation),
      cleaningFee: reservation.cleaningFee,
      serviceFee: reservation.serviceFee,
      total: reservation.total,
      voucherApplied: reservation.voucherApplied,
      amountDue: amountDue(reservation),
      // A co-host runs the stay but never sees the host's earnings (ADR 147).
      hostCommission: side === "traveler" || cohost ? 0 : reservation.hostCommission,
      hostPayout:
        side === "traveler" || cohost
          ? 0
          : currentHostPayout({ ...reservation.get({ plain: true }), refunded: refunds.reduce((sum, refund) => sum + refund.grossAmount, 0) }),
      currency: "TND",
      displayCurrency: reservation.displayCurrency,
      displayRateMicros: reservation.displayRateMicros,
    },
    paid,
    payments: side === "host" ? payments.map((p) => ({ ...p, proofName: null })) : payments,
    refunds,
    client:
      side === "traveler" || !traveler
        ? null
        : {
            id: traveler.id,
            firstName: traveler.firstName,
            lastName: traveler.lastName,
            email: traveler.email,
            phone: traveler.phone,
            country: traveler.country,
          },
    host: {
      id: reservation.hostId,
      firstName: host?.firstName ?? "",
      lastName: hostVisible ? (host?.lastName ?? "") : "",
      email: hostVisible ? (host?.email ?? null) : null,
      phone: hostVisible ? (host?.phone ?? null) : null,
      address:
        hostVisible && listing
          ? { street: listing.street, additionalAddress: listing.additionalAddress, city: listing.city, postalCode: listing.postalCode }
          : null,
    },
    hostHidden: !hostVisible,
    createdAt: reservation.createdAt.toISOString(),
    holdExpiresAt: reservation.holdExpiresAt ? reservation.holdExpiresAt.toISOString() : null,
    respondBy: reservation.respondBy ? reservation.respondBy.toISOString() : null,
    confirmedAt: reservation.confirmedAt ? reservation.confirmedAt.toISOString() : null,
    cancelledAt: reservation.cancelledAt ? reservation.cancelledAt.toISOString() : null,
    cancelledBy: reservation.cancelledBy,
    declineReason: reservation.declineReason,
    actions,
    cancellation: actions.includes("cancel") && side !== "operator" ? await cancellationPreviewOf(reservation, side, now) : null,
  };
}

