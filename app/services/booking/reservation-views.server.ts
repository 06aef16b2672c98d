import { Op } from "sequelize";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import type { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { displayStatus, hostTab, type DisplayStatus, type HostTab, type ReservationSnapshot } from "~/domain/reservation-state";
import { isEstablishmentReservation, reservationPagePath, type EmailRecipient } from "~/services/booking/reservation-emails.server";

// Plain objects for pages and the API: what a reservation looks like in a list.

export function reservationSnapshot(reservation: Reservation): ReservationSnapshot {
  return {
    status: reservation.status,
    checkIn: reservation.checkIn,
    checkOut: reservation.checkOut,
    holdExpiresAt: reservation.holdExpiresAt,
    respondBy: reservation.respondBy,
  };
}

export interface ReservationRow {
  id: number;
  reference: string;
  status: Reservation["status"];
  displayStatus: DisplayStatus;
  hostTab: HostTab;
  method: Reservation["method"];
  establishment: boolean;
  listingId: number;
  listingTitle: string;
  city: string | null;
  unitName: string | null;
  rooms: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  infants: number;
  pets: number;
  total: number;
  amountDue: number;
  currency: "TND";
  holdExpiresAt: string | null;
  respondBy: string | null;
  createdAt: string;
  /** The other party's name: the traveler for the host, the host for the traveler. */
  otherPartyName: string;
  /** The page of this reservation for the side that lists it. */
  path: string;
}

/** Rows for a list, with titles, unit names and the other party's name in a few queries. */
export async function toReservationRows(reservations: Reservation[], side: EmailRecipient, now: Date): Promise<ReservationRow[]> {
  if (reservations.length === 0) return [];
  const ids = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];
  const [listings, people, roomTypes, rooms] = await Promise.all([
    Listing.findAll({ attributes: ["id", "title", "city"], where: { id: { [Op.in]: ids(reservations.map((r) => r.listingId)) } } }),
    User.findAll({
      attributes: ["id", "firstName", "lastName"],
      where: { id: { [Op.in]: ids(reservations.map((r) => (side === "host" ? r.travelerId : r.hostId))) } },
    }),
    HotelRoomType.findAll({ attributes: ["id", "name"], where: { id: { [Op.in]: ids(reservations.map((r) => r.roomTypeId)) } } }),
    GuesthouseRoom.findAll({ attributes: ["id", "name", "number"], where: { id: { [Op.in]: ids(reservations.map((r) => r.guesthouseRoomId)) } } }),
  ]);
  const listingById = new Map(listings.map((l) => [l.id, l]));
  const personById = new Map(people.map((p) => [p.id, p]));
  const roomTypeById = new Map(roomTypes.map((r) => [r.id, r.name]));
  const roomById = new Map(rooms.map((r) => [r.id, `${r.number} · ${r.name}`]));
  return reservations.map((reservation) => {
    const listing = listingById.get(reservation.listingId);
    const person = personById.get(side === "host" ? reservation.travelerId : reservation.hostId);
    const shown = displayStatus(reservation, now);
    return {
      id: reservation.id,
      reference: reservation.reference,
      status: reservation.status,
      displayStatus: shown,
      hostTab: hostTab(shown),
      method: reservation.method,
      establishment: isEstablishmentReservation(reservation),
      listingId: reservation.listingId,
      listingTitle: listing?.title ?? "",
      city: listing?.city ?? null,
      unitName:
        (reservation.roomTypeId ? roomTypeById.get(reservation.roomTypeId) : null) ??
        (reservation.guesthouseRoomId ? roomById.get(reservation.guesthouseRoomId) : null) ??
        null,
      rooms: reservation.rooms,
      checkIn: reservation.checkIn,
      checkOut: reservation.checkOut,
      nights: reservation.nights,
      adults: reservation.adults,
      children: reservation.children,
      infants: reservation.infants,
      pets: reservation.pets,
      total: reservation.total,
      amountDue: reservation.total - reservation.voucherApplied,
      currency: "TND",
      holdExpiresAt: reservation.holdExpiresAt ? reservation.holdExpiresAt.toISOString() : null,
      respondBy: reservation.respondBy ? reservation.respondBy.toISOString() : null,
      createdAt: reservation.createdAt.toISOString(),
      otherPartyName: person ? `${person.firstName} ${person.lastName}`.trim() : "",
      path: reservationPagePath(reservation, side),
    };
  });
}
