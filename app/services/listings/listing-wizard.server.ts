// The listing wizard's steps (SPEC.md §4): each saves its part of the draft and marks the step saved.
// Routes call these with the signed-in actor; 403 not yours, 404 unknown or deleted, 409 not editable.
import { type InferCreationAttributes } from "sequelize";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { Hotel } from "~/db/models/hotel.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { Listing } from "~/db/models/listing.server";
import { isEstablishmentType, type WizardStep } from "~/domain/listing";
import { findDelegation, findGovernorate } from "~/domain/tunisia-places";
import type {
  AddressInput,
  AmenitiesInput,
  CalendarLinksInput,
  CancellationInput,
  DescriptionInput,
  DiscountsInput,
  HouseRulesInput,
  PricesInput,
  PropertyTypeInput,
  TravelTypesInput,
} from "~/schemas/listing-wizard";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";
import { syncFeedsWithLinks } from "~/services/calendar-sync/feeds.server";
import { loadEditableListing, type Actor } from "~/services/listings/listing-access.server";

// ————————————————————————————————————————————————————————————————————————————— saving steps

export function markSaved(listing: Listing, step: WizardStep) {
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
  // Each link is an imported calendar: added, re-pointed or (left empty) removed with its nights.
  await syncFeedsWithLinks(listing.id, { airbnb: listing.calendarUrlAirbnb, booking: listing.calendarUrlBooking, other: listing.calendarUrlChannelManager });
}

/** Marks a step as visited when it holds no data of its own to save (verification). */
export async function markStepSaved(actor: Actor, listingId: number, step: WizardStep): Promise<void> {
  const listing = await loadEditableListing(actor, listingId);
  markSaved(listing, step);
  await listing.save();
}
