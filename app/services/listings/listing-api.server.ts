// The /api/v1 shape of a host's listings (declared in app/schemas/listings-api.ts, documented by
// app/openapi/listings.ts).
import type { HostListingList } from "~/schemas/listings-api";
import { getListingForHost, listHostListings, type ListingView } from "~/services/listings/listing-view.server";
import { type Actor } from "~/services/listings/listing-access.server";

export function apiListing(view: ListingView) {
  return {
    id: view.id,
    title: view.title,
    propertyType: view.propertyType,
    descriptions: { fr: view.descriptionFr, en: view.descriptionEn, es: view.descriptionEs },
    capacity: { maxGuests: view.maxGuests, bedrooms: view.bedrooms, beds: view.beds, bathrooms: view.bathrooms },
    address: {
      country: view.country,
      street: view.street,
      additionalAddress: view.additionalAddress,
      city: view.city,
      governorate: view.governorateName,
      governorateCode: view.governorate,
      delegation: view.delegation,
      postalCode: view.postalCode,
      latitude: view.latitude,
      longitude: view.longitude,
    },
    amenities: view.amenities,
    travelTypes: view.travelTypes,
    prices: {
      currency: "TND" as const,
      basePrice: view.basePrice,
      cleaningFee: view.cleaningFee,
      weeklyDiscountPct: view.weeklyDiscountPct,
      monthlyDiscountPct: view.monthlyDiscountPct,
      minNights: view.minNights,
      maxNights: view.maxNights,
    },
    cancellationPolicy: view.cancellationPolicy,
    reservationMethod: view.reservationMethod,
    houseRules: {
      petsAllowed: view.petsAllowed,
      eventsAllowed: view.eventsAllowed,
      smokingAllowed: view.smokingAllowed,
      checkInTime: view.checkInTime,
      checkOutTime: view.checkOutTime,
    },
    calendarLinks: { airbnb: view.calendarUrlAirbnb, booking: view.calendarUrlBooking, channelManager: view.calendarUrlChannelManager },
    status: view.status,
    moderationState: view.moderationState,
    moderationNote: view.moderationNote,
    visibility: view.visibility,
    photos: view.photos.map((photo) => ({ id: photo.id, url: photo.url, srcSet: photo.srcSet, width: photo.width, height: photo.height, isCover: photo.isCover, position: photo.position })),
    hotel: view.hotel
      ? {
          name: view.hotel.name,
          stars: view.hotel.stars,
          category: view.hotel.category,
          totalRooms: view.hotel.totalRooms,
          roomTypes: view.hotel.roomTypes.map((roomType) => ({
            id: roomType.id,
            name: roomType.name,
            description: roomType.description,
            basePrice: roomType.basePrice,
            sizeM2: roomType.sizeM2,
            maxOccupancy: roomType.maxOccupancy,
            bedConfiguration: roomType.bedConfiguration,
            quantity: roomType.quantity,
            features: roomType.features,
            photos: roomType.photos.map((photo) => ({ id: photo.id, url: photo.url, isCover: photo.isCover })),
          })),
        }
      : null,
    guesthouse: view.guesthouse
      ? {
          name: view.guesthouse.name,
          totalRooms: view.guesthouse.totalRooms,
          rooms: view.guesthouse.rooms.map((room) => ({ ...room })),
        }
      : null,
    pauses: view.pauses.map((pause) => ({ id: pause.id, startDate: pause.startDate, endDate: pause.endDate })),
    missingSteps: view.missingSteps,
    nextStep: view.nextStep,
    submittedAt: view.submittedAt,
    createdAt: view.createdAt,
  };
}

/** The bearer's own listings (not deleted), newest first. */
export async function apiHostListings(actor: Actor): Promise<Omit<HostListingList, "page" | "pageSize" | "total">> {
  const listings = await listHostListings(actor.id);
  return {
    listings: listings.map((listing) => ({
      id: listing.id,
      title: listing.title,
      propertyType: listing.propertyType,
      city: listing.city,
      status: listing.status,
      moderationState: listing.moderationState,
      visibility: listing.visibility,
      moderationNote: listing.moderationNote,
      nextStep: listing.nextStep,
      basePrice: listing.basePrice,
      currency: "TND" as const,
      coverUrl: listing.coverUrl,
      updatedAt: listing.updatedAt,
    })),
  };
}

/** One listing of the bearer (403 another host's, 404 unknown or deleted). */
export async function apiHostListing(actor: Actor, id: number) {
  return { listing: apiListing(await getListingForHost(actor, id)) };
}
