// The host's and the traveler's lists of reservations, and a traveler's trip history.
import { Op } from "sequelize";
import { Reservation } from "~/db/models/reservation.server";
import { displayStatus, hostTab, type HostTab } from "~/domain/reservation-state";
import { toReservationRows, type ReservationRow } from "~/services/booking/reservation-views.server";
import { cohostedListingIds } from "~/services/cohosts/cohost-access.server";

/** The host's reservations and those of the listings they co-host (ADR 147). */
async function hostScope(hostId: number) {
  const cohosted = await cohostedListingIds(hostId);
  return cohosted.length === 0 ? { hostId } : { [Op.or]: [{ hostId }, { listingId: { [Op.in]: cohosted } }] };
}


// ---------------------------------------------------------------------------------------------
// Lists

const TAB_STATUSES: Record<HostTab, Reservation["status"][]> = {
  pending: ["pending_host"],
  upcoming: ["confirmed", "pending_payment"],
  ongoing: ["confirmed"],
  completed: ["confirmed"],
  cancelled: ["declined", "cancelled", "expired"],
};

/** The host's reservations in one dashboard tab (ongoing, upcoming, completed, cancelled, pending). */
export async function listHostReservations(hostId: number, tab: HostTab, options: { now?: Date; limit?: number } = {}): Promise<ReservationRow[]> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({
    where: { ...(await hostScope(hostId)), status: { [Op.in]: TAB_STATUSES[tab] } },
    order: tab === "completed" || tab === "cancelled" ? [["checkIn", "DESC"]] : [["checkIn", "ASC"]],
    limit: 500,
  });
  const inTab = reservations.filter((r) => hostTab(displayStatus(r, now)) === tab).slice(0, options.limit ?? 200);
  return toReservationRows(inTab, "host", now);
}

/** How many reservations each host tab holds (for the tab labels). */
export async function countHostTabs(hostId: number, options: { now?: Date } = {}): Promise<Record<HostTab, number>> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({ attributes: ["status", "checkIn", "checkOut"], where: await hostScope(hostId) });
  const counts: Record<HostTab, number> = { ongoing: 0, upcoming: 0, completed: 0, cancelled: 0, pending: 0 };
  for (const r of reservations) counts[hostTab(displayStatus(r, now))] += 1;
  return counts;
}

/** The traveler's reservations, newest first. */
export async function listTravelerReservations(travelerId: number, options: { now?: Date; limit?: number } = {}): Promise<ReservationRow[]> {
  const now = options.now ?? new Date();
  const reservations = await Reservation.findAll({
    where: { travelerId },
    order: [["createdAt", "DESC"], ["id", "DESC"]],
    limit: options.limit ?? 200,
  });
  return toReservationRows(reservations, "traveler", now);
}

export interface TripHistory {
  upcoming: ReservationRow[];
  ongoing: ReservationRow[];
  pending: ReservationRow[];
  completed: ReservationRow[];
  cancelled: ReservationRow[];
}

/** The traveler's trip history for the profile (/profile/trips): trips grouped like the host tabs. */
export async function tripHistory(travelerId: number, options: { now?: Date } = {}): Promise<TripHistory> {
  const rows = await listTravelerReservations(travelerId, { now: options.now, limit: 500 });
  const history: TripHistory = { upcoming: [], ongoing: [], pending: [], completed: [], cancelled: [] };
  for (const row of rows) history[row.hostTab].push(row);
  history.upcoming.sort((a, b) => (a.checkIn < b.checkIn ? -1 : 1));
  history.completed.sort((a, b) => (a.checkIn > b.checkIn ? -1 : 1));
  return history;
}
