// Test data for discovery: public listings (approved, visible) with photos, establishments with
// rooms, and the things that make nights unavailable (held nights, blocks, pauses).
import crypto from "node:crypto";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { User } from "~/db/models/user.server";
import { nightsOf } from "~/domain/stay-dates";
import { forgetSearchCaches } from "~/services/search/search-cache.server";

export async function createUser(overrides: Partial<{ email: string; firstName: string; role: "user" | "operator" }> = {}) {
  const suffix = crypto.randomBytes(4).toString("hex");
  return User.create({
    email: overrides.email ?? `user-${suffix}@test.darna.tn`,
    passwordHash: null,
    firstName: overrides.firstName ?? "Test",
    lastName: `User ${suffix}`,
    birthDate: "1990-01-01",
    gender: null,
    country: "TN",
    phone: null,
    nationality: null,
    role: overrides.role ?? "user",
    language: "en",
    currency: "TND",
    timeZone: "Africa/Tunis",
    emailVerifiedAt: new Date(),
  });
}

type ListingInput = Partial<Parameters<typeof Listing.create>[0]> & {
  amenities?: string[];
  travelTypes?: string[];
  photos?: number;
};

/** An approved, visible listing (an apartment in a unique city unless told otherwise). */
export async function createPublicListing(overrides: ListingInput = {}) {
  const { amenities = ["wifi"], travelTypes = ["relax"], photos = 5, ...fields } = overrides;
  const hostId = fields.hostId ?? (await createUser({ firstName: "Host" })).id;
  const listing = await Listing.create({
    hostId,
    propertyType: "apartment",
    title: `Test stay ${crypto.randomBytes(3).toString("hex")}`,
    descriptionFr: "Un logement de test.",
    descriptionEn: "A test stay.",
    descriptionEs: null,
    maxGuests: 4,
    bedrooms: 2,
    beds: 2,
    bathrooms: 1,
    street: "1 rue du Test",
    additionalAddress: null,
    city: "Testville",
    governorate: "Nabeul",
    delegation: "Hammamet",
    postalCode: "8050",
    latitude: 36.4,
    longitude: 10.6,
    basePrice: 100_000,
    cleaningFee: 20_000,
    minNights: 1,
    maxNights: null,
    weeklyDiscountPct: 0,
    monthlyDiscountPct: 0,
    cancellationPolicy: "flexible",
    reservationMethod: "direct",
    checkInTime: "15:00",
    checkOutTime: "11:00",
    calendarUrlAirbnb: null,
    calendarUrlBooking: null,
    calendarUrlChannelManager: null,
    visibility: "visible",
    status: "visible",
    moderationState: "approved",
    moderationNote: null,
    submittedAt: new Date(),
    approvedAt: new Date(),
    deletedAt: null,
    ...fields,
  });
  if (amenities.length > 0) await ListingAmenity.bulkCreate(amenities.map((amenity) => ({ listingId: listing.id, amenity })));
  if (travelTypes.length > 0) await ListingTravelType.bulkCreate(travelTypes.map((travelType) => ({ listingId: listing.id, travelType })));
  if (photos > 0) {
    await ListingPhoto.bulkCreate(
      Array.from({ length: photos }, (_, position) => ({
        listingId: listing.id,
        roomTypeId: null,
        storageKey: `listings/${listing.id}/photo-${position}`,
        variants: "320,640,1280",
        width: 1280,
        height: 853,
        position,
        isCover: position === 0,
      })),
    );
  }
  forgetSearchCaches();
  return listing;
}

/** A public hotel with room types ({ name, price, occupancy, quantity }). */
export async function createPublicHotel(
  overrides: ListingInput & { roomTypes?: Array<{ name: string; price: number; occupancy: number; quantity: number }> } = {},
) {
  const { roomTypes = [{ name: "Double", price: 150_000, occupancy: 2, quantity: 2 }], ...rest } = overrides;
  const listing = await createPublicListing({ propertyType: "hotel", maxGuests: null, bedrooms: null, basePrice: null, cleaningFee: 0, ...rest });
  const hotel = await Hotel.create({ listingId: listing.id, name: `Hotel ${listing.id}`, stars: 4, totalRooms: 10 } as never);
  const types = [];
  for (const [position, type] of roomTypes.entries()) {
    types.push(
      await HotelRoomType.create({
        hotelId: hotel.id,
        name: type.name,
        description: `${type.name} room`,
        basePrice: type.price,
        sizeM2: 20,
        maxOccupancy: type.occupancy,
        bedConfiguration: "1 double bed",
        quantity: type.quantity,
        position,
      } as never),
    );
  }
  await listing.update({ basePrice: Math.min(...roomTypes.map((type) => type.price)) });
  return { listing, hotel, roomTypes: types };
}

/** A public guesthouse with rooms ({ name, price, maxGuests }). */
export async function createPublicGuesthouse(
  overrides: ListingInput & { rooms?: Array<{ name: string; price: number; maxGuests: number }> } = {},
) {
  const { rooms = [{ name: "Jasmin", price: 90_000, maxGuests: 2 }], ...rest } = overrides;
  const listing = await createPublicListing({ propertyType: "guesthouse", maxGuests: null, bedrooms: null, basePrice: null, cleaningFee: 0, ...rest });
  const guesthouse = await Guesthouse.create({ listingId: listing.id, name: `Dar ${listing.id}`, totalRooms: rooms.length } as never);
  const created = [];
  for (const [index, room] of rooms.entries()) {
    created.push(
      await GuesthouseRoom.create({
        guesthouseId: guesthouse.id,
        number: String(index + 1),
        name: room.name,
        price: room.price,
        maxGuests: room.maxGuests,
        beds: 1,
        showers: 1,
      } as never),
    );
  }
  await listing.update({ basePrice: Math.min(...rooms.map((room) => room.price)) });
  return { listing, guesthouse, rooms: created };
}

/**
 * A holding reservation of [checkIn, checkOut) with its held nights (the lead's contract: one
 * reservation_nights row per night and slot).
 */
export async function holdNights(
  listing: Listing,
  checkIn: string,
  checkOut: string,
  options: { unitKey?: string; slots?: number[]; status?: "pending_payment" | "confirmed" } = {},
) {
  const traveler = await createUser({ firstName: "Traveler" });
  const unitKey = options.unitKey ?? "listing";
  const nights = nightsOf(checkIn, checkOut);
  const reservation = await Reservation.create({
    reference: `T${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
    listingId: listing.id,
    roomTypeId: unitKey.startsWith("room-type:") ? Number(unitKey.split(":")[1]) : null,
    guesthouseRoomId: unitKey.startsWith("room:") ? Number(unitKey.split(":")[1]) : null,
    rooms: options.slots?.length ?? 1,
    travelerId: traveler.id,
    hostId: listing.hostId,
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
    nights: nights.length,
    nightsTotal: 0,
    discount: 0,
    cleaningFee: 0,
    serviceFee: 0,
    total: 0,
    hostCommission: 0,
    hostPayout: 0,
    declineReason: null,
    cancelledBy: null,
    cancelledAt: null,
    confirmedAt: new Date(),
    language: "en",
  });
  const slots = options.slots ?? [0];
  await ReservationNight.bulkCreate(
    nights.flatMap((night) => slots.map((slot) => ({ reservationId: reservation.id, listingId: listing.id, unitKey, night, slot }))),
  );
  forgetSearchCaches();
  return reservation;
}

export async function blockDates(listing: Listing, dates: string[]) {
  await CalendarDay.bulkCreate(dates.map((date) => ({ listingId: listing.id, date, price: null, blocked: true })));
}

export async function priceDates(listing: Listing, prices: Record<string, number>) {
  await CalendarDay.bulkCreate(Object.entries(prices).map(([date, price]) => ({ listingId: listing.id, date, price, blocked: false })));
}

export async function pauseListing(listing: Listing, startDate: string, endDate: string) {
  await ListingPause.create({ listingId: listing.id, startDate, endDate });
}

/** A unique place name, so a test's search only sees the test's own listings. */
export function uniqueCity(prefix = "City"): string {
  return `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
}
