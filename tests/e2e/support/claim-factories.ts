// Test data for the claims journey: a stay that checked in within the last 24 hours (so its claim
// window is open now), paid by card and written to the ledger as a real payment writes it.
import "./app-database";
import crypto from "node:crypto";
import { Listing } from "~/db/models/listing.server";
import { Payment } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { quoteStay } from "~/domain/pricing";
import { checkInInstant } from "~/domain/refunds";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { recordStayConfirmed } from "~/services/money/ledger.server";

/** A confirmed three-night stay of `travelerId` at `listingId` that checked in less than 24 hours ago. */
export async function createCheckedInStay(listingId: number, travelerId: number): Promise<Reservation> {
  const listing = (await Listing.findByPk(listingId))!;
  const now = new Date();
  const today = dateInTunis(now);
  const checkIn = checkInInstant(today, listing.checkInTime).getTime() <= now.getTime() ? today : addDays(today, -1);
  const checkOut = addDays(checkIn, 3);
  const quote = quoteStay({ nightlyPrice: listing.basePrice ?? 0, cleaningFee: listing.cleaningFee }, { checkIn, checkOut });
  const tag = crypto.randomBytes(4).toString("hex").toUpperCase();
  const bookedAt = new Date(now.getTime() - 10 * 86_400_000);
  return writeTransaction(async (transaction) => {
    const reservation = await Reservation.create(
      {
        reference: `E2C${tag}`, listingId, roomTypeId: null, guesthouseRoomId: null, travelerId, hostId: listing.hostId, checkIn, checkOut,
        adults: 2, children: 0, infants: 0, pets: 0, method: "direct", status: "confirmed", holdExpiresAt: null, respondBy: null,
        nights: quote.nights, nightsTotal: quote.nightsTotal, discount: quote.discount, discountKind: quote.discountKind, discountPercent: quote.discountPercent,
        cleaningFee: quote.cleaningFee, serviceFee: quote.serviceFee, total: quote.total, hostCommission: quote.hostCommission, hostPayout: quote.hostPayout,
        declineReason: null, cancelledBy: null, cancelledAt: null, confirmedAt: bookedAt, language: "en",
      },
      { transaction },
    );
    await Payment.create(
      {
        reservationId: reservation.id, travelerId, method: "card", provider: "sandbox", reference: `E2CP${tag}`, amount: quote.total,
        status: "success", settlesReservationId: reservation.id, outcome: "confirmed", verifiedAt: bookedAt,
      },
      { transaction },
    );
    await recordStayConfirmed(reservation, quote.total, bookedAt, transaction);
    return reservation;
  });
}
