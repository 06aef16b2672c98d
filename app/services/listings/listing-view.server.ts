// A listing as its host, an operator or the public sees it (ListingView), and the host's list of
// listings. The one place that turns a Listing row (with its rooms, photos, pauses) into plain data.
import { Op } from "sequelize";
import { type Guesthouse } from "~/db/models/guesthouse.server";
import { type GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { type Hotel } from "~/db/models/hotel.server";
import { type HotelRoomType } from "~/db/models/hotel-room-type.server";
import { type ListingPhoto } from "~/db/models/listing-photo.server";
import { Listing } from "~/db/models/listing.server";
import {
  isEditableDraft,
  missingSteps,
  resumeStep,
  type ListingFacts,
  type ListingStatus,
  type ModerationState,
  type PropertyType,
  type Visibility,
  type WizardStep,
} from "~/domain/listing";
import { findGovernorate } from "~/domain/tunisia-places";
import { photoView, type PhotoView } from "~/services/photos/photo-set.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { assertOwnerOrOperator, findListing, type Actor } from "~/services/listings/listing-access.server";
import { publicListingWhere } from "~/services/listings/public-listings.server";

export const FULL_INCLUDE = [
  { association: "amenityRows" },
  { association: "travelTypeRows" },
  { association: "photos" },
  { association: "pauses" },
  { association: "hotel", include: [{ association: "roomTypes", include: [{ association: "photos" }] }] },
  { association: "guesthouse", include: [{ association: "rooms" }] },
];

type HotelWithRooms = Hotel & { roomTypes?: Array<HotelRoomType & { photos?: ListingPhoto[] }> };
type GuesthouseWithRooms = Guesthouse & { rooms?: GuesthouseRoom[] };

// ————————————————————————————————————————————————————————————————————————————— loading

async function loadFull(id: number): Promise<Listing> {
  const listing = await Listing.findByPk(id, { include: FULL_INCLUDE });
  if (!listing) throw new AppError(404, "listing:errors.notFound");
  return listing;
}

// ————————————————————————————————————————————————————————————————————————————— views

export interface RoomTypeView {
  id: number;
  name: string;
  description: string | null;
  basePrice: number;
  sizeM2: number | null;
  maxOccupancy: number;
  bedConfiguration: string | null;
  quantity: number;
  features: string[];
  photos: PhotoView[];
}

export interface GuesthouseRoomView {
  id: number;
  number: string;
  name: string;
  price: number;
  maxGuests: number;
  beds: number;
  showers: number;
}

export interface ListingView {
  id: number;
  hostId: number;
  propertyType: PropertyType | null;
  title: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  descriptionEs: string | null;
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  country: string;
  street: string | null;
  additionalAddress: string | null;
  city: string | null;
  governorate: string | null;
  governorateName: string | null;
  delegation: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  amenities: string[];
  travelTypes: string[];
  basePrice: number | null;
  cleaningFee: number;
  minNights: number;
  maxNights: number | null;
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
  cancellationPolicy: string | null;
  reservationMethod: string | null;
  petsAllowed: boolean;
  eventsAllowed: boolean;
  smokingAllowed: boolean;
  checkInTime: string | null;
  checkOutTime: string | null;
  calendarUrlAirbnb: string | null;
  calendarUrlBooking: string | null;
  calendarUrlChannelManager: string | null;
  visibility: Visibility;
  status: ListingStatus;
  moderationState: ModerationState;
  moderationNote: string | null;
  photos: PhotoView[];
  hotel: {
    id: number;
    name: string;
    stars: number | null;
    category: string | null;
    totalRooms: number;
    descriptionFr: string | null;
    descriptionEn: string | null;
    descriptionEs: string | null;
    checkInTime: string | null;
    checkOutTime: string | null;
    roomTypes: RoomTypeView[];
  } | null;
  guesthouse: {
    id: number;
    name: string;
    totalRooms: number;
    descriptionFr: string | null;
    descriptionEn: string | null;
    descriptionEs: string | null;
    checkInTime: string | null;
    checkOutTime: string | null;
    rooms: GuesthouseRoomView[];
  } | null;
  pauses: Array<{ id: number; startDate: string; endDate: string }>;
  savedSteps: string[];
  missingSteps: WizardStep[];
  /** Where the host continues the wizard (null once the listing left the draft states). */
  nextStep: WizardStep | null;
  submittedAt: string | null;
  createdAt: string;
}

const byPosition = (a: ListingPhoto, b: ListingPhoto) => a.position - b.position || a.id - b.id;

export function factsOf(listing: Listing): ListingFacts {
  const hotel = listing.hotel as HotelWithRooms | null | undefined;
  const guesthouse = listing.guesthouse as GuesthouseWithRooms | null | undefined;
  return {
    propertyType: listing.propertyType,
    street: listing.street,
    city: listing.city,
    governorate: listing.governorate,
    delegation: listing.delegation,
    postalCode: listing.postalCode,
    latitude: listing.latitude,
    longitude: listing.longitude,
    maxGuests: listing.maxGuests,
    bedrooms: listing.bedrooms,
    beds: listing.beds,
    bathrooms: listing.bathrooms,
    title: listing.title,
    descriptionFr: listing.descriptionFr,
    descriptionEn: listing.descriptionEn,
    descriptionEs: listing.descriptionEs,
    amenities: (listing.amenityRows ?? []).map((row) => row.amenity),
    travelTypes: (listing.travelTypeRows ?? []).map((row) => row.travelType),
    basePrice: listing.basePrice,
    minNights: listing.minNights,
    maxNights: listing.maxNights,
    weeklyDiscountPct: listing.weeklyDiscountPct,
    monthlyDiscountPct: listing.monthlyDiscountPct,
    cancellationPolicy: listing.cancellationPolicy,
    reservationMethod: listing.reservationMethod,
    checkInTime: listing.checkInTime,
    checkOutTime: listing.checkOutTime,
    calendarLinks: [listing.calendarUrlAirbnb, listing.calendarUrlBooking, listing.calendarUrlChannelManager],
    photoCount: (listing.photos ?? []).filter((photo) => photo.roomTypeId === null).length,
    savedSteps: listing.savedSteps,
    hotel: hotel ? { name: hotel.name, totalRooms: hotel.totalRooms } : null,
    roomTypeCount: hotel?.roomTypes?.length ?? 0,
    guesthouse: guesthouse ? { name: guesthouse.name, totalRooms: guesthouse.totalRooms } : null,
    roomCount: guesthouse?.rooms?.length ?? 0,
  };
}

export function toView(listing: Listing): ListingView {
  const facts = factsOf(listing);
  const hotel = listing.hotel as HotelWithRooms | null | undefined;
  const guesthouse = listing.guesthouse as GuesthouseWithRooms | null | undefined;
  const missing = missingSteps(facts);
  return {
    id: listing.id,
    hostId: listing.hostId,
    propertyType: listing.propertyType,
    title: listing.title,
    descriptionFr: listing.descriptionFr,
    descriptionEn: listing.descriptionEn,
    descriptionEs: listing.descriptionEs,
    maxGuests: listing.maxGuests,
    bedrooms: listing.bedrooms,
    beds: listing.beds,
    bathrooms: listing.bathrooms,
    country: listing.country,
    street: listing.street,
    additionalAddress: listing.additionalAddress,
    city: listing.city,
    governorate: listing.governorate,
    governorateName: findGovernorate(listing.governorate)?.name ?? null,
    delegation: listing.delegation,
    postalCode: listing.postalCode,
    latitude: listing.latitude,
    longitude: listing.longitude,
    amenities: facts.amenities.sort(),
    travelTypes: facts.travelTypes.sort(),
    basePrice: listing.basePrice,
    cleaningFee: listing.cleaningFee,
    minNights: listing.minNights,
    maxNights: listing.maxNights,
    weeklyDiscountPct: listing.weeklyDiscountPct,
    monthlyDiscountPct: listing.monthlyDiscountPct,
    cancellationPolicy: listing.cancellationPolicy,
    reservationMethod: listing.reservationMethod,
    petsAllowed: Boolean(listing.petsAllowed),
    eventsAllowed: Boolean(listing.eventsAllowed),
    smokingAllowed: Boolean(listing.smokingAllowed),
    checkInTime: listing.checkInTime,
    checkOutTime: listing.checkOutTime,
    calendarUrlAirbnb: listing.calendarUrlAirbnb,
    calendarUrlBooking: listing.calendarUrlBooking,
    calendarUrlChannelManager: listing.calendarUrlChannelManager,
    visibility: listing.visibility,
    status: listing.status,
    moderationState: listing.moderationState,
    moderationNote: listing.moderationNote,
    photos: (listing.photos ?? []).filter((photo) => photo.roomTypeId === null).sort(byPosition).map((photo) => photoView(photo)),
    hotel: hotel
      ? {
          id: hotel.id,
          name: hotel.name,
          stars: hotel.stars,
          category: hotel.category,
          totalRooms: hotel.totalRooms,
          descriptionFr: hotel.descriptionFr,
          descriptionEn: hotel.descriptionEn,
          descriptionEs: hotel.descriptionEs,
          checkInTime: hotel.checkInTime,
          checkOutTime: hotel.checkOutTime,
          roomTypes: (hotel.roomTypes ?? [])
            .sort((a, b) => a.position - b.position || a.id - b.id)
            .map((roomType) => ({
              id: roomType.id,
              name: roomType.name,
              description: roomType.description,
              basePrice: roomType.basePrice,
              sizeM2: roomType.sizeM2,
              maxOccupancy: roomType.maxOccupancy,
              bedConfiguration: roomType.bedConfiguration,
              quantity: roomType.quantity,
              features: roomType.features,
              photos: (roomType.photos ?? []).sort(byPosition).map((photo) => photoView(photo)),
            })),
        }
      : null,
    guesthouse: guesthouse
      ? {
          id: guesthouse.id,
          name: guesthouse.name,
          totalRooms: guesthouse.totalRooms,
          descriptionFr: guesthouse.descriptionFr,
          descriptionEn: guesthouse.descriptionEn,
          descriptionEs: guesthouse.descriptionEs,
          checkInTime: guesthouse.checkInTime,
          checkOutTime: guesthouse.checkOutTime,
          rooms: (guesthouse.rooms ?? [])
            .sort((a, b) => a.number.localeCompare(b.number, "en", { numeric: true }))
            .map((room) => ({
              id: room.id,
              number: room.number,
              name: room.name,
              price: room.price,
              maxGuests: room.maxGuests,
              beds: room.beds,
              showers: room.showers,
            })),
        }
      : null,
    pauses: (listing.pauses ?? [])
      .map((pause) => ({ id: pause.id, startDate: pause.startDate, endDate: pause.endDate }))
      .sort((a, b) => a.startDate.localeCompare(b.startDate)),
    savedSteps: listing.savedSteps,
    missingSteps: missing,
    nextStep: isEditableDraft(listing.moderationState) ? resumeStep(facts) : null,
    submittedAt: listing.submittedAt ? listing.submittedAt.toISOString() : null,
    createdAt: listing.createdAt.toISOString(),
  };
}

/** A listing as its host (or an operator) sees it for editing. */
export async function getListingForHost(actor: Actor, id: number): Promise<ListingView> {
  const listing = await findListing(id);
  assertOwnerOrOperator(listing, actor);
  return toView(await loadFull(id));
}

/** A listing anyone may see (approved, visible, not deleted), else 404. */
export async function getPublicListing(id: number): Promise<ListingView> {
  const listing = Number.isSafeInteger(id) ? await Listing.findOne({ where: { id, ...publicListingWhere() } }) : null;
  if (!listing) throw new AppError(404, "listing:errors.notFound");
  return toView(await loadFull(id));
}

export interface ListingSummary {
  id: number;
  title: string | null;
  propertyType: PropertyType | null;
  city: string | null;
  status: ListingStatus;
  moderationState: ModerationState;
  visibility: Visibility;
  moderationNote: string | null;
  nextStep: WizardStep | null;
  missingSteps: WizardStep[];
  coverUrl: string | null;
  basePrice: number | null;
  updatedAt: string;
}

/** The host's listings (not deleted), newest first, each with its status and next step. */
export async function listHostListings(hostId: number): Promise<ListingSummary[]> {
  const listings = await Listing.findAll({
    where: { hostId, status: { [Op.ne]: "deleted" } },
    include: FULL_INCLUDE,
    order: [["updatedAt", "DESC"], ["id", "DESC"]],
  });
  return listings.map((listing) => {
    const view = toView(listing);
    const cover = view.photos.find((photo) => photo.isCover) ?? view.photos[0];
    return {
      id: view.id,
      title: view.title,
      propertyType: view.propertyType,
      city: view.city,
      status: view.status,
      moderationState: view.moderationState,
      visibility: view.visibility,
      moderationNote: view.moderationNote,
      nextStep: view.nextStep,
      missingSteps: view.missingSteps,
      coverUrl: cover?.url ?? null,
      basePrice: view.basePrice,
      updatedAt: listing.updatedAt.toISOString(),
    };
  });
}
