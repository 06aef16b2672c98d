// Test data for booking: public (approved, visible) listings of every kind, ready to book.
import crypto from "node:crypto";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import type { CancellationPolicy, PropertyType, ReservationMethod } from "~/domain/listing";
import { dateInTunis } from "~/domain/stay-dates";

export async function createBookingUser(overrides: Partial<{ role: "user" | "support" | "operator"; verified: boolean; language: string }> = {}) {
  const suffix = crypto.randomBytes(5).toString("hex");
  return User.create({
    email: `booking-${suffix}@test.darna.tn`,
    passwordHash: null,
    firstName: "Test",
    lastName: `Booker ${suffix}`,
    birthDate: "1990-01-01",
    gender: null,
    country: "TN",
    phone: "+21620000000",
    nationality: null,
    role: overrides.role ?? "user",
    language: overrides.language ?? "en",
    currency: "TND",
    timeZone: "Africa/Tunis",
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
}

export interface PublicListingOptions {
  hostId?: number;
  propertyType?: PropertyType;
  reservationMethod?: ReservationMethod;
  cancellationPolicy?: CancellationPolicy;
  basePrice?: number;
  cleaningFee?: number;
  minNights?: number;
  maxGuests?: number;
  petsAllowed?: boolean;
}

export async function createPublicListing(options: PublicListingOptions = {}) {
  const hostId = options.hostId ?? (await createBookingUser()).id;
  return Listing.create({
    hostId,
    propertyType: options.propertyType ?? "apartment",
    title: `Test stay ${crypto.randomBytes(3).toString("hex")}`,
    descriptionFr: "Un logement de test.",
    descriptionEn: "A test stay.",
    descriptionEs: null,
    maxGuests: options.maxGuests ?? 4,
    bedrooms: 2,
    beds: 2,
    bathrooms: 1,
    street: "5 rue de Marseille",
    additionalAddress: null,
    city: "Tunis",
    governorate: "Tunis",
    delegation: "Bab Bhar",
    postalCode: "1000",
    latitude: 36.8,
    longitude: 10.18,
    basePrice: options.basePrice ?? 100_000,
    cleaningFee: options.cleaningFee ?? 20_000,
    minNights: options.minNights ?? 1,
    maxNights: null,
    cancellationPolicy: options.cancellationPolicy ?? "flexible",
    reservationMethod: options.reservationMethod ?? "direct",
    petsAllowed: options.petsAllowed ?? false,
    checkInTime: "14:00",
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
  });
}

export async function createPublicHotel(options: PublicListingOptions & { quantity?: number; roomPrice?: number } = {}) {
  const listing = await createPublicListing({ ...options, propertyType: "hotel" });
  const hotel = await Hotel.create({
    listingId: listing.id,
    name: "Hôtel de test",
    stars: 4,
    category: null,
    totalRooms: options.quantity ?? 3,
    descriptionFr: null,
    descriptionEn: null,
    descriptionEs: null,
    checkInTime: "14:00",
    checkOutTime: "12:00",
  });
  const roomType = await HotelRoomType.create({
    hotelId: hotel.id,
    name: "Double",
    description: null,
    basePrice: options.roomPrice ?? 150_000,
    sizeM2: 20,
    maxOccupancy: 2,
    bedConfiguration: "1 double",
    quantity: options.quantity ?? 3,
  });
  return { listing, hotel, roomType };
}

export async function createPublicGuesthouse(options: PublicListingOptions = {}) {
  const listing = await createPublicListing({ ...options, propertyType: "guesthouse" });
  const guesthouse = await Guesthouse.create({
    listingId: listing.id,
    name: "Dar de test",
    totalRooms: 2,
    descriptionFr: null,
    descriptionEn: null,
    descriptionEs: null,
    checkInTime: "15:00",
    checkOutTime: "11:00",
  });
  const room = await GuesthouseRoom.create({ guesthouseId: guesthouse.id, number: "1", name: "Jasmin", price: 90_000, maxGuests: 2, beds: 1 });
  return { listing, guesthouse, room };
}

/** A stay `offset` days after `now`'s date, `nights` long. */
export function stayFrom(now: Date, offset: number, nights: number) {
  // Stay dates are Tunis calendar dates, like the app's "today" (UTC is a day behind from 23:00).
  const day = (n: number) => dateInTunis(new Date(now.getTime() + n * 86_400_000));
  return { checkIn: day(offset), checkOut: day(offset + nights) };
}
