// Test data for the receipts journey: a stay paid by card in the middle of last month (Tunis),
// its ledger lines written by the app's own ledger (recordStayConfirmed), so last month has
// commission to invoice and the payment a receipt. Writes into the e2e server's database.
import "./app-database";
import { Payment } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import { recordStayConfirmed } from "~/services/money/ledger.server";
import { uniqueTag, type TestListing, type TestUser } from "./factories";

const TND = 1000;

/** Last month's 12th at noon, Tunis; answers the reservation, the payment and the month (YYYY-MM). */
export async function createStayPaidLastMonth(listing: Pick<TestListing, "id" | "hostId">, traveler: Pick<TestUser, "id">) {
  const today = dateInTunis(new Date());
  const lastMonth = dateInTunis(tunisInstant(addDays(`${today.slice(0, 7)}-01`, -1))).slice(0, 7);
  const paidAt = tunisInstant(`${lastMonth}-12`, 12 * 60);
  const tag = uniqueTag().toUpperCase();
  const nightsTotal = 300 * TND;
  const serviceFee = 15 * TND;
  const hostCommission = 30 * TND;
  const reservation = await Reservation.create({
    reference: `E2R${tag}`,
    listingId: listing.id,
    roomTypeId: null,
    guesthouseRoomId: null,
    travelerId: traveler.id,
    hostId: listing.hostId,
    checkIn: `${lastMonth}-20`,
    checkOut: `${lastMonth}-23`,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    method: "direct",
    status: "confirmed",
    holdExpiresAt: null,
    respondBy: null,
    nights: 3,
    nightsTotal,
    discount: 0,
    cleaningFee: 0,
    serviceFee,
    total: nightsTotal + serviceFee,
    hostCommission,
    hostPayout: nightsTotal - hostCommission,
    declineReason: null,
    cancelledBy: null,
    cancelledAt: null,
    confirmedAt: paidAt,
    language: "en",
  });
  const payment = await Payment.create({
    reservationId: reservation.id,
    travelerId: traveler.id,
    method: "card",
    provider: "sandbox",
    reference: `E2P${tag}`,
    amount: reservation.total,
    status: "success",
    settlesReservationId: reservation.id,
    outcome: "confirmed",
    verifiedAt: paidAt,
  });
  await writeTransaction((transaction) => recordStayConfirmed(reservation, reservation.total, paidAt, transaction));
  return { reservationId: reservation.id, reservationReference: reservation.reference, paymentReference: payment.reference, month: lastMonth, total: reservation.total, commission: hostCommission };
}
