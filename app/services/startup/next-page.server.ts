// The signed-in user's next likely page, prefetched by the start-up step (ADR 145): a host's
// dashboard; a traveler's upcoming (or current) stay; nothing when there is no good guess.
import { Op } from "sequelize";
import { Reservation } from "~/db/models/reservation.server";
import { dateInTunis } from "~/domain/stay-dates";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";

export async function nextLikelyPage(user: { id: number; hostMode: boolean }, now: Date): Promise<string | null> {
  if (user.hostMode) return "/dashboard";
  const upcoming = await Reservation.findOne({
    where: { travelerId: user.id, status: ["pending_host", "pending_payment", "confirmed"], checkOut: { [Op.gt]: dateInTunis(now) } },
    attributes: ["id", "roomTypeId", "guesthouseRoomId"],
    order: [["checkIn", "ASC"], ["id", "ASC"]],
  });
  return upcoming ? reservationPagePath(upcoming, "traveler") : null;
}
