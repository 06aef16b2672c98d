// Reservations after booking (issue 6): every change of state (accept, decline, cancel, timers). Each change is decided by the domain's state machine (reservation-state.ts)
// and written in one transaction with a conditional UPDATE (WHERE status = the state it was
// decided from), together with its nights (taken or freed), refunds, vouchers and e-mails.
import { Op, type Transaction } from "sequelize";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { availabilityIssues } from "~/domain/availability";
import { isPaid, transition, type ReservationEvent, type TransitionOk } from "~/domain/reservation-state";
import { nightsOf } from "~/domain/stay-dates";
import { loadBookingTarget, availabilityFacts } from "~/services/booking/booking-target.server";
import { queueReservationEmails, type ReservationEmailKind } from "~/services/booking/reservation-emails.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { holdNights, releaseNights, runBookingTransaction } from "~/services/booking/reservation-nights.server";
import { scheduleHoldExpiry } from "~/services/booking/reservation-timers.server";
import { reservationSnapshot } from "~/services/booking/reservation-views.server";
import { grantVoucher, recordRefund, releaseVouchers } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

import { loadVisible, notFound, refusal, type Viewer } from "~/services/booking/reservation-access.server";
import { paidInMoney, refundBreakdownFor } from "~/services/booking/reservation-details.server";
import { recordStayCancelled } from "~/services/money/ledger.server";
import { recordHostAction } from "~/services/cohosts/host-actions.server";

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
      await recordHostAction({ listingId: reservation.listingId, reservationId: reservation.id, actorId: viewer.id, action: "reservation_accepted", now }, transaction);
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
    await recordHostAction({ listingId: reservation.listingId, reservationId: reservation.id, actorId: viewer.id, action: "reservation_declined", now }, transaction);
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
      await recordStayCancelled(reservation, breakdown, side, now, transaction);
      if (breakdown.voucher > 0) {
        await grantVoucher({ userId: reservation.travelerId, amount: breakdown.voucher, sourceReservationId: reservation.id, now }, transaction);
      }
      values = { refundAmount: breakdown.net, voucherAmount: breakdown.voucher };
    } else {
      await releaseVouchers(reservation.id, transaction);
    }
    if (side === "host") {
      await recordHostAction({ listingId: reservation.listingId, reservationId: reservation.id, actorId: viewer.id, action: "reservation_cancelled", now }, transaction);
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

