import { Op, type Transaction } from "sequelize";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { Payment } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { availabilityIssues } from "~/domain/availability";
import type { CancellationPolicy } from "~/domain/listing";
import { refundFor, type CancelledBy, type RefundBreakdown } from "~/domain/refunds";
import {
  allowedEvents,
  displayStatus,
  hostTab,
  isPaid,
  transition,
  type DisplayStatus,
  type HostTab,
  type RefusalCode,
  type ReservationEvent,
  type ReservationEventType,
  type TransitionOk,
} from "~/domain/reservation-state";
import { nightsOf } from "~/domain/stay-dates";
import { loadBookingTarget, availabilityFacts } from "~/services/booking/booking.server";
import { paymentsOf, amountDue, type PaymentView } from "~/services/payments/payment.server";
import { isEstablishmentReservation, queueReservationEmails, type ReservationEmailKind } from "~/services/booking/reservation-emails.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { holdNights, releaseNights, runBookingTransaction } from "~/services/booking/reservation-nights.server";
import { scheduleHoldExpiry } from "~/services/booking/reservation-timers.server";
import { reservationSnapshot, toReservationRows, type ReservationRow } from "~/services/booking/reservation-views.server";
import { grantVoucher, recordRefund, refundBankFee, refundsOf, releaseVouchers, type RefundView } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

// Reservations after booking (issue 6): who may see one, what each side may do with it, and every
// change of state. Each change is decided by the domain's state machine (reservation-state.ts)
// and written in one transaction with a conditional UPDATE (WHERE status = the state it was
// decided from), together with its nights (taken or freed), refunds, vouchers and e-mails.

export interface Viewer {
  id: number;
  role: "user" | "operator";
}

export type ReservationSide = "traveler" | "host" | "operator";

/** Which side the viewer is on, or null for a stranger. */
export function sideOf(viewer: Viewer, reservation: Pick<Reservation, "travelerId" | "hostId">): ReservationSide | null {
  if (viewer.id === reservation.travelerId) return "traveler";
  if (viewer.id === reservation.hostId) return "host";
  if (viewer.role === "operator") return "operator";
  return null;
}

function notFound(): AppError {
  return new AppError(404, "reservation:errors.notFound");
}

/** The reservation if the viewer is its traveler, its host or an operator; 404 for anyone else. */
async function loadVisible(viewer: Viewer, id: number): Promise<{ reservation: Reservation; side: ReservationSide }> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const reservation = await Reservation.findByPk(id);
  if (!reservation) throw notFound();
  const side = sideOf(viewer, reservation);
  if (!side) throw notFound();
  return { reservation, side };
}

function refusal(code: RefusalCode, key: string): AppError {
  if (code === "reason_required") return new AppError(400, key, { fields: { reason: key } });
  return new AppError(409, key);
}

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

function actionsFor(reservation: Reservation, side: ReservationSide, now: Date): ReservationAction[] {
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
async function paidInMoney(reservationId: number, transaction?: Transaction): Promise<{ amount: number; paymentId: number | null }> {
  const payment = await Payment.findOne({ where: { settlesReservationId: reservationId }, transaction });
  return payment ? { amount: payment.amount, paymentId: payment.id } : { amount: 0, paymentId: null };
}

function refundBreakdownFor(
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

async function cancellationPreviewOf(reservation: Reservation, side: "traveler" | "host", now: Date): Promise<CancellationPreview> {
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
  const { reservation, side } = await loadVisible(viewer, id);
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
      cleaningFee: reservation.cleaningFee,
      serviceFee: reservation.serviceFee,
      total: reservation.total,
      voucherApplied: reservation.voucherApplied,
      amountDue: amountDue(reservation),
      hostCommission: side === "traveler" ? 0 : reservation.hostCommission,
      hostPayout: side === "traveler" ? 0 : reservation.hostPayout,
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

// ---------------------------------------------------------------------------------------------
// Changes of state

interface TransitionContext {
  reservation: Reservation;
  decision: TransitionOk;
  transaction: Transaction;
}

/**
 * Decides `event` on the reservation's current state and writes it with a conditional UPDATE.
 * If another request changed the reservation in between, the decision is taken again on the new
 * state (which usually refuses it). `effects` runs in the same transaction.
 */
async function applyEvent(
  id: number,
  event: ReservationEvent,
  now: Date,
  effects: (context: TransitionContext) => Promise<void>,
  options: { booking?: boolean } = {},
): Promise<Reservation> {
  const run = options.booking ? runBookingTransaction : writeTransaction;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await run(async (transaction) => {
      const reservation = await Reservation.findByPk(id, { transaction });
      if (!reservation) throw notFound();
      const decision = transition(reservationSnapshot(reservation), event, now);
      if (!decision.ok) throw refusal(decision.code, decision.key);
      const closing = decision.closedBy !== undefined;
      const [changed] = await Reservation.update(
        {
          status: decision.status,
          holdExpiresAt: decision.holdExpiresAt,
          respondBy: decision.respondBy,
          ...(decision.declineReason !== undefined ? { declineReason: decision.declineReason } : {}),
          ...(closing && decision.status === "cancelled" ? { cancelledBy: decision.closedBy, cancelledAt: now } : {}),
        },
        { where: { id, status: reservation.status }, transaction },
      );
      if (changed !== 1) return null; // changed meanwhile: decide again
      if (decision.nights === "release") await releaseNights(id, transaction);
      await effects({ reservation, decision, transaction });
      return (await Reservation.findByPk(id, { transaction }))!;
    });
    if (result) return result;
  }
  throw new AppError(409, "reservation:errors.changedMeanwhile");
}

async function requireSide(viewer: Viewer, id: number, expected: "traveler" | "host"): Promise<Reservation> {
  const { reservation, side } = await loadVisible(viewer, id);
  if (side !== expected) throw new AppError(403, "reservation:errors.forbidden");
  return reservation;
}

async function capacityOf(reservation: Reservation, transaction: Transaction): Promise<number> {
  if (!reservation.roomTypeId) return 1;
  const roomType = await HotelRoomType.findByPk(reservation.roomTypeId, { attributes: ["quantity"], transaction });
  return roomType?.quantity ?? 0;
}

function unitKeyOf(reservation: Pick<Reservation, "roomTypeId" | "guesthouseRoomId">): string {
  if (reservation.roomTypeId) return `room-type:${reservation.roomTypeId}`;
  if (reservation.guesthouseRoomId) return `room:${reservation.guesthouseRoomId}`;
  return "listing";
}

/**
 * The host accepts a request: its nights are taken now (409 "already booked" if someone holds
 * them), the traveler has 24 hours to pay, and the pending requests that no longer fit are
 * declined automatically.
 */
export async function acceptRequest(viewer: Viewer, id: number, options: { now?: Date } = {}): Promise<Reservation> {
  const now = options.now ?? new Date();
  await requireSide(viewer, id, "host");
  return applyEvent(
    id,
    { type: "host_accepts" },
    now,
    async ({ reservation, decision, transaction }) => {
      await holdNights(
        {
          reservationId: reservation.id,
          listingId: reservation.listingId,
          unitKey: unitKeyOf(reservation),
          nights: nightsOf(reservation.checkIn, reservation.checkOut),
          rooms: reservation.rooms,
          capacity: await capacityOf(reservation, transaction),
          now,
        },
        transaction,
      );
      await scheduleHoldExpiry(reservation.id, decision.holdExpiresAt!, transaction);
      await queueReservationEmails("accepted", reservation.id, transaction, { now });
      await declineOverlappingRequests(reservation, now, transaction);
    },
    { booking: true },
  );
}

async function declineOverlappingRequests(accepted: Reservation, now: Date, transaction: Transaction): Promise<void> {
  const others = await Reservation.findAll({
    where: {
      id: { [Op.ne]: accepted.id },
      listingId: accepted.listingId,
      roomTypeId: accepted.roomTypeId,
      guesthouseRoomId: accepted.guesthouseRoomId,
      status: "pending_host",
      checkIn: { [Op.lt]: accepted.checkOut },
      checkOut: { [Op.gt]: accepted.checkIn },
    },
    transaction,
  });
  if (others.length === 0) return;
  const target = await loadTargetOf(accepted);
  for (const other of others) {
    // A room type may still have rooms for a smaller request; a whole listing or room never.
    if (target) {
      const facts = await availabilityFacts(target, other, transaction);
      if (availabilityIssues(facts, other, other.rooms).length === 0) continue;
    }
    const decision = transition(reservationSnapshot(other), { type: "declined_by_overlap" }, now);
    if (!decision.ok) continue;
    const [changed] = await Reservation.update(
      { status: decision.status, respondBy: null, declineReason: decision.declineReason ?? null },
      { where: { id: other.id, status: "pending_host" }, transaction },
    );
    if (changed !== 1) continue;
    await releaseVouchers(other.id, transaction);
    await queueReservationEmails("declined", other.id, transaction, { now, values: { reason: "" } });
  }
}

async function loadTargetOf(reservation: Reservation) {
  if (!reservation.roomTypeId) return null;
  try {
    return await loadBookingTarget({ listingId: reservation.listingId, roomTypeId: reservation.roomTypeId });
  } catch {
    return null;
  }
}

/** The host declines a request, with a reason (required). */
export async function declineRequest(viewer: Viewer, id: number, reason: string, options: { now?: Date } = {}): Promise<Reservation> {
  const now = options.now ?? new Date();
  await requireSide(viewer, id, "host");
  const text = reason.trim().slice(0, 1000);
  return applyEvent(id, { type: "host_declines", reason: text }, now, async ({ reservation, transaction }) => {
    await releaseVouchers(reservation.id, transaction);
    await queueReservationEmails("declined", reservation.id, transaction, { now, values: { reason: text } });
  });
}

/**
 * The traveler or the host cancels. A paid stay is refunded by the rules (refundFor): the
 * traveler by the listing's policy, less the bank fee; the host cancelling gives everything back,
 * the service fee as a voucher for a later booking. An unpaid one gives its vouchers back.
 */
export async function cancelReservation(viewer: Viewer, id: number, options: { now?: Date } = {}): Promise<Reservation> {
  const now = options.now ?? new Date();
  const { side } = await loadVisible(viewer, id);
  if (side === "operator") throw new AppError(403, "reservation:errors.forbidden");
  const event: ReservationEvent = { type: side === "host" ? "host_cancels" : "traveler_cancels" };
  return applyEvent(id, event, now, async ({ reservation, transaction }) => {
    let values: Record<string, string | number> = { refundAmount: 0 };
    if (isPaid(reservation.status)) {
      const listing = (await Listing.findByPk(reservation.listingId, { attributes: ["cancellationPolicy", "checkInTime"], transaction }))!;
      const paid = await paidInMoney(reservation.id, transaction);
      const breakdown = refundBreakdownFor(reservation, listing, side, now, paid.amount);
      await recordRefund(
        {
          reservationId: reservation.id,
          paymentId: paid.paymentId,
          travelerId: reservation.travelerId,
          reason: side === "host" ? "host_cancelled" : "traveler_cancelled",
          grossAmount: breakdown.gross,
          bankFee: breakdown.bankFee,
          dedupeKey: `cancel:${reservation.id}`,
          now,
        },
        transaction,
      );
      if (breakdown.voucher > 0) {
        await grantVoucher({ userId: reservation.travelerId, amount: breakdown.voucher, sourceReservationId: reservation.id, now }, transaction);
      }
      values = { refundAmount: breakdown.net, voucherAmount: breakdown.voucher };
    } else {
      await releaseVouchers(reservation.id, transaction);
    }
    const kind: ReservationEmailKind = side === "host" ? "cancelledByHost" : "cancelledByTraveler";
    await queueReservationEmails(kind, reservation.id, transaction, { now, values });
  });
}

// ---------------------------------------------------------------------------------------------
// Timers (run by the job runner; see booking-jobs.server.ts)

/** An unpaid hold's time is up: cancelled by the system, nights freed, vouchers given back. */
export async function expireHold(id: number, now: Date): Promise<"expired" | "rescheduled" | "nothing"> {
  const reservation = await Reservation.findByPk(id);
  if (!reservation || reservation.status !== "pending_payment") return "nothing";
  if (reservation.holdExpiresAt && reservation.holdExpiresAt.getTime() > now.getTime()) {
    // The hold was extended (a bank proof under review): come back then.
    const at = reservation.holdExpiresAt;
    await writeTransaction((transaction) => scheduleHoldExpiry(id, at, transaction));
    return "rescheduled";
  }
  try {
    await applyEvent(id, { type: "hold_timed_out" }, now, async ({ reservation: held, transaction }) => {
      await releaseVouchers(held.id, transaction);
      await queueReservationEmails("holdExpired", held.id, transaction, { now });
    });
    return "expired";
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return "nothing";
    throw error;
  }
}

/** An unanswered request's 24 hours are up. */
export async function expireRequest(id: number, now: Date): Promise<"expired" | "nothing"> {
  try {
    await applyEvent(id, { type: "request_timed_out" }, now, async ({ reservation, transaction }) => {
      await releaseVouchers(reservation.id, transaction);
      await queueReservationEmails("requestExpired", reservation.id, transaction, { now });
    });
    return "expired";
  } catch (error) {
    if (error instanceof AppError && (error.status === 409 || error.status === 404)) return "nothing";
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

const TAB_STATUSES: Record<HostTab, Reservation["status"][]> = {
  pending: ["pending_host", "pending_payment"],
  upcoming: ["confirmed"],
  ongoing: ["confirmed"],
  completed: ["confirmed"],
  cancelled: ["declined", "cancelled", "expired"],
};

/** The host's reservations in one dashboard tab (ongoing, upcoming, completed, cancelled, pending). */
export async function listHostReservations(hostId: number, tab: HostTab, options: { now?: Date; limit?: number } = {}): Promise<ReservationRow[]> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({
    where: { hostId, status: { [Op.in]: TAB_STATUSES[tab] } },
    order: tab === "completed" || tab === "cancelled" ? [["checkIn", "DESC"]] : [["checkIn", "ASC"]],
    limit: 500,
  });
  const inTab = reservations.filter((r) => hostTab(displayStatus(r, now)) === tab).slice(0, options.limit ?? 200);
  return toReservationRows(inTab, "host", now);
}

/** How many reservations each host tab holds (for the tab labels). */
export async function countHostTabs(hostId: number, options: { now?: Date } = {}): Promise<Record<HostTab, number>> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({ attributes: ["status", "checkIn", "checkOut"], where: { hostId } });
  const counts: Record<HostTab, number> = { ongoing: 0, upcoming: 0, completed: 0, cancelled: 0, pending: 0 };
  for (const r of reservations) counts[hostTab(displayStatus(r, now))] += 1;
  return counts;
}

/** The traveler's reservations, newest first. */
export async function listTravelerReservations(travelerId: number, options: { now?: Date; limit?: number } = {}): Promise<ReservationRow[]> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({
    where: { travelerId },
    order: [["createdAt", "DESC"], ["id", "DESC"]],
    limit: options.limit ?? 200,
  });
  return toReservationRows(reservations, "traveler", now);
}

export interface TripHistory {
  upcoming: ReservationRow[];
  ongoing: ReservationRow[];
  pending: ReservationRow[];
  completed: ReservationRow[];
  cancelled: ReservationRow[];
}

/** The traveler's trip history for the profile (/profile/trips): trips grouped like the host tabs. */
export async function tripHistory(travelerId: number, options: { now?: Date } = {}): Promise<TripHistory> {
  const rows = await listTravelerReservations(travelerId, { now: options.now, limit: 500 });
  const history: TripHistory = { upcoming: [], ongoing: [], pending: [], completed: [], cancelled: [] };
  for (const row of rows) history[row.hostTab].push(row);
  history.upcoming.sort((a, b) => (a.checkIn < b.checkIn ? -1 : 1));
  history.completed.sort((a, b) => (a.checkIn > b.checkIn ? -1 : 1));
  return history;
}
