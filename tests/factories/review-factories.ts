// Test data for reviews: completed (confirmed, checked-out) stays ready to be reviewed.
import crypto from "node:crypto";
import { Reservation } from "~/db/models/reservation.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import type { Ratings } from "~/domain/reviews";

/** A confirmed stay of `nights` nights whose check-out is `checkedOutDaysAgo` days before `now` (Tunis dates). */
export async function createCompletedStay(options: { listingId: number; hostId: number; travelerId: number; now?: Date; checkedOutDaysAgo?: number; nights?: number; status?: "confirmed" | "cancelled" }) {
  const now = options.now ?? new Date();
  const nights = options.nights ?? 3;
  const checkOut = addDays(dateInTunis(now), -(options.checkedOutDaysAgo ?? 2));
  const checkIn = addDays(checkOut, -nights);
  const nightsTotal = 100_000 * nights;
  return Reservation.create({
    reference: `RV${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
    listingId: options.listingId,
    roomTypeId: null,
    guesthouseRoomId: null,
    travelerId: options.travelerId,
    hostId: options.hostId,
    checkIn,
    checkOut,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    method: "direct",
    status: options.status ?? "confirmed",
    holdExpiresAt: null,
    respondBy: null,
    nights,
    nightsTotal,
    discount: 0,
    cleaningFee: 0,
    serviceFee: nightsTotal / 20,
    total: nightsTotal + nightsTotal / 20,
    hostCommission: nightsTotal / 10,
    hostPayout: nightsTotal - nightsTotal / 10,
    declineReason: null,
    cancelledBy: null,
    cancelledAt: null,
    confirmedAt: new Date(now.getTime() - (nights + 10) * 86_400_000),
    language: "en",
  });
}

export const stars = (value: number): Ratings => ({ amenities: value, services: value, price: value, tours: value, location: value });
