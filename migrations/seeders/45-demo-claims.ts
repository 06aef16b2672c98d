import { Op, QueryTypes } from "sequelize";
import type { Migration } from "~/db/migrator.server";
import { Claim } from "~/db/models/claim.server";
import { Payment } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { quoteStay } from "~/domain/pricing";
import { checkInInstant } from "~/domain/refunds";
import { addDays, dateInTunis, nightsOf } from "~/domain/stay-dates";
import { recordStayConfirmed } from "~/services/money/ledger.server";

// Demo claim (issue 14 point 9, ADR 142): traveler@demo.darna.tn checked in at one of
// host@demo.darna.tn's listings within the last 24 hours (relative to seeding, so the claim
// window is really open) and reported the air conditioning broken on the first night. The claim
// is open: the stay's earning shows as withheld on the host's revenues page, the host can answer
// from the reservation page and an operator decide at /admin/claims. The stay is paid by card and
// written to the ledger like any other. Idempotent: nothing is done when DEMOC01 exists.

const REFERENCE = "DEMOC01";
const TRAVELER = "traveler@demo.darna.tn";
const HOST = "host@demo.darna.tn";
const NIGHTS = 3;

export const seed: Migration = async ({ context: { sequelize } }) => {
  if ((await Reservation.count({ where: { reference: REFERENCE } })) > 0) return;
  const users = await sequelize.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email IN (:emails)", {
    replacements: { emails: [TRAVELER, HOST] },
    type: QueryTypes.SELECT,
  });
  const travelerId = users.find((user) => user.email === TRAVELER)?.id;
  const hostId = users.find((user) => user.email === HOST)?.id;
  if (!travelerId || !hostId) return;
  const listings = await sequelize.query<{ id: number; base_price: number; cleaning_fee: number; check_in_time: string | null }>(
    `SELECT id, base_price, cleaning_fee, check_in_time FROM listings WHERE host_id = :hostId AND property_type NOT IN ('hotel', 'guesthouse')
        AND status = 'visible' AND moderation_state = 'approved' AND deleted_at IS NULL ORDER BY id`,
    { replacements: { hostId }, type: QueryTypes.SELECT },
  );
  const now = new Date();
  await sequelize.transaction(async (transaction) => {
    for (const listing of listings) {
      // Checked in today if today's check-in time has passed, else yesterday: within the 24 hours either way.
      const today = dateInTunis(now);
      const checkIn = checkInInstant(today, listing.check_in_time).getTime() <= now.getTime() ? today : addDays(today, -1);
      const checkOut = addDays(checkIn, NIGHTS);
      const nights = nightsOf(checkIn, checkOut);
      const taken = await ReservationNight.count({ where: { listingId: listing.id, unitKey: "listing", night: { [Op.in]: nights } }, transaction });
      if (taken > 0) continue;
      const quote = quoteStay({ nightlyPrice: Number(listing.base_price), cleaningFee: Number(listing.cleaning_fee) }, { checkIn, checkOut });
      const bookedAt = new Date(now.getTime() - 12 * 86_400_000);
      const reservation = await Reservation.create(
        {
          reference: REFERENCE, listingId: listing.id, roomTypeId: null, guesthouseRoomId: null, travelerId, hostId, checkIn, checkOut,
          adults: 2, children: 0, infants: 0, pets: 0, method: "direct", status: "confirmed", holdExpiresAt: null, respondBy: null,
          nights: quote.nights, nightsTotal: quote.nightsTotal, discount: quote.discount, discountKind: quote.discountKind, discountPercent: quote.discountPercent,
          cleaningFee: quote.cleaningFee, serviceFee: quote.serviceFee, total: quote.total, hostCommission: quote.hostCommission, hostPayout: quote.hostPayout,
          declineReason: null, cancelledBy: null, cancelledAt: null, confirmedAt: bookedAt, language: "en", createdAt: bookedAt, updatedAt: bookedAt,
        },
        { transaction },
      );
      await ReservationNight.bulkCreate(
        nights.map((night) => ({ reservationId: reservation.id, listingId: listing.id, unitKey: "listing", night, slot: 0, createdAt: bookedAt })),
        { transaction },
      );
      await Payment.create(
        {
          reservationId: reservation.id, travelerId, method: "card", provider: "sandbox", reference: `${REFERENCE}P`, amount: quote.total,
          status: "success", settlesReservationId: reservation.id, outcome: "confirmed", verifiedAt: bookedAt, createdAt: bookedAt, updatedAt: bookedAt,
        },
        { transaction },
      );
      await recordStayConfirmed(reservation, quote.total, bookedAt, transaction);
      const openedAt = new Date(Math.max(checkInInstant(checkIn, listing.check_in_time).getTime() + 30 * 60_000, now.getTime() - 60 * 60_000));
      await Claim.create(
        {
          reservationId: reservation.id, travelerId, hostId, kind: "amenity", amenity: "air_conditioning", affectedNights: checkIn,
          text: "The air conditioning in the bedroom does not cool at all: 31 °C in the room at midnight. Photos of the thermostat would not upload from my phone.",
          status: "open", openReservationId: reservation.id, createdAt: openedAt, updatedAt: openedAt,
        },
        { transaction },
      );
      return;
    }
  });
};
