import { describe, expect, it } from "vitest";
import {
  allowedEvents,
  canStartPayment,
  bookingDateOf,
  displayStatus,
  displayStatusKeys,
  hostHiddenReason,
  dueTimerEvent,
  holdsNights,
  hostTab,
  isPaid,
  RESERVATION_STATUSES,
  startReservation,
  timerDeadline,
  transition,
  type DisplayStatus,
  type ReservationEvent,
  type ReservationEventType,
  type ReservationSnapshot,
  type ReservationStatus,
} from "~/domain/reservation-state";

const NOW = new Date("2026-08-10T10:00:00Z"); // today in Tunis: 2026-08-10
const at = (iso: string) => new Date(iso);
const plusMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

function snapshot(status: ReservationStatus, change: Partial<ReservationSnapshot> = {}): ReservationSnapshot {
  return {
    status,
    checkIn: "2026-08-20",
    checkOut: "2026-08-23",
    holdExpiresAt: status === "pending_payment" ? plusMinutes(NOW, 10) : null,
    respondBy: status === "pending_host" ? plusMinutes(NOW, 60) : null,
    ...change,
  };
}

const EVENTS: Record<ReservationEventType, ReservationEvent> = {
  host_accepts: { type: "host_accepts" },
  host_declines: { type: "host_declines", reason: "Family visiting that week" },
  declined_by_overlap: { type: "declined_by_overlap" },
  payment_succeeded: { type: "payment_succeeded" },
  hold_timed_out: { type: "hold_timed_out" },
  request_timed_out: { type: "request_timed_out" },
  traveler_cancels: { type: "traveler_cancels" },
  host_cancels: { type: "host_cancels" },
  operator_cancels: { type: "operator_cancels" },
};

// Every status × every event, with deadlines still ahead and the stay still to come:
// "→ status/nights" when allowed, "× code" when refused.
const MATRIX: Record<ReservationStatus, Record<ReservationEventType, string>> = {
  pending_host: {
    host_accepts: "→ pending_payment/hold",
    host_declines: "→ declined/none",
    declined_by_overlap: "→ declined/none",
    payment_succeeded: "× not_allowed",
    hold_timed_out: "× not_allowed",
    request_timed_out: "× too_early",
    traveler_cancels: "→ cancelled/none",
    host_cancels: "× not_allowed",
    operator_cancels: "→ cancelled/none",
  },
  pending_payment: {
    host_accepts: "× not_allowed",
    host_declines: "× not_allowed",
    declined_by_overlap: "× not_allowed",
    payment_succeeded: "→ confirmed/keep",
    hold_timed_out: "× too_early",
    request_timed_out: "× not_allowed",
    traveler_cancels: "→ cancelled/release",
    host_cancels: "→ cancelled/release",
    operator_cancels: "→ cancelled/release",
  },
  confirmed: {
    host_accepts: "× already_done",
    host_declines: "× not_allowed",
    declined_by_overlap: "× not_allowed",
    payment_succeeded: "× already_done",
    hold_timed_out: "× not_allowed",
    request_timed_out: "× not_allowed",
    traveler_cancels: "→ cancelled/release",
    host_cancels: "→ cancelled/release",
    operator_cancels: "→ cancelled/release",
  },
  declined: {} as Record<ReservationEventType, string>,
  cancelled: {} as Record<ReservationEventType, string>,
  expired: {} as Record<ReservationEventType, string>,
};
for (const closed of ["declined", "cancelled", "expired"] as const) {
  for (const type of Object.keys(EVENTS) as ReservationEventType[]) {
    MATRIX[closed][type] = type === "payment_succeeded" ? "× too_late" : "× already_done";
  }
}

function outcome(status: ReservationStatus, type: ReservationEventType, now = NOW): string {
  const result = transition(snapshot(status), EVENTS[type], now);
  return result.ok ? `→ ${result.status}/${result.nights}` : `× ${result.code}`;
}

describe("transition: every status × every event", () => {
  const rows = RESERVATION_STATUSES.flatMap((status) =>
    (Object.keys(EVENTS) as ReservationEventType[]).map((type) => [status, type, MATRIX[status][type]] as const),
  );
  it("covers 6 statuses × 9 events", () => expect(rows).toHaveLength(54));
  it.each(rows)("%s + %s %s", (status, type, expected) => {
    expect(outcome(status, type)).toBe(expected);
  });
});

describe("starting a reservation", () => {
  it("direct: holds the nights as pending_payment for 30 minutes", () => {
    expect(startReservation("direct", NOW)).toEqual({
      ok: true,
      status: "pending_payment",
      nights: "hold",
      holdExpiresAt: at("2026-08-10T10:30:00Z"),
      respondBy: null,
    });
  });
  it("by request: pending_host, nothing held, 24 hours for the host", () => {
    expect(startReservation("request", NOW)).toEqual({
      ok: true,
      status: "pending_host",
      nights: "none",
      holdExpiresAt: null,
      respondBy: at("2026-08-11T10:00:00Z"),
    });
  });
});

describe("deadlines and guards", () => {
  it("accepting holds the nights and gives 24 hours to pay", () => {
    expect(transition(snapshot("pending_host"), EVENTS.host_accepts, NOW)).toEqual({
      ok: true,
      status: "pending_payment",
      nights: "hold",
      holdExpiresAt: at("2026-08-11T10:00:00Z"),
      respondBy: null,
    });
  });

  it.each<[string, ReservationSnapshot, ReservationEvent, Date, string]>([
    ["accept 1 ms before the deadline", snapshot("pending_host", { respondBy: at("2026-08-10T10:00:00.001Z") }), EVENTS.host_accepts, NOW, "ok"],
    ["accept at the deadline", snapshot("pending_host", { respondBy: NOW }), EVENTS.host_accepts, NOW, "rules:reservation.requestExpired"],
    ["accept after check-in passed", snapshot("pending_host", { checkIn: "2026-08-09", respondBy: plusMinutes(NOW, 5) }), EVENTS.host_accepts, NOW, "rules:reservation.checkInPassed"],
    ["accept on the check-in day", snapshot("pending_host", { checkIn: "2026-08-10" }), EVENTS.host_accepts, NOW, "ok"],
    ["request times out at its deadline", snapshot("pending_host", { respondBy: NOW }), EVENTS.request_timed_out, NOW, "ok"],
    ["request does not time out 1 ms early", snapshot("pending_host", { respondBy: plusMinutes(NOW, 0.001 / 60) }), EVENTS.request_timed_out, NOW, "rules:reservation.notDueYet"],
    ["hold times out at 30 minutes", snapshot("pending_payment", { holdExpiresAt: NOW }), EVENTS.hold_timed_out, NOW, "ok"],
    ["hold does not time out at 29 minutes", snapshot("pending_payment", { holdExpiresAt: plusMinutes(NOW, 1) }), EVENTS.hold_timed_out, NOW, "rules:reservation.notDueYet"],
    ["a late payment on a hold the timer has not cancelled yet", snapshot("pending_payment", { holdExpiresAt: plusMinutes(NOW, -1) }), EVENTS.payment_succeeded, NOW, "ok"],
    ["a payment after the timer cancelled the hold", snapshot("cancelled"), EVENTS.payment_succeeded, NOW, "rules:reservation.noLongerAvailable"],
    ["the same payment verified twice", snapshot("confirmed"), EVENTS.payment_succeeded, NOW, "rules:reservation.alreadyConfirmed"],
    ["decline without a reason", snapshot("pending_host"), { type: "host_declines", reason: "   " }, NOW, "rules:reservation.declineReasonRequired"],
    ["host 'cancels' a request: must decline", snapshot("pending_host"), EVENTS.host_cancels, NOW, "rules:reservation.useDecline"],
    ["traveler cancels an ongoing stay", snapshot("confirmed", { checkIn: "2026-08-08", checkOut: "2026-08-12" }), EVENTS.traveler_cancels, NOW, "ok"],
    ["traveler cancels on the check-out day", snapshot("confirmed", { checkIn: "2026-08-08", checkOut: "2026-08-10" }), EVENTS.traveler_cancels, NOW, "rules:reservation.stayOver"],
    ["host cancels on the check-in day", snapshot("confirmed", { checkIn: "2026-08-10", checkOut: "2026-08-12" }), EVENTS.host_cancels, NOW, "ok"],
    ["host cancels an ongoing stay", snapshot("confirmed", { checkIn: "2026-08-09", checkOut: "2026-08-12" }), EVENTS.host_cancels, NOW, "rules:reservation.stayStarted"],
    ["operator cancels an ongoing stay", snapshot("confirmed", { checkIn: "2026-08-09", checkOut: "2026-08-12" }), EVENTS.operator_cancels, NOW, "ok"],
    ["operator cancels a completed stay", snapshot("confirmed", { checkIn: "2026-08-01", checkOut: "2026-08-05" }), EVENTS.operator_cancels, NOW, "rules:reservation.stayOver"],
  ])("%s", (_name, reservation, event, now, expected) => {
    const result = transition(reservation, event, now);
    expect(result.ok ? "ok" : result.key).toBe(expected);
  });

  it("keeps the host's reason, trimmed, and records who closed it", () => {
    expect(transition(snapshot("pending_host"), { type: "host_declines", reason: "  Works in the flat  " }, NOW)).toMatchObject({
      ok: true,
      status: "declined",
      declineReason: "Works in the flat",
      closedBy: "host",
    });
    expect(transition(snapshot("pending_host"), EVENTS.declined_by_overlap, NOW)).toMatchObject({
      declineReason: "rules:reservation.declinedOverlap",
      closedBy: "system",
    });
    expect(transition(snapshot("pending_payment", { holdExpiresAt: NOW }), EVENTS.hold_timed_out, NOW)).toMatchObject({ closedBy: "system" });
    expect(transition(snapshot("confirmed"), EVENTS.traveler_cancels, NOW)).toMatchObject({ closedBy: "traveler", holdExpiresAt: null });
  });
});

describe("allowed events and timers", () => {
  it.each<[ReservationStatus, Parameters<typeof allowedEvents>[2], ReservationEventType[]]>([
    ["pending_host", "host", ["host_accepts", "host_declines"]],
    ["pending_host", "traveler", ["traveler_cancels"]],
    ["pending_payment", "traveler", ["traveler_cancels"]],
    ["pending_payment", "host", ["host_cancels"]],
    ["confirmed", "host", ["host_cancels"]],
    ["confirmed", undefined, ["traveler_cancels", "host_cancels", "operator_cancels"]],
    ["cancelled", undefined, []],
  ])("%s, %s may: %j", (status, actor, expected) => {
    expect(allowedEvents(snapshot(status), NOW, actor)).toEqual(expected);
  });

  it.each<[ReservationSnapshot, Date, ReturnType<typeof dueTimerEvent>]>([
    [snapshot("pending_payment"), NOW, null],
    [snapshot("pending_payment"), plusMinutes(NOW, 10), "hold_timed_out"],
    [snapshot("pending_host"), plusMinutes(NOW, 60), "request_timed_out"],
    [snapshot("pending_host"), plusMinutes(NOW, 59), null],
    [snapshot("confirmed"), plusMinutes(NOW, 99_999), null],
  ])("timer due for %j at %s: %s", (reservation, now, expected) => {
    expect(dueTimerEvent(reservation, now)).toBe(expected);
  });

  it("tells the job runner when to fire", () => {
    expect(timerDeadline(snapshot("pending_payment"))).toEqual(plusMinutes(NOW, 10));
    expect(timerDeadline(snapshot("pending_host"))).toEqual(plusMinutes(NOW, 60));
    expect(timerDeadline(snapshot("confirmed"))).toBeNull();
  });

  it.each<[string, ReservationSnapshot, Date, string]>([
    ["a standing hold", snapshot("pending_payment"), NOW, "ok"],
    ["an expired hold", snapshot("pending_payment"), plusMinutes(NOW, 10), "rules:reservation.holdExpired"],
    ["a stay whose check-in passed", snapshot("pending_payment", { checkIn: "2026-08-09", holdExpiresAt: plusMinutes(NOW, 600) }), NOW, "rules:reservation.checkInPassed"],
    ["a confirmed stay", snapshot("confirmed"), NOW, "rules:reservation.alreadyConfirmed"],
    ["a cancelled stay", snapshot("cancelled"), NOW, "rules:reservation.noLongerAvailable"],
    ["a request", snapshot("pending_host"), NOW, "rules:reservation.notAllowed"],
  ])("payment can start for %s: %s", (_name, reservation, now, expected) => {
    const result = canStartPayment(reservation, now);
    expect(result.ok ? "ok" : result.key).toBe(expected);
  });
});

describe("what is held, paid and shown", () => {
  it.each<[ReservationStatus, boolean, boolean]>([
    ["pending_host", false, false],
    ["pending_payment", true, false],
    ["confirmed", true, true],
    ["declined", false, false],
    ["cancelled", false, false],
    ["expired", false, false],
  ])("%s: holds nights %s, paid %s", (status, holds, paid) => {
    expect(holdsNights(status)).toBe(holds);
    expect(isPaid(status)).toBe(paid);
  });

  it.each<[ReservationStatus, string, DisplayStatus, string]>([
    ["confirmed", "2026-08-19T12:00:00Z", "upcoming", "upcoming"],
    ["confirmed", "2026-08-19T23:00:00Z", "ongoing", "ongoing"], // midnight in Tunis: check-in day
    ["confirmed", "2026-08-22T12:00:00Z", "ongoing", "ongoing"], // the last night
    ["confirmed", "2026-08-22T23:00:00Z", "completed", "completed"], // check-out day in Tunis
    ["pending_host", "2026-08-10T12:00:00Z", "pending_host", "pending"],
    ["pending_payment", "2026-08-10T12:00:00Z", "pending_payment", "upcoming"], // not a pending request
    ["declined", "2026-08-10T12:00:00Z", "declined", "cancelled"],
    ["cancelled", "2026-08-21T12:00:00Z", "cancelled", "cancelled"],
    ["expired", "2026-08-10T12:00:00Z", "expired", "cancelled"],
  ])("%s at %s shows %s (host tab %s)", (status, now, display, tab) => {
    const shown = displayStatus(snapshot(status), at(now));
    expect(shown).toBe(display);
    expect(hostTab(shown)).toBe(tab);
  });
});

describe("displayStatusKeys", () => {
  it.each([
    ["upcoming", ["rules:reservation.status.confirmed", "rules:reservation.status.upcoming"]],
    ["ongoing", ["rules:reservation.status.confirmed", "rules:reservation.status.ongoing"]],
    ["completed", ["rules:reservation.status.confirmed", "rules:reservation.status.completed"]],
    ["pending_payment", ["rules:reservation.status.pending_payment"]],
    ["cancelled", ["rules:reservation.status.cancelled"]],
  ] as const)("a %s stay reads %j", (status, keys) => {
    expect(displayStatusKeys(status)).toEqual(keys);
  });
});

describe("bookingDateOf", () => {
  it.each([
    ["a direct booking", { method: "direct", createdAt: "made", confirmedAt: null }, { key: "bookedOn", at: "made" }],
    ["a request not yet paid", { method: "request", createdAt: "made", confirmedAt: null }, { key: "requestedOn", at: "made" }],
    ["a paid request", { method: "request", createdAt: "made", confirmedAt: "paid" }, { key: "bookedOn", at: "paid" }],
  ] as const)("%s says %j", (_name, reservation, expected) => {
    expect(bookingDateOf(reservation)).toEqual(expected);
  });
});

describe("hostHiddenReason", () => {
  it.each([
    ["pending_host", "awaitingHost"],
    ["pending_payment", "awaitingPayment"],
    ["cancelled", "closed"],
    ["declined", "closed"],
    ["expired", "closed"],
  ] as const)("a %s reservation hides the host's contact because %s, never 'complete your payment' once it is over", (status, reason) => {
    expect(hostHiddenReason(status)).toBe(reason);
  });
});
