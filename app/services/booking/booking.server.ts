import crypto from "node:crypto";
import { Reservation, type ReservationMethod } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { isEstablishmentType } from "~/domain/listing";
import { TND, type DisplayCurrency } from "~/domain/money";
import { type StayQuote } from "~/domain/pricing";
import { startReservation } from "~/domain/reservation-state";
import { nightsOf } from "~/domain/stay-dates";
import { type RuleIssue, type ValidStay } from "~/domain/stay-rules";
import { trackEvent } from "~/services/analytics/analytics.server";
import { queueReservationEmails } from "~/services/booking/reservation-emails.server";
import { DATES_BOOKED_KEY, holdNights, NightsTakenError, runBookingTransaction } from "~/services/booking/reservation-nights.server";
import { scheduleHoldExpiry, scheduleRequestExpiry } from "~/services/booking/reservation-timers.server";
import { applyVouchers } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

// Booking (issue 6): what the traveler books (a whole listing, rooms of a hotel room type, or a
// guesthouse room), checked against the stay rules and the calendar, priced by the one pricing
// function, and created in one transaction that — for a direct listing — takes the nights
// (reservation-nights.server.ts), so two travelers can never hold the same night. The target and
// its checks live in booking-target.server.ts.
import { checkStay, loadBookingTarget, quoteBooking, stayAvailabilityIssues, type BookingRequest, type BookingTarget } from "~/services/booking/booking-target.server";

export interface BookingPreview {
  target: BookingTarget;
  stay: ValidStay | null;
  issues: RuleIssue[];
  quote: StayQuote | null;
  available: boolean;
}

/** What /payment and /establishment-payment show before the traveler confirms. */
export async function previewBooking(request: BookingRequest, options: { now?: Date } = {}): Promise<BookingPreview> {
  const now = options.now ?? new Date();
  const target = await loadBookingTarget(request);
  const { stay, issues } = checkStay(target, request, now);
  if (!stay) return { target, stay: null, issues, quote: null, available: false };
  const [quote, unavailable] = await Promise.all([quoteBooking(target, stay), stayAvailabilityIssues(target, stay)]);
  return { target, stay, issues: unavailable, quote, available: unavailable.length === 0 };
}

/** A reservation reference people can read out: "DR" + 8 characters without look-alikes. */
export function newReservationReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let out = "DR";
  for (const byte of crypto.randomBytes(8)) out += alphabet[byte & 31];
  return out;
}

export interface CreateReservationOptions {
  now?: Date;
  language?: string;
  displayCurrency?: DisplayCurrency;
  termsAccepted: boolean;
}

export interface CreatedReservation {
  id: number;
  reference: string;
  status: Reservation["status"];
  method: ReservationMethod;
  establishment: boolean;
  holdExpiresAt: string | null;
  respondBy: string | null;
  total: number;
  amountDue: number;
  currency: "TND";
}

function stayIssuesError(issues: RuleIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field] ??= issue.key;
  const first = issues[0]!;
  return new AppError(400, first.key, { values: first.values, fields });
}

/**
 * Books a stay for a verified traveler. Direct listings: `pending_payment`, the nights held for
 * 30 minutes. Request listings: `pending_host` (nights not held), the host has 24 hours. Dates
 * taken (held, blocked or paused) answer 409 "The selected dates are already booked".
 */
export async function createReservation(
  traveler: { id: number },
  request: BookingRequest,
  options: CreateReservationOptions,
): Promise<CreatedReservation> {
  const now = options.now ?? new Date();
  const user = await User.findByPk(traveler.id);
  if (!user) throw new AppError(401, "booking:errors.signIn");
  if (!user.emailVerifiedAt) throw new AppError(403, "auth:verify.required", { code: "email_not_verified" });
  if (!options.termsAccepted) {
    throw new AppError(400, "booking:errors.acceptTerms", { fields: { acceptTerms: "booking:errors.acceptTerms" } });
  }
  const target = await loadBookingTarget(request);
  if (target.hostId === traveler.id) throw new AppError(403, "booking:errors.ownListing");
  const { stay, issues } = checkStay(target, request, now);
  if (!stay) throw stayIssuesError(issues);
  const quote = await quoteBooking(target, stay);
  const currency = options.displayCurrency ?? TND;
  const direct = target.method === "direct";
  const nights = nightsOf(stay.checkIn, stay.checkOut);

  const start = startReservation(target.method, now);

  const reservation = await runBookingTransaction(async (transaction) => {
    // Blocked or paused nights, or (for a request, which holds nothing) nights already held: a
    // request for them could never be accepted. The nights themselves are taken by holdNights.
    const unavailable = await stayAvailabilityIssues(target, stay, transaction);
    if (unavailable.length > 0) throw new NightsTakenError();
    const created = await Reservation.create(
      {
        reference: newReservationReference(),
        listingId: target.listingId,
        roomTypeId: target.roomTypeId,
        guesthouseRoomId: target.guesthouseRoomId,
        rooms: stay.rooms,
        travelerId: traveler.id,
        hostId: target.hostId,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        adults: stay.adults,
        children: stay.children,
        infants: stay.infants,
        pets: stay.pets,
        method: target.method,
        status: start.status,
        holdExpiresAt: start.holdExpiresAt,
        respondBy: start.respondBy,
        nights: quote.nights,
        nightsTotal: quote.nightsTotal,
        discount: quote.discount,
        discountKind: quote.discountKind,
        discountPercent: quote.discount > 0 ? quote.discountPercent : null,
        cleaningFee: quote.cleaningFee,
        serviceFee: quote.serviceFee,
        total: quote.total,
        hostCommission: quote.hostCommission,
        hostPayout: quote.hostPayout,
        displayCurrency: currency.code,
        displayRateMicros: currency.valueMicros,
        declineReason: null,
        cancelledBy: null,
        cancelledAt: null,
        confirmedAt: null,
        language: options.language ?? user.language ?? "en",
        createdAt: now,
        updatedAt: now,
      },
      { transaction },
    );
    if (start.nights === "hold") {
      await holdNights(
        { reservationId: created.id, listingId: target.listingId, unitKey: target.unitKey, nights, rooms: stay.rooms, capacity: target.capacity, now },
        transaction,
      );
      await scheduleHoldExpiry(created.id, created.holdExpiresAt!, transaction);
    } else {
      await scheduleRequestExpiry(created.id, created.respondBy!, transaction);
    }
    const voucher = await applyVouchers({ userId: traveler.id, reservationId: created.id, maxAmount: quote.total, now }, transaction);
    if (voucher > 0) await created.update({ voucherApplied: voucher }, { transaction });
    await queueReservationEmails(direct ? "booked" : "requested", created.id, transaction, { now });
    return created;
  });

  await trackEvent("Booked Trip", {
    userId: traveler.id,
    value: Math.round(reservation.total / 1000),
    properties: { reservationId: reservation.id, method: reservation.method, listingId: reservation.listingId },
  });
  return {
    id: reservation.id,
    reference: reservation.reference,
    status: reservation.status,
    method: reservation.method,
    establishment: isEstablishmentType(target.propertyType),
    holdExpiresAt: reservation.holdExpiresAt ? reservation.holdExpiresAt.toISOString() : null,
    respondBy: reservation.respondBy ? reservation.respondBy.toISOString() : null,
    total: reservation.total,
    amountDue: reservation.total - reservation.voucherApplied,
    currency: "TND",
  };
}

export { DATES_BOOKED_KEY };
