import { describe, expect, it } from "vitest";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { Listing } from "~/db/models/listing.server";
import { createTestUser } from "../../../tests/factories/listing-factories";

describe("listing tables", () => {
  it("store every field of SPEC §3 Property and read them back typed", async () => {
    const host = await createTestUser();
    const created = await Listing.create({
      hostId: host.id,
      propertyType: "villa",
      title: "Villa Jasmin",
      descriptionFr: "Belle villa",
      descriptionEn: "Lovely villa",
      descriptionEs: "Bonita villa",
      maxGuests: 8,
      bedrooms: 4,
      beds: 5,
      bathrooms: 3,
      street: "12 rue des Jasmins",
      additionalAddress: "Bloc B",
      city: "Hammamet",
      governorate: "Nabeul",
      delegation: "Hammamet",
      postalCode: "8050",
      latitude: 36.4,
      longitude: 10.6167,
      basePrice: 450_000,
      cleaningFee: 60_000,
      minNights: 2,
      maxNights: 30,
      weeklyDiscountPct: 10,
      monthlyDiscountPct: 25,
      cancellationPolicy: "moderate",
      reservationMethod: "request",
      petsAllowed: true,
      eventsAllowed: false,
      smokingAllowed: false,
      checkInTime: "15:00",
      checkOutTime: "11:00",
      calendarUrlAirbnb: "https://www.airbnb.com/calendar/ical/1.ics",
      calendarUrlBooking: "https://admin.booking.com/ical/2.ics",
      calendarUrlChannelManager: "https://cm.example.com/3.ics",
      moderationNote: null,
      submittedAt: null,
      approvedAt: null,
      deletedAt: null,
      savedSteps: ["address", "property-type"],
    });
    await ListingAmenity.bulkCreate([
      { listingId: created.id, amenity: "pool" },
      { listingId: created.id, amenity: "wifi" },
    ]);
    const listing = await Listing.findByPk(created.id, { include: ["amenityRows"] });
    expect(listing).toMatchObject({
      country: "TN",
      basePrice: 450_000,
      latitude: 36.4,
      longitude: 10.6167,
      petsAllowed: true,
      visibility: "visible",
      status: "pending",
      moderationState: "draft",
      savedSteps: ["address", "property-type"],
    });
    expect(listing!.amenityRows!.map((row) => row.amenity).sort()).toEqual(["pool", "wifi"]);
  });

  it("keep a hotel with room types and photos, a guesthouse with rooms, and delete them with the listing", async () => {
    const host = await createTestUser();
    const listing = await Listing.create({ hostId: host.id, propertyType: "hotel" } as never);
    const hotel = await Hotel.create({ listingId: listing.id, name: "Hôtel Dar El Bahr", stars: 4, totalRooms: 40 } as never);
    const roomType = await HotelRoomType.create({
      hotelId: hotel.id,
      name: "Double sea view",
      basePrice: 220_000,
      sizeM2: 24,
      maxOccupancy: 2,
      bedConfiguration: "1 double bed",
      quantity: 12,
      features: ["balcony", "minibar"],
    } as never);
    await ListingPhoto.create({
      listingId: listing.id,
      roomTypeId: roomType.id,
      storageKey: "listings/x/1",
      variants: "320,640",
      width: 640,
      height: 480,
      isCover: true,
    });
    const reloaded = await HotelRoomType.findByPk(roomType.id);
    expect(reloaded!.features).toEqual(["balcony", "minibar"]);
    expect(reloaded!.sizeM2).toBe(24);

    const guesthouseListing = await Listing.create({ hostId: host.id, propertyType: "guesthouse" } as never);
    const guesthouse = await Guesthouse.create({ listingId: guesthouseListing.id, name: "Dar Zitouna", totalRooms: 6 } as never);
    await GuesthouseRoom.create({ guesthouseId: guesthouse.id, number: "1", name: "Chambre Jasmin", price: 150_000, maxGuests: 2, beds: 1 } as never);
    await expect(
      GuesthouseRoom.create({ guesthouseId: guesthouse.id, number: "1", name: "Duplicate", price: 1, maxGuests: 1, beds: 1 } as never),
    ).rejects.toThrow();

    await listing.destroy();
    expect(await Hotel.count({ where: { listingId: listing.id } })).toBe(0);
    expect(await HotelRoomType.count({ where: { id: roomType.id } })).toBe(0);
    expect(await ListingPhoto.count({ where: { listingId: listing.id } })).toBe(0);
  });

  it("allow one calendar day per listing and date", async () => {
    const host = await createTestUser();
    const listing = await Listing.create({ hostId: host.id } as never);
    await CalendarDay.create({ listingId: listing.id, date: "2026-07-01", price: 300_000, blocked: false });
    await expect(CalendarDay.create({ listingId: listing.id, date: "2026-07-01", price: null, blocked: true })).rejects.toThrow();
  });
});
