// A stay booked and paid in the past, written as the booking engine leaves one: the confirmed
// reservation (its amounts from the pricing and ledger rules), the successful card payment, and
// the ledger lines the payment writes (ledger.server.ts recordStayConfirmed). The demo seeders
// (migrations/seeders/30-demo-reviews.ts, 40-demo-money.ts) and the e2e factories write history
// with it: the booking engine itself refuses dates in the past.

import { Op, type Transaction } from "sequelize";
import { Listing } from "~/db/models/listing.server";
import { Payment } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { hostEarning } from "~/domain/ledger";
import { DEFAULT_SERVICE_FEE_PERCENT, percentOf } from "~/domain/pricing";
import { addDays, type IsoDate } from "~/domain/stay-dates";
import { recordStayConfirmed } from "~/services/money/ledger.server";

export interface PastStayInput {
  reference: string;
  listingId: number;
  hostId: number;
  travelerId: number;
  checkIn: IsoDate;
  nights: number;
  nightlyPrice: number;
  cleaningFee?: number;
  /** When the traveler booked and paid. */
  bookedAt: Date;
}

/** A host's whole-property listings open to bookings, by id (the demo stays take them in turn). */
export async function bookableListingsOf(hostId: number, transaction: Transaction): Promise<Array<{ id: number; basePrice: number; cleaningFee: number }>> {
  const listings = await Listing.findAll({
    where: { hostId, propertyType: { [Op.notIn]: ["hotel", "guesthouse"] }, status: "visible", moderationState: "approved", deletedAt: null },
    attributes: ["id", "basePrice", "cleaningFee"],
    order: [["id", "ASC"]],
    transaction,
  });
  return listings.map((listing) => ({ id: listing.id, basePrice: Number(listing.basePrice ?? 0), cleaningFee: Number(listing.cleaningFee ?? 0) }));
}

/**
 * Writes the stay once: a reservation with `input.reference` already there is returned as it is
 * (`created: false`), its ledger lines written if they were missing (each event's lines are
 * deduped, so this writes nothing when they are there).
 */
export async function recordPastStay(input: PastStayInput, transaction: Transaction): Promise<{ reservation: Reservation; created: boolean }> {
  const existing = await Reservation.findOne({ where: { reference: input.reference }, transaction });
  if (existing) {
    if (existing.status === "confirmed") await recordStayConfirmed(existing, existing.total - existing.voucherApplied, existing.confirmedAt ?? input.bookedAt, transaction);
    return { reservation: existing, created: false };
  }
  const nightsTotal = input.nightlyPrice * input.nights;
  const cleaningFee = input.cleaningFee ?? 0;
  const { subtotal, commission, earning } = hostEarning({ nightsTotal, discount: 0, cleaningFee });
  const serviceFee = percentOf(subtotal, DEFAULT_SERVICE_FEE_PERCENT);
  const at = input.bookedAt;
  const reservation = await Reservation.create(
    {
      reference: input.reference, listingId: input.listingId, roomTypeId: null, guesthouseRoomId: null, travelerId: input.travelerId, hostId: input.hostId,
      checkIn: input.checkIn, checkOut: addDays(input.checkIn, input.nights), adults: 2, children: 0, infants: 0, pets: 0, method: "direct",
      status: "confirmed", holdExpiresAt: null, respondBy: null, nights: input.nights, nightsTotal, discount: 0, cleaningFee, serviceFee,
      total: subtotal + serviceFee, hostCommission: commission, hostPayout: earning, declineReason: null, cancelledBy: null, cancelledAt: null,
      confirmedAt: at, language: "en", createdAt: at, updatedAt: at,
    },
    { transaction },
  );
  await Payment.create(
    {
      reservationId: reservation.id, travelerId: input.travelerId, method: "card", provider: "sandbox", reference: `${input.reference}P`,
      amount: reservation.total, status: "success", settlesReservationId: reservation.id, outcome: "confirmed", verifiedAt: at, createdAt: at, updatedAt: at,
    },
    { transaction },
  );
  await recordStayConfirmed(reservation, reservation.total, at, transaction);
  return { reservation, created: true };
}
