// Test data for host money: a stay booked and paid by card at `when` (its ledger lines written by the payment).
import { expect } from "vitest";
import { Reservation } from "~/db/models/reservation.server";
import { checkInInstant } from "~/domain/refunds";
import { createReservation } from "~/services/booking/booking.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { openClaim, type ClaimView } from "~/services/money/claims.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { createBookingUser, createPublicListing, stayFrom } from "./booking-factories";

/** Books `nights` nights `offsetDays` after `when` and pays them; returns the confirmed reservation. */
export async function paidStay(traveler: { id: number }, listingId: number, when: Date, offsetDays = 7, nights = 3): Promise<Reservation> {
  const booked = await createReservation({ id: traveler.id }, { listingId, adults: 1, ...stayFrom(when, offsetDays, nights) }, { now: when, termsAccepted: true });
  const started = await startPayment(traveler, booked.id, "card", { now: when });
  await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "T T" }, when);
  expect((await verifyPayment(started.payment.reference, { now: when })).state).toBe("success");
  return (await Reservation.findByPk(booked.id))!;
}

/** A stay booked on `booked` and paid, whose traveler opened a claim two hours after check-in. */
export async function openedClaim(booked = new Date(Date.UTC(2031, 5, 3, 12, 0, 0))): Promise<{ claim: ClaimView; reservation: Reservation; openedAt: Date }> {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  const traveler = await createBookingUser();
  const reservation = await paidStay(traveler, listing.id, booked);
  const openedAt = new Date(checkInInstant(reservation.checkIn).getTime() + 2 * 3_600_000);
  const claim = await openClaim(traveler, reservation.id, { kind: "cleanliness", text: "Dirty sheets and floors." }, [], openedAt);
  return { claim, reservation, openedAt };
}
