// Listings: drafts saved step by step, submission, moderation, visibility, pauses, soft delete.
// Routes call these with the signed-in actor; every function checks who may do what and throws
// AppError (403 not yours, 404 unknown or deleted, 409 not in a state that allows it).
import { Op, type InferCreationAttributes, type Transaction } from "sequelize";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { Listing, PUBLIC_LISTING_WHERE } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import {
  isEditableDraft,
  isEstablishmentType,
  listingStatus,
  missingSteps,
  moderationTransition,
  resumeStep,
  type ListingFacts,
  type ListingStatus,
  type ModerationAction,
  type ModerationState,
  type PropertyType,
  type Visibility,
  type WizardStep,
} from "~/domain/listing";
import { findDelegation, findGovernorate } from "~/domain/tunisia-places";
import type {
  AddressInput,
  AmenitiesInput,
  CalendarLinksInput,
  CancellationInput,
  DescriptionInput,
  DiscountsInput,
  GuesthouseInfoInput,
  GuesthouseRoomInput,
  HotelInfoInput,
  HouseRulesInput,
  ModerationInput,
  PauseInput,
  PricesInput,
  PropertyTypeInput,
  RoomTypeInput,
  TravelTypesInput,
} from "~/schemas/listing-wizard";
import { trackEvent } from "~/services/analytics/analytics.server";
import { notifyHostOfModeration } from "~/services/listings/listing-emails.server";
import { photoView, removeStoredPhotoFiles, type PhotoView } from "~/services/photos/listing-photos.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";
import { assertOwnerOrOperator, findListing, loadEditableListing, type Actor } from "~/services/listings/listing-access.server";

export type { Actor };

const FULL_INCLUDE = [
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

function factsOf(listing: Listing): ListingFacts {
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

function toView(listing: Listing): ListingView {
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
  const listing = Number.isSafeInteger(id) ? await Listing.findOne({ where: { id, ...PUBLIC_LISTING_WHERE } }) : null;
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

// ————————————————————————————————————————————————————————————————————————————— saving steps

function markSaved(listing: Listing, step: WizardStep) {
  if (!listing.savedSteps.includes(step)) listing.savedSteps = [...listing.savedSteps, step];
}

/**
 * The address step. Without `listingId` it starts a new draft for the actor (the first step of
 * the wizard). Without a map position (no JavaScript, so no pin) the saved position stays while
 * the delegation is unchanged (a pin dragged earlier is kept); otherwise the delegation's
 * coordinates are used.
 */
export async function saveAddress(actor: Actor, listingId: number | null, input: AddressInput): Promise<number> {
  const governorate = findGovernorate(input.governorate);
  const delegation = findDelegation(input.governorate, input.delegation);
  if (!governorate || !delegation) {
    throw new AppError(400, "listing:errors.delegationNotInGovernorate", { fields: { delegation: "listing:errors.delegationNotInGovernorate" } });
  }
  const values = {
    country: "TN",
    governorate: governorate.code,
    delegation: delegation.name,
    city: input.city,
    street: input.street,
    additionalAddress: input.additionalAddress || null,
    postalCode: input.postalCode ?? delegation.postalCode,
  };
  const sent = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : null;
  const delegationPosition = { latitude: delegation.lat, longitude: delegation.lng };
  if (listingId === null) {
    const listing = Listing.build({ hostId: actor.id, ...values, ...(sent ?? delegationPosition) } as InferCreationAttributes<Listing>);
    markSaved(listing, "address");
    await listing.save();
    return listing.id;
  }
  const listing = await loadEditableListing(actor, listingId);
  const samePlace = listing.governorate === values.governorate && listing.delegation === values.delegation;
  const saved = samePlace && listing.latitude !== null && listing.longitude !== null ? { latitude: listing.latitude, longitude: listing.longitude } : null;
  listing.set({ ...values, ...(sent ?? saved ?? delegationPosition) });
  markSaved(listing, "address");
  await listing.save();
  return listing.id;
}

export async function savePropertyType(actor: Actor, listingId: number, input: PropertyTypeInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const previous = listing.propertyType;
    listing.propertyType = input.propertyType;
    if (!isEstablishmentType(input.propertyType)) {
      listing.set({ maxGuests: input.maxGuests!, bedrooms: input.bedrooms!, beds: input.beds!, bathrooms: input.bathrooms! });
    }
    // A listing that stops being a hotel or guesthouse loses its establishment and rooms.
    if (previous === "hotel" && input.propertyType !== "hotel") {
      await Hotel.destroy({ where: { listingId }, transaction });
      listing.savedSteps = listing.savedSteps.filter((step) => step !== "hotel-info" && step !== "room-types");
    }
    if (previous === "guesthouse" && input.propertyType !== "guesthouse") {
      await Guesthouse.destroy({ where: { listingId }, transaction });
      listing.savedSteps = listing.savedSteps.filter((step) => step !== "guesthouse-info" && step !== "rooms");
    }
    markSaved(listing, "property-type");
    await listing.save({ transaction });
  });
}

export async function saveDescription(actor: Actor, listingId: number, input: DescriptionInput): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  listing.set({
    title: input.title,
    descriptionFr: input.descriptionFr || null,
    descriptionEn: input.descriptionEn || null,
    descriptionEs: input.descriptionEs || null,
  });
  markSaved(listing, "description");
  await listing.save();
}

export async function saveAmenities(actor: Actor, listingId: number, input: AmenitiesInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    await ListingAmenity.destroy({ where: { listingId }, transaction });
    await ListingAmenity.bulkCreate(
      [...new Set(input.amenities)].map((amenity) => ({ listingId, amenity })),
      { transaction },
    );
    markSaved(listing, "amenities");
    listing.changed("updatedAt", true);
    await listing.save({ transaction });
  });
}

export async function saveTravelTypes(actor: Actor, listingId: number, input: TravelTypesInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    await ListingTravelType.destroy({ where: { listingId }, transaction });
    await ListingTravelType.bulkCreate(
      [...new Set(input.travelTypes)].map((travelType) => ({ listingId, travelType })),
      { transaction },
    );
    markSaved(listing, "travel-types");
    listing.changed("updatedAt", true);
    await listing.save({ transaction });
  });
}

export async function savePrices(actor: Actor, listingId: number, input: PricesInput): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  listing.set({
    cleaningFee: input.cleaningFee ?? 0,
    minNights: input.minNights,
    maxNights: input.maxNights ?? null,
  });
  // Hotels and guesthouses take their base price from their rooms.
  if (!isEstablishmentType(listing.propertyType)) listing.basePrice = input.basePrice ?? null;
  markSaved(listing, "prices");
  await listing.save();
}

export async function saveDiscounts(actor: Actor, listingId: number, input: DiscountsInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    listing.set({ weeklyDiscountPct: input.weeklyDiscountPct, monthlyDiscountPct: input.monthlyDiscountPct });
    await Hotel.update(
      { weeklyDiscountPct: input.weeklyDiscountPct, monthlyDiscountPct: input.monthlyDiscountPct },
      { where: { listingId }, transaction },
    );
    markSaved(listing, "discounts");
    await listing.save({ transaction });
  });
}

export async function saveCancellation(actor: Actor, listingId: number, input: CancellationInput): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  listing.set({ cancellationPolicy: input.cancellationPolicy, reservationMethod: input.reservationMethod });
  markSaved(listing, "cancellation");
  await listing.save();
}

export async function saveHouseRules(actor: Actor, listingId: number, input: HouseRulesInput): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  listing.set({
    petsAllowed: input.petsAllowed,
    eventsAllowed: input.eventsAllowed,
    smokingAllowed: input.smokingAllowed,
    checkInTime: input.checkInTime,
    checkOutTime: input.checkOutTime,
  });
  markSaved(listing, "house-rules");
  await listing.save();
}

export async function saveCalendarLinks(actor: Actor, listingId: number, input: CalendarLinksInput): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  listing.set({
    calendarUrlAirbnb: input.calendarUrlAirbnb || null,
    calendarUrlBooking: input.calendarUrlBooking || null,
    calendarUrlChannelManager: input.calendarUrlChannelManager || null,
  });
  markSaved(listing, "calendar-links");
  await listing.save();
}

// ————————————————————————————————————————————————————————————————————————————— establishments

function assertType(listing: Listing, type: "hotel" | "guesthouse") {
  if (listing.propertyType !== type) throw new AppError(409, "listing:errors.wrongType");
}

/** Keeps a hotel's or guesthouse's "from" price and capacity in step with its rooms. */
async function refreshEstablishmentSummary(listing: Listing, transaction: Transaction): Promise<void> {
  if (listing.propertyType === "hotel") {
    const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
    const roomTypes = hotel ? await HotelRoomType.findAll({ where: { hotelId: hotel.id }, transaction }) : [];
    listing.basePrice = roomTypes.length ? Math.min(...roomTypes.map((r) => r.basePrice)) : null;
    listing.maxGuests = roomTypes.length ? Math.max(...roomTypes.map((r) => r.maxOccupancy)) : null;
    listing.bedrooms = hotel?.totalRooms ?? null;
  } else if (listing.propertyType === "guesthouse") {
    const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id }, transaction });
    const rooms = guesthouse ? await GuesthouseRoom.findAll({ where: { guesthouseId: guesthouse.id }, transaction }) : [];
    listing.basePrice = rooms.length ? Math.min(...rooms.map((r) => r.price)) : null;
    listing.maxGuests = rooms.length ? Math.max(...rooms.map((r) => r.maxGuests)) : null;
    listing.bedrooms = guesthouse?.totalRooms ?? null;
    listing.beds = rooms.length ? rooms.reduce((sum, r) => sum + r.beds, 0) : null;
  }
}

export async function saveHotelInfo(actor: Actor, listingId: number, input: HotelInfoInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "hotel");
    const values = {
      name: input.name,
      stars: input.stars ?? null,
      category: input.category || null,
      totalRooms: input.totalRooms,
      descriptionFr: input.descriptionFr || null,
      descriptionEn: input.descriptionEn || null,
      descriptionEs: input.descriptionEs || null,
      checkInTime: input.checkInTime,
      checkOutTime: input.checkOutTime,
    };
    const hotel = await Hotel.findOne({ where: { listingId }, transaction });
    if (hotel) await hotel.update(values, { transaction });
    else {
      await Hotel.create(
        { listingId, ...values, weeklyDiscountPct: listing.weeklyDiscountPct, monthlyDiscountPct: listing.monthlyDiscountPct },
        { transaction },
      );
    }
    // The hotel's times are the listing's times; its name is the listing's title until one is written.
    listing.set({ checkInTime: input.checkInTime, checkOutTime: input.checkOutTime, title: listing.title ?? input.name });
    markSaved(listing, "hotel-info");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

async function hotelOf(listing: Listing, transaction: Transaction): Promise<Hotel> {
  const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
  if (!hotel) throw new AppError(409, "listing:errors.hotelInfoFirst");
  return hotel;
}

function roomTypeValues(input: RoomTypeInput) {
  return {
    name: input.name,
    description: input.description || null,
    basePrice: input.basePrice,
    sizeM2: input.sizeM2 ?? null,
    maxOccupancy: input.maxOccupancy,
    bedConfiguration: input.bedConfiguration || null,
    quantity: input.quantity,
    features: input.features,
  };
}

export async function addRoomType(actor: Actor, listingId: number, input: RoomTypeInput): Promise<number> {
  return writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "hotel");
    const hotel = await hotelOf(listing, transaction);
    const position = await HotelRoomType.count({ where: { hotelId: hotel.id }, transaction });
    const roomType = await HotelRoomType.create({ hotelId: hotel.id, ...roomTypeValues(input), position }, { transaction });
    markSaved(listing, "room-types");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return roomType.id;
  });
}

async function findRoomType(hotel: Hotel, roomTypeId: number, transaction: Transaction): Promise<HotelRoomType> {
  const roomType = await HotelRoomType.findOne({ where: { id: roomTypeId, hotelId: hotel.id }, transaction });
  if (!roomType) throw new AppError(404, "listing:errors.notFound");
  return roomType;
}

export async function updateRoomType(actor: Actor, listingId: number, roomTypeId: number, input: RoomTypeInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const roomType = await findRoomType(await hotelOf(listing, transaction), roomTypeId, transaction);
    await roomType.update(roomTypeValues(input), { transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

/** Deletes a room type, its photos' rows and their files. */
export async function deleteRoomType(actor: Actor, listingId: number, roomTypeId: number): Promise<void> {
  const photos = await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const roomType = await findRoomType(await hotelOf(listing, transaction), roomTypeId, transaction);
    const photos = await ListingPhoto.findAll({ where: { roomTypeId }, transaction });
    await roomType.destroy({ transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return photos;
  });
  await removeStoredPhotoFiles(photos);
}

export async function saveGuesthouseInfo(actor: Actor, listingId: number, input: GuesthouseInfoInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "guesthouse");
    const values = {
      name: input.name,
      totalRooms: input.totalRooms,
      descriptionFr: input.descriptionFr || null,
      descriptionEn: input.descriptionEn || null,
      descriptionEs: input.descriptionEs || null,
      checkInTime: input.checkInTime,
      checkOutTime: input.checkOutTime,
    };
    const guesthouse = await Guesthouse.findOne({ where: { listingId }, transaction });
    if (guesthouse) await guesthouse.update(values, { transaction });
    else await Guesthouse.create({ listingId, ...values }, { transaction });
    listing.set({ checkInTime: input.checkInTime, checkOutTime: input.checkOutTime, title: listing.title ?? input.name });
    markSaved(listing, "guesthouse-info");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

async function guesthouseOf(listing: Listing, transaction: Transaction): Promise<Guesthouse> {
  const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id }, transaction });
  if (!guesthouse) throw new AppError(409, "listing:errors.guesthouseInfoFirst");
  return guesthouse;
}

async function assertRoomNumberFree(guesthouseId: number, number: string, exceptId: number | null, transaction: Transaction) {
  const clash = await GuesthouseRoom.findOne({ where: { guesthouseId, number }, transaction });
  if (clash && clash.id !== exceptId) {
    throw new AppError(409, "listing:errors.roomNumberTaken", { fields: { number: "listing:errors.roomNumberTaken" } });
  }
}

export async function addGuesthouseRoom(actor: Actor, listingId: number, input: GuesthouseRoomInput): Promise<number> {
  return writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "guesthouse");
    const guesthouse = await guesthouseOf(listing, transaction);
    await assertRoomNumberFree(guesthouse.id, input.number, null, transaction);
    const room = await GuesthouseRoom.create({ guesthouseId: guesthouse.id, ...input }, { transaction });
    markSaved(listing, "rooms");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return room.id;
  });
}

export async function updateGuesthouseRoom(actor: Actor, listingId: number, roomId: number, input: GuesthouseRoomInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const guesthouse = await guesthouseOf(listing, transaction);
    const room = await GuesthouseRoom.findOne({ where: { id: roomId, guesthouseId: guesthouse.id }, transaction });
    if (!room) throw new AppError(404, "listing:errors.notFound");
    await assertRoomNumberFree(guesthouse.id, input.number, room.id, transaction);
    await room.update(input, { transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

export async function deleteGuesthouseRoom(actor: Actor, listingId: number, roomId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const guesthouse = await guesthouseOf(listing, transaction);
    const deleted = await GuesthouseRoom.destroy({ where: { id: roomId, guesthouseId: guesthouse.id }, transaction });
    if (!deleted) throw new AppError(404, "listing:errors.notFound");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

/** Marks a step as visited when it holds no data of its own to save (verification). */
export async function markStepSaved(actor: Actor, listingId: number, step: WizardStep): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  markSaved(listing, step);
  await listing.save();
}

// ————————————————————————————————————————————————————————————————————————————— submission & moderation

async function recordModeration(
  listing: Listing,
  actor: Actor,
  action: ModerationAction,
  note: string | null,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const to = moderationTransition(listing.moderationState, action);
  if (!to) throw new AppError(409, "listing:errors.transitionNotAllowed");
  await ListingModerationEvent.create(
    { listingId: listing.id, actorId: actor.id, action, fromState: listing.moderationState, toState: to, note, createdAt: now },
    { transaction },
  );
  listing.moderationState = to;
  listing.status = listingStatus(to, listing.deletedAt !== null);
}

/** The host sends a complete draft (or a corrected listing) for review. */
export async function submitListing(actor: Actor, listingId: number, now: Date = new Date()): Promise<void> {
  const { firstSubmission, propertyType } = await writeTransaction(async (transaction) => {
    const listing = await findListing(listingId, transaction);
    if (listing.hostId !== actor.id) throw new AppError(403, "listing:errors.forbidden");
    const full = await Listing.findByPk(listingId, { include: FULL_INCLUDE, transaction });
    const missing = missingSteps(factsOf(full!));
    if (missing.length > 0) {
      throw new AppError(422, "listing:errors.incomplete", { values: { steps: missing.join(", ") }, code: "incomplete" });
    }
    const firstSubmission = listing.submittedAt === null;
    await recordModeration(listing, actor, "submit", null, now, transaction);
    listing.submittedAt = now;
    markSaved(listing, "verification");
    await listing.save({ transaction });
    return { firstSubmission, propertyType: listing.propertyType };
  });
  if (firstSubmission) {
    await trackEvent(isEstablishmentType(propertyType) ? "Created Establishment" : "Created Property", {
      userId: actor.id,
      properties: { listingId, propertyType },
    });
  }
}

/** An operator approves, asks for corrections (notes) or rejects (reason) a listing under review. */
export async function moderateListing(
  actor: Actor,
  listingId: number,
  decision: ModerationInput,
  options: { now?: Date; baseUrl?: string } = {},
): Promise<void> {
  if (actor.role !== "operator") throw new AppError(403, "listing:errors.forbidden");
  const now = options.now ?? new Date();
  const listing = await writeTransaction(async (transaction) => {
    const listing = await findListing(listingId, transaction);
    const note = decision.note?.trim() || null;
    if (decision.intent !== "approve" && !note) {
      throw new AppError(400, "listing:errors.required", { fields: { note: "listing:errors.required" } });
    }
    await recordModeration(listing, actor, decision.intent, note, now, transaction);
    listing.moderationNote = note;
    if (decision.intent === "approve") listing.approvedAt = now;
    await listing.save({ transaction });
    return listing;
  });
  const host = await User.findByPk(listing.hostId);
  if (host) await notifyHostOfModeration(host, listing, decision.intent, options.baseUrl);
}

export interface ModerationQueueItem extends ListingView {
  hostName: string;
  hostEmail: string;
  history: Array<{ action: string; note: string | null; createdAt: string }>;
}

function toQueueItem(listing: Listing): ModerationQueueItem {
  const events = (listing as Listing & { moderationEvents?: ListingModerationEvent[] }).moderationEvents ?? [];
  return {
    ...toView(listing),
    hostName: listing.host ? `${listing.host.firstName} ${listing.host.lastName}` : "",
    hostEmail: listing.host?.email ?? "",
    history: events
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((event) => ({ action: event.action, note: event.note, createdAt: event.createdAt.toISOString() })),
  };
}

/** Listings waiting for an operator, oldest submission first. */
export async function listModerationQueue(actor: Actor): Promise<ModerationQueueItem[]> {
  if (actor.role !== "operator") throw new AppError(403, "listing:errors.forbidden");
  const listings = await Listing.findAll({
    where: { moderationState: "pending_review", status: { [Op.ne]: "deleted" } },
    include: [...FULL_INCLUDE, { association: "host" }, { association: "moderationEvents" }],
    order: [["submittedAt", "ASC"], ["id", "ASC"]],
  });
  return listings.map(toQueueItem);
}

/** One listing as an operator reviews it: everything, its host and its moderation history. */
export async function getListingForReview(actor: Actor, listingId: number): Promise<ModerationQueueItem> {
  if (actor.role !== "operator") throw new AppError(403, "listing:errors.forbidden");
  await findListing(listingId);
  const listing = await Listing.findByPk(listingId, { include: [...FULL_INCLUDE, { association: "host" }, { association: "moderationEvents" }] });
  return toQueueItem(listing!);
}

/** A listing's moderation history, for its host or an operator. */
export async function moderationHistory(actor: Actor, listingId: number) {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  const events = await ListingModerationEvent.findAll({ where: { listingId }, order: [["createdAt", "ASC"], ["id", "ASC"]] });
  return events.map((event) => ({ action: event.action, fromState: event.fromState, toState: event.toState, note: event.note, createdAt: event.createdAt.toISOString() }));
}

// ————————————————————————————————————————————————————————————————————————————— visibility, pauses, delete

export async function setVisibility(actor: Actor, listingId: number, visibility: Visibility): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  listing.visibility = visibility;
  await listing.save();
}

/** Pauses a listing for [startDate, endDate): no booking on those nights. Pauses may not overlap. */
export async function addPause(actor: Actor, listingId: number, input: PauseInput, today: string): Promise<number> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  if (input.endDate <= input.startDate) {
    throw new AppError(400, "listing:errors.endBeforeStart", { fields: { endDate: "listing:errors.endBeforeStart" } });
  }
  if (input.endDate <= today) throw new AppError(400, "listing:errors.pauseInPast", { fields: { startDate: "listing:errors.pauseInPast" } });
  const overlapping = await ListingPause.count({
    where: { listingId, startDate: { [Op.lt]: input.endDate }, endDate: { [Op.gt]: input.startDate } },
  });
  if (overlapping > 0) throw new AppError(409, "listing:errors.pauseOverlaps", { fields: { startDate: "listing:errors.pauseOverlaps" } });
  const pause = await ListingPause.create({ listingId, startDate: input.startDate, endDate: input.endDate });
  return pause.id;
}

export async function removePause(actor: Actor, listingId: number, pauseId: number): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  const removed = await ListingPause.destroy({ where: { id: pauseId, listingId } });
  if (!removed) throw new AppError(404, "listing:errors.notFound");
}

/** Soft delete: the row stays (reservations point at it) with status "deleted"; nobody sees it again. */
export async function softDeleteListing(actor: Actor, listingId: number, now: Date = new Date()): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  listing.deletedAt = now;
  listing.status = "deleted";
  await listing.save();
}
