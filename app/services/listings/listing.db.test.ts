import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { Listing } from "~/db/models/listing.server";
import type { User } from "~/db/models/user.server";
import { addPhotos, deletePhoto, movePhoto, setCoverPhoto } from "~/services/photos/listing-photos.server";
import { addGuesthouseRoom, addRoomType, deleteRoomType, saveGuesthouseInfo, saveHotelInfo } from "~/services/listings/listing-establishments.server";
import { addPause, removePause, setVisibility, softDeleteListing } from "~/services/listings/listing-pauses.server";
import { getListingForHost, getPublicListing, listHostListings } from "~/services/listings/listing-view.server";
import { listModerationQueue, moderateListing, moderationHistory, submitListing } from "~/services/listings/listing-moderation.server";
import { saveAddress, saveAmenities, saveCalendarLinks, saveCancellation, saveDescription, saveDiscounts, saveHouseRules, savePrices, savePropertyType, saveTravelTypes } from "~/services/listings/listing-wizard.server";
import { type Actor } from "~/services/listings/listing-access.server";
import { getStorage } from "~/services/storage/storage.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";
import { createTestUser, testPhoto } from "../../../tests/factories/listing-factories";

const actor = (user: User): Actor => ({ id: user.id, role: user.role === "operator" ? "operator" : "user" });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

async function photos(count: number, start = 0) {
  return Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `photo-${start + i}.jpg`, data: await testPhoto(start + i) })));
}

const address = { governorate: "tunis", delegation: "La Marsa", city: "La Marsa", street: "3 rue du Maroc", postalCode: "2070" };

/** An apartment draft with every step filled in, ready to submit. */
async function completeApartment(host: Actor): Promise<number> {
  const id = await saveAddress(host, null, address);
  await savePropertyType(host, id, { propertyType: "apartment", maxGuests: 4, bedrooms: 2, beds: 3, bathrooms: 1 });
  await addPhotos(host, id, await photos(5));
  await saveDescription(host, id, { title: "Appartement vue mer", descriptionFr: "Un bel appartement face à la mer." });
  await saveAmenities(host, id, { amenities: ["wifi", "sea_view"] });
  await saveTravelTypes(host, id, { travelTypes: ["relax"] });
  await savePrices(host, id, { basePrice: 180_000, cleaningFee: 40_000, minNights: 2 });
  await saveDiscounts(host, id, { weeklyDiscountPct: 10, monthlyDiscountPct: 20 });
  await saveCancellation(host, id, { cancellationPolicy: "moderate", reservationMethod: "direct" });
  await saveHouseRules(host, id, { petsAllowed: false, eventsAllowed: false, smokingAllowed: false, checkInTime: "15:00", checkOutTime: "11:00" });
  await saveCalendarLinks(host, id, { calendarUrlAirbnb: "https://www.airbnb.com/calendar/ical/1.ics" });
  return id;
}

function outbox(): Array<{ to: string; subject: string; template: string; text: string }> {
  const dir = path.resolve(env.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
}

let host: User;
let operator: User;
let stranger: User;
beforeEach(async () => {
  host = await createTestUser();
  operator = await createTestUser({ role: "operator" });
  stranger = await createTestUser();
});

describe("listing wizard", () => {
  it("starts a draft at the address step, defaulting the map position to the delegation's", async () => {
    const id = await saveAddress(actor(host), null, address);
    const view = await getListingForHost(actor(host), id);
    expect(view).toMatchObject({
      hostId: host.id,
      moderationState: "draft",
      status: "pending",
      governorate: "tunis",
      governorateName: "Tunis",
      delegation: "La Marsa",
      postalCode: "2070",
      latitude: 36.8782,
      longitude: 10.3247,
      nextStep: "property-type",
    });
    expect(view.savedSteps).toEqual(["address"]);
  });

  it("keeps a host's pin when given, and refuses a delegation of another governorate", async () => {
    const id = await saveAddress(actor(host), null, { ...address, latitude: 36.88, longitude: 10.33 });
    expect((await getListingForHost(actor(host), id)).latitude).toBe(36.88);
    expect((await failure(saveAddress(actor(host), id, { ...address, governorate: "sousse" }))).status).toBe(400);
  });

  it("keeps a dragged pin when the address is saved again without a position (no JavaScript), until the delegation changes", async () => {
    const id = await saveAddress(actor(host), null, address);
    await saveAddress(actor(host), id, { ...address, latitude: 36.8851, longitude: 10.3312 });
    // Re-saved without JavaScript: no latitude/longitude in the post.
    await saveAddress(actor(host), id, { ...address, additionalAddress: "2nd floor" });
    expect(await getListingForHost(actor(host), id)).toMatchObject({ additionalAddress: "2nd floor", latitude: 36.8851, longitude: 10.3312 });
    // Another delegation: its coordinates, the old pin belonged to La Marsa.
    await saveAddress(actor(host), id, { ...address, delegation: "Carthage", city: "Carthage", postalCode: undefined });
    expect(await getListingForHost(actor(host), id)).toMatchObject({ delegation: "Carthage", postalCode: "2016", latitude: 36.8528, longitude: 10.3233 });
    // A position sent with the post always wins.
    await saveAddress(actor(host), id, { ...address, delegation: "Carthage", city: "Carthage", latitude: 36.86, longitude: 10.33 });
    expect(await getListingForHost(actor(host), id)).toMatchObject({ latitude: 36.86, longitude: 10.33 });
  });

  it("cannot submit until every required step is valid, and says which are missing", async () => {
    const id = await saveAddress(actor(host), null, address);
    await savePropertyType(actor(host), id, { propertyType: "villa", maxGuests: 6, bedrooms: 3, beds: 3, bathrooms: 2 });
    await addPhotos(actor(host), id, await photos(4));
    const error = await failure(submitListing(actor(host), id));
    expect(error.status).toBe(422);
    expect(error.key).toBe("listing:errors.incomplete");
    expect(String(error.values?.steps).split(", ")).toEqual([
      "photos",
      "description",
      "amenities",
      "travel-types",
      "prices",
      "discounts",
      "cancellation",
      "house-rules",
      "calendar-links",
    ]);
    expect((await getListingForHost(actor(host), id)).nextStep).toBe("photos");
  });

  it("takes a complete apartment through submission, corrections, resubmission and approval", async () => {
    const id = await completeApartment(actor(host));
    expect((await getListingForHost(actor(host), id)).missingSteps).toEqual([]);
    await submitListing(actor(host), id, new Date("2026-05-01T10:00:00Z"));

    const events = await AnalyticsEvent.findAll({ where: { name: "Created Property", userId: host.id } });
    expect(events).toHaveLength(1);

    // Under review: in the queue, not public, not editable by the host.
    const queue = await listModerationQueue(actor(operator));
    const item = queue.find((entry) => entry.id === id)!;
    expect(item.photos).toHaveLength(5);
    expect(item.hostEmail).toBe(host.email);
    expect((await failure(getPublicListing(id))).status).toBe(404);
    expect((await failure(saveDescription(actor(host), id, { title: "x", descriptionEn: "y" }))).status).toBe(409);
    expect((await failure(moderateListing(actor(host), id, { intent: "approve" }))).status).toBe(403);

    await moderateListing(actor(operator), id, { intent: "request_corrections", note: "Please add a photo of the kitchen." }, { now: new Date("2026-05-01T12:00:00Z") });
    let view = await getListingForHost(actor(host), id);
    expect(view).toMatchObject({ moderationState: "needs_corrections", moderationNote: "Please add a photo of the kitchen.", status: "pending" });
    expect(view.nextStep).toBe("verification");
    const mails = outbox().filter((mail) => mail.to === host.email);
    expect(mails.map((mail) => mail.template)).toContain("listing-corrections");
    expect(mails.find((mail) => mail.template === "listing-corrections")!.text).toContain("Please add a photo of the kitchen.");

    await addPhotos(actor(host), id, await photos(1, 10));
    await submitListing(actor(host), id, new Date("2026-05-02T10:00:00Z"));
    await moderateListing(actor(operator), id, { intent: "approve" }, { now: new Date("2026-05-02T12:00:00Z") });
    view = await getPublicListing(id);
    expect(view).toMatchObject({ status: "visible", visibility: "visible", moderationState: "approved" });
    expect(view.photos).toHaveLength(6);
    // Only the first submission counts as creating the property.
    expect(await AnalyticsEvent.count({ where: { name: "Created Property", userId: host.id } })).toBe(1);
    expect(outbox().filter((mail) => mail.to === host.email).map((mail) => mail.template)).toContain("listing-approved");
    expect((await moderationHistory(actor(host), id)).map((event) => event.action)).toEqual([
      "submit",
      "request_corrections",
      "submit",
      "approve",
    ]);
  });

  it("rejects with a reason, after which the listing cannot be edited or resubmitted", async () => {
    const id = await completeApartment(actor(host));
    await submitListing(actor(host), id);
    expect((await failure(moderateListing(actor(operator), id, { intent: "reject", note: " " }))).status).toBe(400);
    await moderateListing(actor(operator), id, { intent: "reject", note: "Not a real place" });
    expect(await getListingForHost(actor(host), id)).toMatchObject({ moderationState: "rejected", moderationNote: "Not a real place" });
    const rejection = outbox().find((mail) => mail.to === host.email && mail.template === "listing-rejected")!;
    expect(rejection.text).toContain("Not a real place");
    expect((await failure(submitListing(actor(host), id))).status).toBe(409);
    expect((await failure(saveDescription(actor(host), id, { title: "x", descriptionEn: "y" }))).status).toBe(409);
  });
});

describe("who may reach a listing", () => {
  it("lets the owner and operators in; another user gets 403, an unknown id 404", async () => {
    const id = await saveAddress(actor(host), null, address);
    await expect(getListingForHost(actor(host), id)).resolves.toMatchObject({ id });
    await expect(getListingForHost(actor(operator), id)).resolves.toMatchObject({ id });
    expect((await failure(getListingForHost(actor(stranger), id))).status).toBe(403);
    expect((await failure(savePropertyType(actor(stranger), id, { propertyType: "hotel" }))).status).toBe(403);
    expect((await failure(addPhotos(actor(stranger), id, await photos(1)))).status).toBe(403);
    expect((await failure(setVisibility(actor(stranger), id, "hidden"))).status).toBe(403);
    expect((await failure(softDeleteListing(actor(stranger), id))).status).toBe(403);
    expect((await failure(getListingForHost(actor(host), 999_999))).status).toBe(404);
    expect((await failure(submitListing(actor(stranger), id))).status).toBe(403);
  });
});

describe("host listing management", () => {
  it("lists the host's listings with status and next step, and hides deleted ones", async () => {
    const draft = await saveAddress(actor(host), null, address);
    const ready = await completeApartment(actor(host));
    await saveAddress(actor(stranger), null, address);
    const mine = await listHostListings(host.id);
    expect(mine.map((listing) => listing.id).sort()).toEqual([draft, ready].sort());
    expect(mine.find((listing) => listing.id === draft)).toMatchObject({ status: "pending", moderationState: "draft", nextStep: "property-type" });
    expect(mine.find((listing) => listing.id === ready)).toMatchObject({ nextStep: "verification", coverUrl: expect.stringMatching(/^\/uploads\/listings\/\d+\/[0-9a-f]+-640\.webp$/) });

    await softDeleteListing(actor(host), draft, new Date("2026-05-03T00:00:00Z"));
    expect((await listHostListings(host.id)).map((listing) => listing.id)).toEqual([ready]);
    expect((await failure(getListingForHost(actor(host), draft))).status).toBe(404);
    const row = await Listing.findByPk(draft);
    expect(row).toMatchObject({ status: "deleted" });
    expect(row!.deletedAt).toEqual(new Date("2026-05-03T00:00:00Z"));
  });

  it("hides and shows an approved listing, and pauses it for dates without overlaps", async () => {
    const id = await completeApartment(actor(host));
    await submitListing(actor(host), id);
    await moderateListing(actor(operator), id, { intent: "approve" });
    await setVisibility(actor(host), id, "hidden");
    expect((await failure(getPublicListing(id))).status).toBe(404);
    await setVisibility(actor(host), id, "visible");
    await expect(getPublicListing(id)).resolves.toMatchObject({ id });

    const today = "2026-06-01";
    const pause = await addPause(actor(host), id, { startDate: "2026-07-01", endDate: "2026-07-15" }, today);
    expect((await failure(addPause(actor(host), id, { startDate: "2026-07-10", endDate: "2026-07-20" }, today))).key).toBe("listing:errors.pauseOverlaps");
    await addPause(actor(host), id, { startDate: "2026-07-15", endDate: "2026-07-20" }, today);
    expect((await failure(addPause(actor(host), id, { startDate: "2026-05-01", endDate: "2026-05-05" }, today))).key).toBe("listing:errors.pauseInPast");
    expect((await getListingForHost(actor(host), id)).pauses.map((p) => [p.startDate, p.endDate])).toEqual([
      ["2026-07-01", "2026-07-15"],
      ["2026-07-15", "2026-07-20"],
    ]);
    await removePause(actor(host), id, pause);
    expect((await getListingForHost(actor(host), id)).pauses).toHaveLength(1);
    // An approved listing stays editable and visible.
    await saveDescription(actor(host), id, { title: "Appartement vue mer rénové", descriptionFr: "Rénové en 2026." });
    await expect(getPublicListing(id)).resolves.toMatchObject({ title: "Appartement vue mer rénové" });
  });
});

describe("photos", () => {
  it("stores WebP variants, keeps one cover, moves photos up and down and deletes with their files", async () => {
    const id = await saveAddress(actor(host), null, address);
    const added = await addPhotos(actor(host), id, await photos(3));
    expect(added.map((photo) => photo.isCover)).toEqual([true, false, false]);
    // Through the storage: the local disk, or the bucket when the tests run with DARNA_TEST_STORAGE=s3.
    const files = (key: string) => ["320", "640", "1280"].map((w) => `${key}-${w}.webp`);
    const rows = await ListingPhoto.findAll({ where: { listingId: id }, order: [["position", "ASC"]] });
    for (const row of rows) for (const file of files(row.storageKey)) expect(await getStorage().get(file)).not.toBeNull();

    const order = async () => (await getListingForHost(actor(host), id)).photos.map((p) => p.id);
    await movePhoto(actor(host), id, added[2]!.id, "up");
    await movePhoto(actor(host), id, added[2]!.id, "up");
    expect(await order()).toEqual([added[2]!.id, added[0]!.id, added[1]!.id]);
    await movePhoto(actor(host), id, added[2]!.id, "up"); // already first: nothing moves
    await movePhoto(actor(host), id, added[0]!.id, "down");
    expect(await order()).toEqual([added[2]!.id, added[1]!.id, added[0]!.id]);
    expect((await failure(movePhoto(actor(stranger), id, added[0]!.id, "up"))).status).toBe(403);

    await setCoverPhoto(actor(host), id, added[2]!.id);
    expect((await getListingForHost(actor(host), id)).photos.filter((p) => p.isCover).map((p) => p.id)).toEqual([added[2]!.id]);

    const coverRow = rows.find((row) => row.id === added[2]!.id)!;
    await deletePhoto(actor(host), id, added[2]!.id);
    for (const file of files(coverRow.storageKey)) expect(await getStorage().get(file)).toBeNull();
    const after = (await getListingForHost(actor(host), id)).photos;
    expect(after).toHaveLength(2);
    expect(after.filter((p) => p.isCover)).toHaveLength(1);
  });

  it("keeps at least 5 photos once the listing has left the draft; a draft may go below", async () => {
    const draft = await saveAddress(actor(host), null, address);
    const draftPhotos = await addPhotos(actor(host), draft, await photos(5));
    await deletePhoto(actor(host), draft, draftPhotos[4]!.id);
    expect((await getListingForHost(actor(host), draft)).photos).toHaveLength(4);

    const id = await completeApartment(actor(host));
    await submitListing(actor(host), id);
    await moderateListing(actor(operator), id, { intent: "approve" });
    const five = (await getListingForHost(actor(host), id)).photos;
    expect(five).toHaveLength(5);
    for (const who of [host, operator]) {
      const error = await failure(deletePhoto(actor(who), id, five[1]!.id));
      expect([error.status, error.key, error.values, error.fields]).toEqual([
        409,
        "listing:photos.errors.keepMinimum",
        { min: 5 },
        { photos: "listing:photos.errors.keepMinimum" },
      ]);
    }
    expect((await getListingForHost(actor(host), id)).photos.map((p) => p.id)).toEqual(five.map((p) => p.id));
    // With a sixth photo, one may go (the cover too: the next photo takes its place).
    await addPhotos(actor(host), id, await photos(1, 5));
    await deletePhoto(actor(host), id, five[0]!.id);
    const after = (await getListingForHost(actor(host), id)).photos;
    expect(after).toHaveLength(5);
    expect(after.filter((p) => p.isCover).map((p) => p.id)).toEqual([five[1]!.id]);
    expect((await failure(deletePhoto(actor(host), id, after[2]!.id))).key).toBe("listing:photos.errors.keepMinimum");

    // Sent back for corrections: still past the draft.
    const corrected = await completeApartment(actor(host));
    await submitListing(actor(host), corrected);
    await moderateListing(actor(operator), corrected, { intent: "request_corrections", note: "Show the kitchen" });
    const photosOfCorrected = (await getListingForHost(actor(host), corrected)).photos;
    expect((await failure(deletePhoto(actor(host), corrected, photosOfCorrected[0]!.id))).status).toBe(409);
  });

  it("refuses a text file renamed .jpg and stores nothing from that post", async () => {
    const id = await saveAddress(actor(host), null, address);
    const error = await failure(
      addPhotos(actor(host), id, [...(await photos(1)), { name: "notes.jpg", data: Buffer.from("just some text, not a picture") }]),
    );
    expect(error.key).toBe("listing:photos.errors.notAnImage");
    expect(error.values).toMatchObject({ name: "notes.jpg" });
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(0);
  });
});

describe("hotels and guesthouses", () => {
  it("creates a hotel with two room types; its price is the lowest room's; room types hold 5 photos plus a cover", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, { governorate: "nabeul", delegation: "Hammamet", city: "Hammamet", street: "Zone touristique", postalCode: "8050" });
    await savePropertyType(h, id, { propertyType: "hotel" });
    expect((await failure(addRoomType(h, id, { name: "Double", basePrice: 1, maxOccupancy: 2, quantity: 1, features: [] }))).key).toBe("listing:errors.hotelInfoFirst");
    await saveHotelInfo(h, id, { name: "Hôtel Yasmine", stars: 4, totalRooms: 60, checkInTime: "14:00", checkOutTime: "12:00" });
    const double = await addRoomType(h, id, { name: "Double vue mer", basePrice: 260_000, sizeM2: 26, maxOccupancy: 2, bedConfiguration: "1 lit double", quantity: 30, features: ["balcony", "sea_view"] });
    const family = await addRoomType(h, id, { name: "Suite familiale", basePrice: 420_000, maxOccupancy: 4, quantity: 10, features: [] });
    let view = await getListingForHost(h, id);
    expect(view.hotel).toMatchObject({ name: "Hôtel Yasmine", stars: 4, totalRooms: 60 });
    expect(view.hotel!.roomTypes.map((r) => [r.name, r.basePrice, r.quantity])).toEqual([
      ["Double vue mer", 260_000, 30],
      ["Suite familiale", 420_000, 10],
    ]);
    expect(view).toMatchObject({ basePrice: 260_000, maxGuests: 4, title: "Hôtel Yasmine", checkInTime: "14:00" });

    await addPhotos(h, id, await photos(6), { roomTypeId: double });
    expect((await failure(addPhotos(h, id, await photos(1, 20), { roomTypeId: double }))).key).toBe("listing:photos.errors.tooManyRoomPhotos");
    view = await getListingForHost(h, id);
    expect(view.hotel!.roomTypes[0]!.photos).toHaveLength(6);
    expect(view.hotel!.roomTypes[0]!.photos.filter((p) => p.isCover)).toHaveLength(1);
    expect(view.photos).toHaveLength(0); // room type photos are not the listing's own

    await deleteRoomType(h, id, double);
    view = await getListingForHost(h, id);
    expect(view.hotel!.roomTypes.map((r) => r.id)).toEqual([family]);
    expect(view.basePrice).toBe(420_000);
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(0);
  });

  it("creates a guesthouse with rooms numbered once each, and counts 'Created Establishment' on submission", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, { governorate: "medenine", delegation: "Djerba Houmt Souk", city: "Houmt Souk", street: "Rue de Bizerte", postalCode: "4180" });
    await savePropertyType(h, id, { propertyType: "guesthouse" });
    await saveGuesthouseInfo(h, id, { name: "Dar Dhiafa", totalRooms: 5, checkInTime: "15:00", checkOutTime: "11:00" });
    await addGuesthouseRoom(h, id, { number: "1", name: "Chambre Jasmin", price: 190_000, maxGuests: 2, beds: 1, showers: 1 });
    await addGuesthouseRoom(h, id, { number: "2", name: "Chambre Palmier", price: 150_000, maxGuests: 3, beds: 2, showers: 1 });
    expect((await failure(addGuesthouseRoom(h, id, { number: "2", name: "Doublon", price: 1, maxGuests: 1, beds: 1, showers: 0 }))).key).toBe("listing:errors.roomNumberTaken");
    const view = await getListingForHost(h, id);
    expect(view.guesthouse!.rooms.map((r) => r.number)).toEqual(["1", "2"]);
    expect(view).toMatchObject({ basePrice: 150_000, maxGuests: 3, beds: 3 });

    await addPhotos(h, id, await photos(5));
    await saveDescription(h, id, { title: "Dar Dhiafa", descriptionFr: "Maison d'hôtes à Houmt Souk." });
    await saveAmenities(h, id, { amenities: ["breakfast"] });
    await saveTravelTypes(h, id, { travelTypes: ["discover"] });
    await savePrices(h, id, { minNights: 1 });
    await saveDiscounts(h, id, { weeklyDiscountPct: 0, monthlyDiscountPct: 0 });
    await saveCancellation(h, id, { cancellationPolicy: "flexible", reservationMethod: "request" });
    await saveHouseRules(h, id, { petsAllowed: false, eventsAllowed: false, smokingAllowed: false, checkInTime: "15:00", checkOutTime: "11:00" });
    await saveCalendarLinks(h, id, {});
    await submitListing(h, id);
    expect(await AnalyticsEvent.count({ where: { name: "Created Establishment", userId: host.id } })).toBe(1);
    expect(await AnalyticsEvent.count({ where: { name: "Created Property", userId: host.id } })).toBe(0);
  });

  it("drops the hotel and its rooms when the type changes to a villa", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, address);
    await savePropertyType(h, id, { propertyType: "hotel" });
    await saveHotelInfo(h, id, { name: "H", totalRooms: 3, checkInTime: "14:00", checkOutTime: "12:00" });
    await savePropertyType(h, id, { propertyType: "villa", maxGuests: 6, bedrooms: 3, beds: 3, bathrooms: 2 });
    const view = await getListingForHost(h, id);
    expect(view.hotel).toBeNull();
    expect(view.savedSteps).not.toContain("hotel-info");
  });
});
