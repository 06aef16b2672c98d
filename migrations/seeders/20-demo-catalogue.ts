import type { Transaction } from "sequelize";
import { DEMO_CITIES, DEMO_HOSTS, demoScenesFor, type DemoCity, type DemoListing } from "~/db/demo/listing-catalogue";
import { DEMO_SCENES, demoScenePhotoRows, ensureDemoScenes } from "~/services/photos/demo-scenes.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import type { Migration } from "~/db/migrator.server";
import { findDelegation, findGovernorate } from "~/domain/tunisia-places";
import { DESCRIPTION_LANGUAGES, describeFromFacts } from "~/domain/writing-assistant";
import { getStorage } from "~/services/storage/storage.server";
import { hashPassword } from "~/utils/password.server";
import { DEMO_PASSWORD } from "./02-demo-accounts";

// The demo catalogue: 64 approved, visible listings by five demo hosts across 16 Tunisian
// destinations, with photos drawn locally. Idempotent: a host's listing with the same title is
// never inserted twice, and scene images already on disk are reused.

const TND = 1000;

async function ensureHosts(transaction: Transaction, now: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let passwordHash: string | null = null;
  for (const host of DEMO_HOSTS) {
    let user = await User.findOne({ where: { email: host.email }, transaction });
    if (!user) {
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      user = await User.create(
        {
          email: host.email,
          passwordHash,
          firstName: host.firstName,
          lastName: host.lastName,
          birthDate: host.birthDate,
          gender: host.gender,
          country: "TN",
          phone: host.phone,
          nationality: "TN",
          role: "user",
          hostMode: true,
          language: "en",
          currency: "TND",
          timeZone: "Africa/Tunis",
          emailVerifiedAt: now,
        },
        { transaction },
      );
    }
    ids.set(host.email, user.id);
  }
  return ids;
}

/** A small, stable offset so listings of one city do not share a pin. */
function jitter(seed: number): number {
  return (((seed * 7919) % 200) - 100) / 10_000;
}

function descriptions(city: DemoCity, listing: DemoListing, capacity: { guests: number | null; bedrooms: number | null; beds: number | null; baths: number | null }) {
  const governorate = findGovernorate(city.governorate)!;
  const facts = {
    propertyType: listing.type,
    title: listing.title,
    city: city.city,
    governorateName: governorate.name,
    maxGuests: capacity.guests,
    bedrooms: capacity.bedrooms,
    beds: capacity.beds,
    bathrooms: capacity.baths,
    amenities: listing.amenities,
    travelTypes: listing.travel,
    descriptions: {},
  };
  const [fr, en, es] = DESCRIPTION_LANGUAGES.map((language) => `${city.blurb[language]} ${describeFromFacts(language, facts)}`);
  return { descriptionFr: fr!, descriptionEn: en!, descriptionEs: es! };
}

async function insertListing(city: DemoCity, listing: DemoListing, hostId: number, index: number, now: Date, transaction: Transaction) {
  const delegationName = listing.delegation ?? city.delegation;
  const delegation = findDelegation(city.governorate, delegationName);
  if (!delegation) throw new Error(`demo catalogue: unknown delegation ${city.governorate}/${delegationName}`);
  const base = listing.delegation ? delegation : { lat: city.lat, lng: city.lng };

  const rooms = listing.guesthouse?.rooms ?? [];
  const roomTypes = listing.hotel?.roomTypes ?? [];
  const capacity = listing.hotel
    ? { guests: Math.max(...roomTypes.map((r) => r.occupancy)), bedrooms: listing.hotel.totalRooms, beds: null, baths: null }
    : listing.guesthouse
      ? { guests: Math.max(...rooms.map((r) => r.guests)), bedrooms: listing.guesthouse.totalRooms, beds: rooms.reduce((sum, r) => sum + r.beds, 0), baths: null }
      : { guests: listing.guests ?? null, bedrooms: listing.bedrooms ?? null, beds: listing.beds ?? null, baths: listing.baths ?? null };
  const basePrice = listing.hotel
    ? Math.min(...roomTypes.map((r) => r.price)) * TND
    : listing.guesthouse
      ? Math.min(...rooms.map((r) => r.price)) * TND
      : listing.price! * TND;
  const cleaningFee = listing.type === "villa" ? 80 * TND : listing.type === "room" || listing.hotel || listing.guesthouse ? 0 : 30 * TND;
  const checkIn = listing.type === "hotel" ? "14:00" : "15:00";
  const checkOut = listing.type === "hotel" ? "12:00" : "11:00";

  const created = await Listing.create(
    {
      hostId,
      propertyType: listing.type,
      title: listing.title,
      ...descriptions(city, listing, capacity),
      maxGuests: capacity.guests,
      bedrooms: capacity.bedrooms,
      beds: capacity.beds,
      bathrooms: capacity.baths,
      country: "TN",
      street: `${(index % 40) + 2} ${listing.street}`,
      additionalAddress: null,
      city: city.city,
      governorate: city.governorate,
      delegation: delegation.name,
      postalCode: delegation.postalCode,
      latitude: Number((base.lat + jitter(index + 1)).toFixed(5)),
      longitude: Number((base.lng + jitter(index + 17)).toFixed(5)),
      basePrice,
      cleaningFee,
      minNights: listing.minNights ?? 1,
      maxNights: listing.type === "room" ? 30 : 60,
      weeklyDiscountPct: listing.type === "villa" || listing.type === "apartment" ? 10 : 0,
      monthlyDiscountPct: listing.type === "apartment" ? 25 : listing.type === "villa" ? 20 : 0,
      cancellationPolicy: listing.policy ?? (["flexible", "moderate", "strict", "closed"] as const)[index % 4],
      reservationMethod: listing.method ?? (index % 3 === 0 ? "request" : "direct"),
      petsAllowed: listing.type === "villa" || listing.type === "chalet",
      eventsAllowed: listing.type === "villa" && index % 2 === 0,
      smokingAllowed: false,
      checkInTime: checkIn,
      checkOutTime: checkOut,
      calendarUrlAirbnb: null,
      calendarUrlBooking: null,
      calendarUrlChannelManager: null,
      visibility: "visible",
      status: "visible",
      moderationState: "approved",
      moderationNote: null,
      savedSteps: [
        "address",
        "property-type",
        ...(listing.hotel ? ["hotel-info", "room-types"] : []),
        ...(listing.guesthouse ? ["guesthouse-info", "rooms"] : []),
        "photos",
        "description",
        "amenities",
        "travel-types",
        "prices",
        "discounts",
        "cancellation",
        "house-rules",
        "calendar-links",
        "verification",
      ],
      submittedAt: now,
      approvedAt: now,
      deletedAt: null,
    },
    { transaction },
  );
  const listingId = created.id;

  await ListingAmenity.bulkCreate([...new Set(listing.amenities)].map((amenity) => ({ listingId, amenity })), { transaction });
  await ListingTravelType.bulkCreate([...new Set(listing.travel)].map((travelType) => ({ listingId, travelType })), { transaction });
  await ListingPhoto.bulkCreate(
    demoScenePhotoRows(demoScenesFor(city.setting, listing.type, city.city, index)).map((row) => ({ ...row, listingId, roomTypeId: null })),
    { transaction },
  );

  if (listing.hotel) {
    const hotel = await Hotel.create(
      {
        listingId,
        name: listing.title,
        stars: listing.hotel.stars,
        category: null,
        totalRooms: listing.hotel.totalRooms,
        descriptionFr: created.descriptionFr,
        descriptionEn: created.descriptionEn,
        descriptionEs: created.descriptionEs,
        checkInTime: checkIn,
        checkOutTime: checkOut,
      },
      { transaction },
    );
    for (const [position, roomType] of roomTypes.entries()) {
      const row = await HotelRoomType.create(
        {
          hotelId: hotel.id,
          name: roomType.name,
          description: roomType.description,
          basePrice: roomType.price * TND,
          sizeM2: roomType.sizeM2,
          maxOccupancy: roomType.occupancy,
          bedConfiguration: roomType.beds,
          quantity: roomType.quantity,
          features: roomType.features,
          position,
        },
        { transaction },
      );
      const scenes = roomType.features.includes("sea_view") ? ["bedroom", "sea-view", "bathroom"] : ["bedroom", "bathroom", "living-room"];
      await ListingPhoto.bulkCreate(
        demoScenePhotoRows(scenes).map((photo) => ({ ...photo, listingId, roomTypeId: row.id })),
        { transaction },
      );
    }
  }

  if (listing.guesthouse) {
    const guesthouse = await Guesthouse.create(
      {
        listingId,
        name: listing.title,
        totalRooms: listing.guesthouse.totalRooms,
        descriptionFr: created.descriptionFr,
        descriptionEn: created.descriptionEn,
        descriptionEs: created.descriptionEs,
        checkInTime: checkIn,
        checkOutTime: checkOut,
      },
      { transaction },
    );
    await GuesthouseRoom.bulkCreate(
      rooms.map((room) => ({
        guesthouseId: guesthouse.id,
        number: room.number,
        name: room.name,
        price: room.price * TND,
        maxGuests: room.guests,
        beds: room.beds,
        showers: room.showers,
      })),
      { transaction },
    );
  }

  await ListingModerationEvent.bulkCreate(
    [
      { listingId, actorId: hostId, action: "submit", fromState: "draft", toState: "pending_review", note: null, createdAt: now },
      { listingId, actorId: null, action: "approve", fromState: "pending_review", toState: "approved", note: null, createdAt: now },
    ],
    { transaction },
  );
}

export const seed: Migration = async () => {
  await ensureDemoScenes(getStorage(), Object.keys(DEMO_SCENES));
  const now = new Date();
  // The models' own instance, so every query below runs inside this one transaction.
  await Listing.sequelize!.transaction(async (transaction) => {
    const hosts = await ensureHosts(transaction, now);
    let index = 0;
    for (const [cityIndex, city] of DEMO_CITIES.entries()) {
      for (const [listingIndex, listing] of city.listings.entries()) {
        index += 1;
        const host = DEMO_HOSTS[(cityIndex + listingIndex) % DEMO_HOSTS.length]!;
        const hostId = hosts.get(host.email)!;
        const existing = await Listing.findOne({ where: { hostId, title: listing.title }, transaction });
        if (existing) continue;
        await insertListing(city, listing, hostId, index, now, transaction);
      }
    }
  });
};
