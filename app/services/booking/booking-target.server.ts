// What a traveler books (issue 6): the target (a whole listing, rooms of a hotel room type, or a
// guesthouse room), checked against the stay rules and the calendar, and priced by the one pricing
// function. booking.server.ts previews and creates reservations with it.
import { externalNights } from "~/services/calendar-sync/external-nights.server";
import { Op, type Transaction } from "sequelize";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { unitKeyFor } from "~/db/models/reservation-night.server";
import { Reservation, type ReservationMethod } from "~/db/models/reservation.server";
import { type CancellationPolicy, type PropertyType } from "~/domain/listing";
import { quoteStay, type StayQuote } from "~/domain/pricing";
import { availabilityIssues, type AvailabilityFacts } from "~/domain/availability";
import { HOLDING_STATUSES } from "~/domain/reservation-state";
import { validateStay, type RuleIssue, type ValidStay } from "~/domain/stay-rules";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { isHostSuspended } from "~/services/reviews/host-standing.server";
import { AppError } from "~/utils/app-error";


export interface BookingRequest {
  listingId: number;
  roomTypeId?: number | null;
  roomId?: number | null;
  checkIn: unknown;
  checkOut: unknown;
  adults: unknown;
  children?: unknown;
  infants?: unknown;
  pets?: unknown;
  rooms?: unknown;
}

/** What is being booked, with everything the rules and the price need. */
export interface BookingTarget {
  listingId: number;
  hostId: number;
  title: string;
  propertyType: PropertyType | null;
  city: string | null;
  method: ReservationMethod;
  cancellationPolicy: CancellationPolicy;
  establishment: "hotel" | "guesthouse" | null;
  roomTypeId: number | null;
  guesthouseRoomId: number | null;
  unitName: string | null;
  unitKey: string;
  /** Slots per night: 1, or a room type's quantity. */
  capacity: number;
  maxRooms: number;
  maxGuestsPerRoom: number;
  minNights: number;
  maxNights: number | null;
  petsAllowed: boolean;
  price: number;
  cleaningFee: number;
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
  checkInTime: string | null;
  checkOutTime: string | null;
}

function notFound(): AppError {
  return new AppError(404, "booking:errors.listingNotFound");
}

/** Loads a public listing (and the room type or room asked for) as a booking target. */
export async function loadBookingTarget(request: Pick<BookingRequest, "listingId" | "roomTypeId" | "roomId">): Promise<BookingTarget> {
  if (!Number.isSafeInteger(request.listingId) || request.listingId <= 0) throw notFound();
  const listing = await Listing.findByPk(request.listingId);
  if (!listing) throw notFound();
  if (!(await isPublicListing(request.listingId))) {
    // A suspended host's listing says why it cannot be booked (PRODUCT.md "Reviews and quality").
    // …and so does a listing the team suspended (ADR 170).
    if (listing.moderationState === "suspended" && !listing.deletedAt) throw new AppError(409, "booking:errors.listingSuspended", { code: "listing_suspended" });
    if (listing.status === "visible" && listing.moderationState === "approved" && !listing.deletedAt && (await isHostSuspended(listing.hostId))) {
      throw new AppError(409, "reviews:errors.hostSuspended", { code: "host_suspended" });
    }
    throw notFound();
  }
  const base = {
    listingId: listing.id,
    hostId: listing.hostId,
    title: listing.title ?? "",
    propertyType: listing.propertyType,
    city: listing.city,
    method: (listing.reservationMethod === "request" ? "request" : "direct") as ReservationMethod,
    cancellationPolicy: (listing.cancellationPolicy ?? "closed") as CancellationPolicy,
    minNights: listing.minNights,
    maxNights: listing.maxNights,
    petsAllowed: Boolean(listing.petsAllowed),
    cleaningFee: listing.cleaningFee,
    checkInTime: listing.checkInTime,
    checkOutTime: listing.checkOutTime,
  };

  if (listing.propertyType === "hotel") {
    const hotel = await Hotel.findOne({ where: { listingId: listing.id } });
    const roomType = request.roomTypeId
      ? await HotelRoomType.findOne({ where: { id: request.roomTypeId, hotelId: hotel?.id ?? -1 } })
      : null;
    if (!hotel || !roomType) throw new AppError(404, "booking:errors.roomNotFound");
    return {
      ...base,
      establishment: "hotel",
      roomTypeId: roomType.id,
      guesthouseRoomId: null,
      unitName: roomType.name,
      unitKey: unitKeyFor({ roomTypeId: roomType.id }),
      capacity: roomType.quantity,
      maxRooms: roomType.quantity,
      maxGuestsPerRoom: roomType.maxOccupancy,
      price: roomType.basePrice,
      weeklyDiscountPct: hotel.weeklyDiscountPct,
      monthlyDiscountPct: hotel.monthlyDiscountPct,
      checkInTime: hotel.checkInTime ?? listing.checkInTime,
      checkOutTime: hotel.checkOutTime ?? listing.checkOutTime,
    };
  }
  if (listing.propertyType === "guesthouse") {
    const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id } });
    const room = request.roomId ? await GuesthouseRoom.findOne({ where: { id: request.roomId, guesthouseId: guesthouse?.id ?? -1 } }) : null;
    if (!guesthouse || !room) throw new AppError(404, "booking:errors.roomNotFound");
    return {
      ...base,
      establishment: "guesthouse",
      roomTypeId: null,
      guesthouseRoomId: room.id,
      unitName: `${room.number} · ${room.name}`,
      unitKey: unitKeyFor({ guesthouseRoomId: room.id }),
      capacity: 1,
      maxRooms: 1,
      maxGuestsPerRoom: room.maxGuests,
      price: room.price,
      weeklyDiscountPct: listing.weeklyDiscountPct,
      monthlyDiscountPct: listing.monthlyDiscountPct,
      checkInTime: guesthouse.checkInTime ?? listing.checkInTime,
      checkOutTime: guesthouse.checkOutTime ?? listing.checkOutTime,
    };
  }
  if (request.roomTypeId || request.roomId) throw new AppError(404, "booking:errors.roomNotFound");
  return {
    ...base,
    establishment: null,
    roomTypeId: null,
    guesthouseRoomId: null,
    unitName: null,
    unitKey: unitKeyFor({}),
    capacity: 1,
    maxRooms: 1,
    maxGuestsPerRoom: listing.maxGuests ?? 1,
    price: listing.basePrice ?? 0,
    weeklyDiscountPct: listing.weeklyDiscountPct,
    monthlyDiscountPct: listing.monthlyDiscountPct,
  };
}

/** Stay rules (PRODUCT.md "Stay rules"): every broken rule, per field. */
export function checkStay(target: BookingTarget, request: BookingRequest, now: Date): { stay: ValidStay | null; issues: RuleIssue[] } {
  const validation = validateStay(
    {
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      adults: request.adults,
      children: request.children,
      infants: request.infants,
      pets: request.pets,
      rooms: target.establishment === "hotel" ? request.rooms : 1,
    },
    {
      minNights: target.minNights,
      maxNights: target.maxNights,
      maxGuests: target.maxGuestsPerRoom,
      petsAllowed: target.petsAllowed,
    },
    now,
  );
  if (!validation.ok) return { stay: null, issues: validation.issues };
  if (validation.stay.rooms > target.maxRooms) {
    return { stay: null, issues: [{ field: "rooms", key: "booking:errors.tooManyRooms", values: { count: target.maxRooms } }] };
  }
  return { stay: validation.stay, issues: [] };
}

/** The host's own price for each night of the stay (whole listings only; rooms keep their price). */
async function calendarPrices(target: BookingTarget, stay: ValidStay): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  if (target.establishment) return prices;
  const days = await CalendarDay.findAll({
    where: { listingId: target.listingId, date: { [Op.gte]: stay.checkIn, [Op.lt]: stay.checkOut }, price: { [Op.ne]: null } },
  });
  for (const day of days) prices.set(day.date, day.price!);
  return prices;
}

export async function quoteBooking(target: BookingTarget, stay: ValidStay): Promise<StayQuote> {
  if (target.establishment) {
    return quoteStay(
      roomPricingTerms({
        price: target.price,
        cleaningFee: target.cleaningFee,
        weeklyDiscountPct: target.weeklyDiscountPct,
        monthlyDiscountPct: target.monthlyDiscountPct,
        rooms: stay.rooms,
      }),
      stay,
    );
  }
  return quoteStay(
    listingPricingTerms(
      {
        basePrice: target.price,
        cleaningFee: target.cleaningFee,
        weeklyDiscountPct: target.weeklyDiscountPct,
        monthlyDiscountPct: target.monthlyDiscountPct,
      },
      await calendarPrices(target, stay),
    ),
    stay,
  );
}

/**
 * What availability.ts needs about the stay's window: the unit's holding reservations, the host's
 * blocked dates and the listing's pauses (blocks and pauses close every unit of a listing).
 */
export async function availabilityFacts(
  target: Pick<BookingTarget, "listingId" | "roomTypeId" | "guesthouseRoomId" | "capacity">,
  range: { checkIn: string; checkOut: string },
  transaction?: Transaction,
): Promise<AvailabilityFacts> {
  const [reservations, blocked, pauses, external] = await Promise.all([
    Reservation.findAll({
      attributes: ["checkIn", "checkOut", "status", "rooms"],
      where: {
        listingId: target.listingId,
        roomTypeId: target.roomTypeId,
        guesthouseRoomId: target.guesthouseRoomId,
        status: { [Op.in]: [...HOLDING_STATUSES] },
        checkIn: { [Op.lt]: range.checkOut },
        checkOut: { [Op.gt]: range.checkIn },
      },
      transaction,
    }),
    CalendarDay.findAll({
      attributes: ["date"],
      where: { listingId: target.listingId, blocked: true, date: { [Op.gte]: range.checkIn, [Op.lt]: range.checkOut } },
      transaction,
    }),
    ListingPause.findAll({
      attributes: ["startDate", "endDate"],
      where: { listingId: target.listingId, startDate: { [Op.lt]: range.checkOut }, endDate: { [Op.gt]: range.checkIn } },
      transaction,
    }),
    externalNights(target.listingId, range.checkIn, range.checkOut, transaction),
  ]);
  return {
    reservations: reservations.map((r) => ({ checkIn: r.checkIn, checkOut: r.checkOut, status: r.status, rooms: r.rooms })),
    blockedDates: blocked.map((day) => day.date),
    externalDates: external,
    pauses: pauses.map((pause) => ({ start: pause.startDate, end: pause.endDate })),
    quantity: target.capacity,
  };
}

/** "The selected dates are already booked" (or "Only N rooms are left"), or nothing. */
export async function stayAvailabilityIssues(target: BookingTarget, stay: ValidStay, transaction?: Transaction): Promise<RuleIssue[]> {
  return availabilityIssues(await availabilityFacts(target, stay, transaction), stay, stay.rooms);
}
