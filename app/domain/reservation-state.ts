// The reservation state machine of PRODUCT.md "Reservations" (ADR 052). Pure: the booking service
// loads the reservation, asks `transition`, and applies the answer in one transaction — the new
// status, the deadlines, and what happens to the held nights (the database rows that make double
// booking impossible). Who may send an event (is this user the host?) is the service's check.

import { todayInTunis, type IsoDate } from "~/domain/stay-dates";

export const RESERVATION_STATUSES = ["pending_host", "pending_payment", "confirmed", "declined", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export type ReservationMethod = "direct" | "request";

/** A direct booking holds its nights this long for payment. */
export const DIRECT_HOLD_MINUTES = 30;
/** A host answers a request within this time, else it expires. */
export const HOST_RESPONSE_HOURS = 24;
/** After the host accepts, the traveler has this long to pay. */
export const PAYMENT_AFTER_ACCEPTANCE_HOURS = 24;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export function directHoldExpiresAt(now: Date): Date {
  return new Date(now.getTime() + DIRECT_HOLD_MINUTES * MINUTE_MS);
}

export function hostResponseDueAt(now: Date): Date {
  return new Date(now.getTime() + HOST_RESPONSE_HOURS * HOUR_MS);
}

export function paymentDueAfterAcceptance(now: Date): Date {
  return new Date(now.getTime() + PAYMENT_AFTER_ACCEPTANCE_HOURS * HOUR_MS);
}

/** Statuses whose nights are taken: no other holding reservation may share one of them. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ["pending_payment", "confirmed"];

export function holdsNights(status: ReservationStatus): boolean {
  return HOLDING_STATUSES.includes(status);
}

/** Nothing more can happen to a declined, cancelled or expired reservation. */
export function isClosed(status: ReservationStatus): boolean {
  return status === "declined" || status === "cancelled" || status === "expired";
}

/** Paid in full: host contact details, exact address and house manual are shown only then. */
export function isPaid(status: ReservationStatus): boolean {
  return status === "confirmed";
}

/** The reservation as the machine needs it. */
export interface ReservationSnapshot {
  status: ReservationStatus;
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** When an unpaid hold is cancelled (pending_payment). */
  holdExpiresAt: Date | null;
  /** When an unanswered request expires (pending_host). */
  respondBy: Date | null;
}

export type ReservationActor = "traveler" | "host" | "operator" | "system";

export type ReservationEvent =
  | { type: "host_accepts" }
  | { type: "host_declines"; reason: string }
  /** The host accepted another request for some of the same nights. */
  | { type: "declined_by_overlap" }
  | { type: "payment_succeeded" }
  | { type: "hold_timed_out" }
  | { type: "request_timed_out" }
  | { type: "traveler_cancels" }
  | { type: "host_cancels" }
  | { type: "operator_cancels" };

export type ReservationEventType = ReservationEvent["type"];

export const EVENT_ACTOR: Record<ReservationEventType, ReservationActor> = {
  host_accepts: "host",
  host_declines: "host",
  declined_by_overlap: "system",
  payment_succeeded: "system",
  hold_timed_out: "system",
  request_timed_out: "system",
  traveler_cancels: "traveler",
  host_cancels: "host",
  operator_cancels: "operator",
};

/**
 * What the booking service does with the nights: `hold` = take them now (the unique index may
 * refuse: "already booked"), `release` = free them, `keep` = they stay held, `none` = none held.
 */
export type NightsEffect = "hold" | "release" | "keep" | "none";

/** Why an event is refused; `code` lets the API pick the status (409 conflict, 422 …). */
export type RefusalCode = "not_allowed" | "already_done" | "too_early" | "too_late" | "reason_required";

export const RESERVATION_ERROR_KEYS = {
  notAllowed: "rules:reservation.notAllowed",
  alreadyClosed: "rules:reservation.alreadyClosed",
  alreadyConfirmed: "rules:reservation.alreadyConfirmed",
  noLongerAvailable: "rules:reservation.noLongerAvailable",
  requestExpired: "rules:reservation.requestExpired",
  checkInPassed: "rules:reservation.checkInPassed",
  holdExpired: "rules:reservation.holdExpired",
  notDueYet: "rules:reservation.notDueYet",
  stayStarted: "rules:reservation.stayStarted",
  stayOver: "rules:reservation.stayOver",
  declineReasonRequired: "rules:reservation.declineReasonRequired",
  useDecline: "rules:reservation.useDecline",
} as const;

/** The reason stored on requests declined because the host accepted another one. */
export const OVERLAP_DECLINE_REASON_KEY = "rules:reservation.declinedOverlap";

export type TransitionResult =
  | {
      ok: true;
      status: ReservationStatus;
      nights: NightsEffect;
      holdExpiresAt: Date | null;
      respondBy: Date | null;
      /** Set when the event cancels, declines or expires the reservation. */
      closedBy?: ReservationActor;
      /** A declined reservation's reason: the host's text, or OVERLAP_DECLINE_REASON_KEY. */
      declineReason?: string;
    }
  | { ok: false; code: RefusalCode; key: string };

export type TransitionOk = Extract<TransitionResult, { ok: true }>;

const refuse = (code: RefusalCode, key: string): TransitionResult => ({ ok: false, code, key });

/** A new reservation: direct holds its nights for 30 minutes; a request waits 24 hours for the host. */
export function startReservation(method: ReservationMethod, now: Date): TransitionOk {
  return method === "direct"
    ? { ok: true, status: "pending_payment", nights: "hold", holdExpiresAt: directHoldExpiresAt(now), respondBy: null }
    : { ok: true, status: "pending_host", nights: "none", holdExpiresAt: null, respondBy: hostResponseDueAt(now) };
}

/** The next state of `reservation` after `event` at `now`, or why the event is refused. */
export function transition(reservation: ReservationSnapshot, event: ReservationEvent, now: Date): TransitionResult {
  const { status } = reservation;
  const today = todayInTunis(now);
  const closed = (nights: NightsEffect, to: ReservationStatus = "cancelled"): TransitionOk => ({
    ok: true,
    status: to,
    nights,
    holdExpiresAt: null,
    respondBy: null,
    closedBy: EVENT_ACTOR[event.type],
  });

  if (isClosed(status)) {
    return event.type === "payment_succeeded"
      ? refuse("too_late", RESERVATION_ERROR_KEYS.noLongerAvailable)
      : refuse("already_done", RESERVATION_ERROR_KEYS.alreadyClosed);
  }

  switch (event.type) {
    case "host_accepts":
      if (status !== "pending_host") return refuse(status === "confirmed" ? "already_done" : "not_allowed", RESERVATION_ERROR_KEYS.notAllowed);
      if (reservation.respondBy && now.getTime() >= reservation.respondBy.getTime()) return refuse("too_late", RESERVATION_ERROR_KEYS.requestExpired);
      if (reservation.checkIn < today) return refuse("too_late", RESERVATION_ERROR_KEYS.checkInPassed);
      return { ok: true, status: "pending_payment", nights: "hold", holdExpiresAt: paymentDueAfterAcceptance(now), respondBy: null };

    case "host_declines":
    case "declined_by_overlap": {
      if (status !== "pending_host") return refuse("not_allowed", RESERVATION_ERROR_KEYS.notAllowed);
      const reason = event.type === "host_declines" ? event.reason.trim() : OVERLAP_DECLINE_REASON_KEY;
      if (!reason) return refuse("reason_required", RESERVATION_ERROR_KEYS.declineReasonRequired);
      return { ...closed("none", "declined"), declineReason: reason };
    }

    case "request_timed_out":
      if (status !== "pending_host") return refuse("not_allowed", RESERVATION_ERROR_KEYS.notAllowed);
      if (!reservation.respondBy || now.getTime() < reservation.respondBy.getTime()) return refuse("too_early", RESERVATION_ERROR_KEYS.notDueYet);
      return closed("none", "expired");

    case "payment_succeeded":
      // The status decides, not the clock: while still pending_payment the nights are ours, even
      // if the timer is a few seconds late; once the timer cancelled it, the payment is refunded.
      if (status === "confirmed") return refuse("already_done", RESERVATION_ERROR_KEYS.alreadyConfirmed);
      if (status !== "pending_payment") return refuse("not_allowed", RESERVATION_ERROR_KEYS.notAllowed);
      return { ok: true, status: "confirmed", nights: "keep", holdExpiresAt: null, respondBy: null };

    case "hold_timed_out":
      if (status !== "pending_payment") return refuse("not_allowed", RESERVATION_ERROR_KEYS.notAllowed);
      if (!reservation.holdExpiresAt || now.getTime() < reservation.holdExpiresAt.getTime()) return refuse("too_early", RESERVATION_ERROR_KEYS.notDueYet);
      return closed("release");

    case "traveler_cancels":
      if (status === "pending_host") return closed("none");
      if (status === "pending_payment") return closed("release");
      // Confirmed: until the last night (an ongoing stay may end early; the refund rules apply).
      if (today >= reservation.checkOut) return refuse("too_late", RESERVATION_ERROR_KEYS.stayOver);
      return closed("release");

    case "host_cancels":
      if (status === "pending_host") return refuse("not_allowed", RESERVATION_ERROR_KEYS.useDecline);
      if (status === "pending_payment") return closed("release");
      // A host cannot end a stay that has begun; up to the check-in day they can (full refund).
      if (today > reservation.checkIn) return refuse("too_late", RESERVATION_ERROR_KEYS.stayStarted);
      return closed("release");

    case "operator_cancels":
      if (status === "confirmed" && today >= reservation.checkOut) return refuse("too_late", RESERVATION_ERROR_KEYS.stayOver);
      return closed(holdsNights(status) ? "release" : "none");
  }
}

const ALL_EVENTS: ReservationEvent[] = [
  { type: "host_accepts" },
  { type: "host_declines", reason: "-" },
  { type: "declined_by_overlap" },
  { type: "payment_succeeded" },
  { type: "hold_timed_out" },
  { type: "request_timed_out" },
  { type: "traveler_cancels" },
  { type: "host_cancels" },
  { type: "operator_cancels" },
];

/** The events allowed now (for action buttons), optionally only those `actor` sends. */
export function allowedEvents(reservation: ReservationSnapshot, now: Date, actor?: ReservationActor): ReservationEventType[] {
  return ALL_EVENTS.filter((event) => (!actor || EVENT_ACTOR[event.type] === actor) && transition(reservation, event, now).ok).map(
    (event) => event.type,
  );
}

/** The timer event due for this reservation at `now` (the job runner's question), or null. */
export function dueTimerEvent(reservation: ReservationSnapshot, now: Date): "hold_timed_out" | "request_timed_out" | null {
  if (transition(reservation, { type: "hold_timed_out" }, now).ok) return "hold_timed_out";
  if (transition(reservation, { type: "request_timed_out" }, now).ok) return "request_timed_out";
  return null;
}

/** When the timer of a pending reservation fires (to schedule the job), or null. */
export function timerDeadline(reservation: ReservationSnapshot): Date | null {
  if (reservation.status === "pending_payment") return reservation.holdExpiresAt;
  if (reservation.status === "pending_host") return reservation.respondBy;
  return null;
}

/** May a payment be started now? Only while the hold stands and the stay has not begun. */
export function canStartPayment(reservation: ReservationSnapshot, now: Date): { ok: true } | { ok: false; code: RefusalCode; key: string } {
  if (reservation.status === "confirmed") return { ok: false, code: "already_done", key: RESERVATION_ERROR_KEYS.alreadyConfirmed };
  if (reservation.status !== "pending_payment") {
    return isClosed(reservation.status)
      ? { ok: false, code: "too_late", key: RESERVATION_ERROR_KEYS.noLongerAvailable }
      : { ok: false, code: "not_allowed", key: RESERVATION_ERROR_KEYS.notAllowed };
  }
  if (reservation.holdExpiresAt && now.getTime() >= reservation.holdExpiresAt.getTime()) {
    return { ok: false, code: "too_late", key: RESERVATION_ERROR_KEYS.holdExpired };
  }
  if (reservation.checkIn < todayInTunis(now)) return { ok: false, code: "too_late", key: RESERVATION_ERROR_KEYS.checkInPassed };
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// What people see

export const DISPLAY_STATUSES = [
  "pending_host",
  "pending_payment",
  "upcoming",
  "ongoing",
  "completed",
  "declined",
  "cancelled",
  "expired",
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** The state shown: a confirmed stay is upcoming before check-in, ongoing until check-out, then completed. */
export function displayStatus(reservation: Pick<ReservationSnapshot, "status" | "checkIn" | "checkOut">, now: Date): DisplayStatus {
  if (reservation.status !== "confirmed") return reservation.status;
  const today = todayInTunis(now);
  if (today < reservation.checkIn) return "upcoming";
  if (today < reservation.checkOut) return "ongoing";
  return "completed";
}

/** Translation key of a displayed state ("Pending host response", "Declined by host", …). */
export function displayStatusKey(status: DisplayStatus): string {
  return `rules:reservation.status.${status}`;
}

/** The words of a displayed state: a paid stay says "Confirmed" with upcoming, ongoing or completed beside it. */
export function displayStatusKeys(status: DisplayStatus): string[] {
  const confirmed = status === "upcoming" || status === "ongoing" || status === "completed";
  return confirmed ? ["rules:reservation.status.confirmed", displayStatusKey(status)] : [displayStatusKey(status)];
}

/**
 * The date a reservation page gives: a direct booking is booked when made; a request is
 * "requested on" until it is paid, then booked on its confirmation.
 */
export function bookingDateOf<T>(reservation: { method: ReservationMethod; createdAt: T; confirmedAt: T | null }): { key: "bookedOn" | "requestedOn"; at: T } {
  if (reservation.method === "direct") return { key: "bookedOn", at: reservation.createdAt };
  return reservation.confirmedAt ? { key: "bookedOn", at: reservation.confirmedAt } : { key: "requestedOn", at: reservation.createdAt };
}

/** Why the traveler does not see the host's contact yet: waiting for the host, for the payment, or no stay any more. */
export function hostHiddenReason(status: ReservationStatus): "awaitingHost" | "awaitingPayment" | "closed" {
  if (status === "pending_host") return "awaitingHost";
  if (status === "pending_payment") return "awaitingPayment";
  return "closed";
}

export const HOST_TABS = ["ongoing", "upcoming", "completed", "cancelled", "pending"] as const;
export type HostTab = (typeof HOST_TABS)[number];

/** The host dashboard tab a reservation sits in (pending = requests and unpaid holds). */
export function hostTab(status: DisplayStatus): HostTab {
  switch (status) {
    // "Pending requests" are requests waiting for the host's answer; a booking waiting for its
    // payment (direct, or a request the host accepted) holds its nights: it is upcoming.
    case "pending_host":
      return "pending";
    case "pending_payment":
      return "upcoming";
    case "declined":
    case "cancelled":
    case "expired":
      return "cancelled";
    default:
      return status;
  }
}

/**
 * Has the stay been completed (reviews, payouts)? True from the check-out date on.
 * @public the reviews capability (under way on its own branch) asks it.
 */
export function isCompletedStay(reservation: Pick<ReservationSnapshot, "status" | "checkOut">, now: Date): boolean {
  return reservation.status === "confirmed" && todayInTunis(now) >= reservation.checkOut;
}
