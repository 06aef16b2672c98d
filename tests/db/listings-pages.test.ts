// The host's listing edit pages (/dashboard/host-property-details/{id} and
// /host-establishment-details/{id}) and the photo upload route, called with real Request objects:
// forms posted as browsers post them with JavaScript off (urlencoded, multipart for photos), by
// the owner, a stranger, an operator and an unverified user.
import fs from "node:fs";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { Listing } from "~/db/models/listing.server";
import type { User } from "~/db/models/user.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as propertyRoute from "~/routes/($lang).dashboard.host-property-details.$id";
import EstablishmentEditor, * as establishmentRoute from "~/routes/($lang).host-establishment-details.$id";
import * as photosRoute from "~/routes/listings.$id.photos";
import { addPhotos } from "~/services/photos/listing-photos.server";
import { addGuesthouseRoom, addRoomType, saveGuesthouseInfo, saveHotelInfo } from "~/services/listings/listing-establishments.server";
import { getListingForHost } from "~/services/listings/listing-view.server";
import { moderateListing, submitListing } from "~/services/listings/listing-moderation.server";
import { saveAddress, saveAmenities, saveCalendarLinks, saveCancellation, saveDescription, saveDiscounts, saveHouseRules, savePrices, savePropertyType, saveTravelTypes } from "~/services/listings/listing-wizard.server";
import { type Actor } from "~/services/listings/listing-access.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf, type RouteResult } from "../factories/account-requests";
import { testPhoto } from "../factories/listing-factories";

const ORIGIN = "http://localhost:4321";
const actor = (user: User): Actor => ({ id: user.id, role: user.role === "operator" ? "operator" : "user" });
const address = { governorate: "tunis", delegation: "La Marsa", city: "La Marsa", street: "3 rue du Maroc", postalCode: "2070" };

async function signedIn(user: User): Promise<CookieJar> {
  const jar = new CookieJar();
  const result = await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: user.email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  expect(result.status).toBe(302);
  return jar;
}

/** An approved apartment of `host` with 5 photos (past the draft). */
async function approvedApartment(host: User, operator: User): Promise<number> {
  const h = actor(host);
  const id = await saveAddress(h, null, address);
  await savePropertyType(h, id, { propertyType: "apartment", maxGuests: 4, bedrooms: 2, beds: 3, bathrooms: 1 });
  await addPhotos(h, id, await Promise.all([0, 1, 2, 3, 4].map(async (seed) => ({ name: `p${seed}.jpg`, data: await testPhoto(seed) }))));
  await saveDescription(h, id, { title: "Appartement vue mer", descriptionFr: "Un bel appartement face à la mer." });
  await saveAmenities(h, id, { amenities: ["wifi"] });
  await saveTravelTypes(h, id, { travelTypes: ["relax"] });
  await savePrices(h, id, { basePrice: 180_000, cleaningFee: 40_000, minNights: 2 });
  await saveDiscounts(h, id, { weeklyDiscountPct: 10, monthlyDiscountPct: 20 });
  await saveCancellation(h, id, { cancellationPolicy: "moderate", reservationMethod: "direct" });
  await saveHouseRules(h, id, { petsAllowed: false, eventsAllowed: false, smokingAllowed: false, checkInTime: "15:00", checkOutTime: "11:00" });
  await saveCalendarLinks(h, id, {});
  await submitListing(h, id);
  await moderateListing(actor(operator), id, { intent: "approve" });
  return id;
}

const pagePath = (id: number, tab?: string) => `/dashboard/host-property-details/${id}${tab ? `?tab=${tab}` : ""}`;

function postPage(jar: CookieJar, id: number, tab: string, form: Record<string, string | undefined>) {
  return callRoute(propertyRoute.action, makeRequest(pagePath(id, tab), { form, jar }), { params: { id: String(id) }, jar });
}

function openPage(jar: CookieJar, id: number, tab?: string) {
  return callRoute(propertyRoute.loader, makeRequest(pagePath(id, tab), { jar }), { params: { id: String(id) } });
}

/** A multipart post of photo files, as the upload form sends it. */
async function uploadRequest(path: string, jar: CookieJar, seeds: number[], extra: Record<string, string> = {}): Promise<Request> {
  const body = new FormData();
  for (const [name, value] of Object.entries(extra)) body.append(name, value);
  for (const seed of seeds) body.append("photos", new Blob([new Uint8Array(await testPhoto(seed))], { type: "image/jpeg" }), `photo-${seed}.jpg`);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, headers: { Cookie: jar.header() } });
}

// The establishment editor rendered to HTML in English, as the server renders it after a post that
// did not redirect (its loader's data and the action's answer).
// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};
const namespaces = fs.readdirSync("locales/en").map((file) => file.replace(/\.json$/, ""));
const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  ns: namespaces,
  defaultNS: "common",
  resources: { en: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/en/${ns}.json`, "utf8"))])) },
  interpolation: { escapeValue: false },
});

function renderEstablishmentPage(loaderData: unknown, actionData: unknown, path: string): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "page", path: "*", element: createElement(EstablishmentEditor) }] }],
    { initialEntries: [path], hydrationData: { loaderData: { root: { language: "en" }, page: loaderData }, actionData: { page: actionData } } },
  );
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
}

type Answer = { form: string; reply: { error?: Record<string, string[]> }; values?: Record<string, string> };
const answerOf = (result: RouteResult) => result.data as Answer;

async function savedToast(result: RouteResult, id: number, tab: string, message = "dashboard:property.saved") {
  expect([result.status, result.location]).toEqual([302, pagePath(id, tab)]);
  expect(await toastOf(result)).toMatchObject({ type: "success", message });
}

let host: User;
let operator: User;
let stranger: User;
let hostJar: CookieJar;
beforeEach(async () => {
  host = await createAccount({ hostMode: true });
  operator = await createAccount({ role: "operator" });
  stranger = await createAccount({ hostMode: true });
  hostJar = await signedIn(host);
});

describe("/dashboard/host-property-details/{id}: the host saves each tab", () => {
  it("details tab: description, type and capacity, prices, discounts, cancellation, house rules, calendar links", async () => {
    const id = await approvedApartment(host, operator);
    const page = await openPage(hostJar, id, "details");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ tab: "details", listing: { id, title: "Appartement vue mer" } });

    await savedToast(
      await postPage(hostJar, id, "details", { form: "description", title: "Appartement rénové", descriptionFr: "Rénové en 2026.", descriptionEn: "Renovated in 2026." }),
      id,
      "details",
    );
    await savedToast(await postPage(hostJar, id, "details", { form: "property-type", propertyType: "villa", maxGuests: "8", bedrooms: "4", beds: "5", bathrooms: "3" }), id, "details");
    await savedToast(await postPage(hostJar, id, "details", { form: "prices", basePrice: "210,500", cleaningFee: "50", minNights: "3", maxNights: "28" }), id, "details");
    await savedToast(await postPage(hostJar, id, "details", { form: "discounts", weeklyDiscountPct: "15", monthlyDiscountPct: "30" }), id, "details");
    await savedToast(await postPage(hostJar, id, "details", { form: "cancellation", cancellationPolicy: "strict", reservationMethod: "request" }), id, "details");
    await savedToast(
      await postPage(hostJar, id, "details", { form: "house-rules", petsAllowed: "on", smokingAllowed: "on", checkInTime: "16:00", checkOutTime: "10:30" }),
      id,
      "details",
    );
    await savedToast(
      await postPage(hostJar, id, "details", { form: "calendar-links", calendarUrlAirbnb: "", calendarUrlBooking: "https://admin.booking.com/ical/42.ics", calendarUrlChannelManager: "" }),
      id,
      "details",
    );

    expect(await getListingForHost(actor(host), id)).toMatchObject({
      title: "Appartement rénové",
      descriptionFr: "Rénové en 2026.",
      descriptionEn: "Renovated in 2026.",
      propertyType: "villa",
      maxGuests: 8,
      bedrooms: 4,
      beds: 5,
      bathrooms: 3,
      basePrice: 210_500,
      cleaningFee: 50_000,
      minNights: 3,
      maxNights: 28,
      weeklyDiscountPct: 15,
      monthlyDiscountPct: 30,
      cancellationPolicy: "strict",
      reservationMethod: "request",
      petsAllowed: true,
      eventsAllowed: false,
      smokingAllowed: true,
      checkInTime: "16:00",
      checkOutTime: "10:30",
      calendarUrlAirbnb: null,
      calendarUrlBooking: "https://admin.booking.com/ical/42.ics",
      // Edits after approval stay live.
      moderationState: "approved",
      status: "visible",
    });

    // An invalid post answers 400 on that form, saving nothing.
    const invalid = await postPage(hostJar, id, "details", { form: "calendar-links", calendarUrlAirbnb: "not a link" });
    expect(invalid.status).toBe(400);
    expect(answerOf(invalid)).toMatchObject({ form: "calendar-links", reply: { error: { calendarUrlAirbnb: ["listing:errors.invalidUrl"] } } });
    const noTitle = await postPage(hostJar, id, "details", { form: "description", title: "", descriptionFr: "x" });
    expect([noTitle.status, answerOf(noTitle).reply.error?.title]).toEqual([400, ["listing:errors.required"]]);
    expect((await getListingForHost(actor(host), id)).title).toBe("Appartement rénové");
  });

  it("address tab: the governorate button re-renders, the address saves and keeps the pin; equipment tab: amenities and travel types", async () => {
    const id = await approvedApartment(host, operator);
    await Listing.update({ latitude: 36.8851, longitude: 10.3312 }, { where: { id } }); // dragged earlier, with JavaScript

    const rerender = await postPage(hostJar, id, "address", { form: "address", intent: "governorate", governorate: "nabeul" });
    expect(rerender.status).toBe(200);
    expect(answerOf(rerender)).toMatchObject({ form: "address", governorate: "nabeul", reply: { error: {} } });

    const wrong = await postPage(hostJar, id, "address", { form: "address", ...address, delegation: "Hammamet" });
    expect([wrong.status, answerOf(wrong).reply.error?.delegation]).toEqual([400, ["listing:errors.delegationNotInGovernorate"]]);

    await savedToast(await postPage(hostJar, id, "address", { form: "address", ...address, additionalAddress: "2e étage", postalCode: "" }), id, "address");
    expect(await getListingForHost(actor(host), id)).toMatchObject({
      additionalAddress: "2e étage",
      postalCode: "2070",
      latitude: 36.8851,
      longitude: 10.3312,
    });

    await savedToast(await postPage(hostJar, id, "equipment", { form: "amenities", amenities: "pool" }), id, "equipment");
    const both = new URLSearchParams([["form", "travel-types"], ["travelTypes", "work"], ["travelTypes", "fun"]]);
    const travel = await callRoute(
      propertyRoute.action,
      new Request(new URL(pagePath(id, "equipment"), ORIGIN), { method: "POST", body: both, headers: { Cookie: hostJar.header(), "Content-Type": "application/x-www-form-urlencoded" } }),
      { params: { id: String(id) } },
    );
    await savedToast(travel, id, "equipment");
    expect(await getListingForHost(actor(host), id)).toMatchObject({ amenities: ["pool"], travelTypes: ["fun", "work"] });
    const none = await postPage(hostJar, id, "equipment", { form: "travel-types" });
    expect([none.status, answerOf(none).reply.error?.travelTypes]).toEqual([400, ["listing:errors.chooseTravelType"]]);
  });

  it("photos tab: uploads several files in one multipart post, makes a cover, moves, deletes; never below 5 once approved", async () => {
    const id = await approvedApartment(host, operator);
    const upload = await callRoute(propertyRoute.action, await uploadRequest(pagePath(id, "photos"), hostJar, [10, 11]), { params: { id: String(id) } });
    await savedToast(upload, id, "photos", "listing:photos.uploaded");
    let photos = (await getListingForHost(actor(host), id)).photos;
    expect(photos).toHaveLength(7);
    const ids = photos.map((photo) => photo.id);

    const press = async (intent: string) => {
      const result = await postPage(hostJar, id, "photos", { form: "photo", intent });
      expect([result.status, result.location]).toEqual([302, pagePath(id, "photos")]);
    };
    await press(`photo-cover:${ids[1]}`);
    await press(`photo-down:${ids[0]}`);
    await press(`photo-up:${ids[6]}`);
    await press(`photo-delete:${ids[5]}`);
    photos = (await getListingForHost(actor(host), id)).photos;
    expect(photos.map((photo) => photo.id)).toEqual([ids[1], ids[0], ids[2], ids[3], ids[4], ids[6]]);
    expect(photos.filter((photo) => photo.isCover).map((photo) => photo.id)).toEqual([ids[1]]);
    await press(`photo-delete:${ids[6]}`);

    // Five left on an approved listing: the next delete is refused, with its message under the photos.
    const refused = await postPage(hostJar, id, "photos", { form: "photo", intent: `photo-delete:${ids[0]}` });
    expect(refused.status).toBe(409);
    expect(answerOf(refused)).toMatchObject({ form: "photos", reply: { error: { photos: ["listing:photos.errors.keepMinimum"] } }, values: { min: "5" } });
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(5);

    // A photo of another listing is not found from this page.
    const other = await approvedApartment(host, operator);
    const foreign = (await getListingForHost(actor(host), other)).photos[0]!.id;
    expect((await postPage(hostJar, id, "photos", { form: "photo", intent: `photo-cover:${foreign}` })).status).toBe(404);
  });

  it("switches visible and hidden, pauses for dates and removes the pause, and deletes only once confirmed", async () => {
    const id = await approvedApartment(host, operator);
    await savedToast(await postPage(hostJar, id, "details", { form: "visibility", intent: "hide" }), id, "details", "dashboard:property.hidden");
    expect((await Listing.findByPk(id))!.visibility).toBe("hidden");
    await savedToast(await postPage(hostJar, id, "details", { form: "visibility", intent: "show" }), id, "details", "dashboard:property.shown");
    expect((await Listing.findByPk(id))!.visibility).toBe("visible");

    const reversed = await postPage(hostJar, id, "details", { form: "pause", intent: "add", startDate: "2099-08-10", endDate: "2099-08-01" });
    expect([reversed.status, answerOf(reversed).reply.error?.endDate]).toEqual([400, ["listing:errors.endBeforeStart"]]);
    await savedToast(await postPage(hostJar, id, "details", { form: "pause", intent: "add", startDate: "2099-08-01", endDate: "2099-08-10" }), id, "details", "dashboard:property.paused");
    const overlapping = await postPage(hostJar, id, "details", { form: "pause", intent: "add", startDate: "2099-08-05", endDate: "2099-08-12" });
    expect([overlapping.status, answerOf(overlapping).reply.error?.startDate]).toEqual([409, ["listing:errors.pauseOverlaps"]]);
    const pause = (await ListingPause.findOne({ where: { listingId: id } }))!;
    expect([pause.startDate, pause.endDate]).toEqual(["2099-08-01", "2099-08-10"]);
    await savedToast(await postPage(hostJar, id, "details", { form: "pause", intent: `remove-pause:${pause.id}` }), id, "details", "dashboard:property.pauseRemoved");
    expect(await ListingPause.count({ where: { listingId: id } })).toBe(0);

    const unconfirmed = await postPage(hostJar, id, "details", { form: "delete", intent: "delete" });
    expect([unconfirmed.status, answerOf(unconfirmed).reply.error?.[""]]).toEqual([400, ["dashboard:property.confirmDelete"]]);
    expect((await Listing.findByPk(id))!.status).toBe("visible");
    const deleted = await postPage(hostJar, id, "details", { form: "delete", intent: "delete", confirm: "on" });
    expect([deleted.status, deleted.location]).toEqual([302, "/dashboard/listings"]);
    expect(await toastOf(deleted)).toMatchObject({ message: "dashboard:property.deleted" });
    const row = (await Listing.findByPk(id))!;
    expect([row.status, row.deletedAt === null]).toEqual(["deleted", false]);
    expect((await openPage(hostJar, id)).status).toBe(404);
  });
});

describe("/host-establishment-details/{id}", () => {
  const establishmentPath = (id: number) => `/host-establishment-details/${id}`;
  const postEstablishment = (jar: CookieJar, id: number, form: Record<string, string | undefined>) =>
    callRoute(establishmentRoute.action, makeRequest(establishmentPath(id), { form, jar }), { params: { id: String(id) } });

  async function expectSaved(result: RouteResult, id: number) {
    expect([result.status, result.location]).toEqual([302, establishmentPath(id)]);
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "dashboard:property.saved" });
  }

  it("updates a hotel's information and one of its room types", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, { governorate: "nabeul", delegation: "Hammamet", city: "Hammamet", street: "Zone touristique", postalCode: "8050" });
    await savePropertyType(h, id, { propertyType: "hotel" });
    await saveHotelInfo(h, id, { name: "Hôtel Yasmine", stars: 4, totalRooms: 60, checkInTime: "14:00", checkOutTime: "12:00" });
    const double = await addRoomType(h, id, { name: "Double", basePrice: 260_000, maxOccupancy: 2, quantity: 30, features: [] });

    const page = await callRoute(establishmentRoute.loader, makeRequest(establishmentPath(id), { jar: hostJar }), { params: { id: String(id) } });
    expect(page.status).toBe(200);

    await expectSaved(
      await postEstablishment(hostJar, id, { form: "hotel-info", name: "Hôtel Yasmine Beach", stars: "5", totalRooms: "64", checkInTime: "15:00", checkOutTime: "11:00" }),
      id,
    );
    await expectSaved(
      await postEstablishment(hostJar, id, {
        form: "room",
        intent: `update-room-type:${double}`,
        name: "Double vue mer",
        basePrice: "275,500",
        sizeM2: "28",
        maxOccupancy: "3",
        bedConfiguration: "1 lit double + 1 lit simple",
        quantity: "24",
        features: "sea_view",
      }),
      id,
    );
    const roomType = (await HotelRoomType.findByPk(double))!;
    expect(roomType).toMatchObject({ name: "Double vue mer", basePrice: 275_500, sizeM2: 28, maxOccupancy: 3, quantity: 24, features: ["sea_view"] });
    expect((await getListingForHost(h, id)).hotel).toMatchObject({ name: "Hôtel Yasmine Beach", stars: 5, totalRooms: 64, checkInTime: "15:00" });

    const invalid = await postEstablishment(hostJar, id, { form: "room", intent: `update-room-type:${double}`, name: "", basePrice: "0", maxOccupancy: "2", quantity: "1" });
    expect(invalid.status).toBe(400);
    expect(answerOf(invalid)).toMatchObject({ form: `room-type-${double}`, reply: { error: { name: ["listing:errors.required"], basePrice: ["listing:errors.positiveAmount"] } } });
    expect((await HotelRoomType.findByPk(double))!.name).toBe("Double vue mer");
  });

  it("updates a guesthouse's information and one of its rooms; a room number stays unique", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, { governorate: "tozeur", delegation: "Tozeur", city: "Tozeur", street: "Médina", postalCode: "2200" });
    await savePropertyType(h, id, { propertyType: "guesthouse" });
    await saveGuesthouseInfo(h, id, { name: "Dar Tozeur", totalRooms: 6, checkInTime: "14:00", checkOutTime: "11:00" });
    const jasmin = await addGuesthouseRoom(h, id, { number: "1", name: "Jasmin", price: 150_000, maxGuests: 2, beds: 1, showers: 1 });
    await addGuesthouseRoom(h, id, { number: "2", name: "Palmier", price: 170_000, maxGuests: 3, beds: 2, showers: 1 });

    await expectSaved(
      await postEstablishment(hostJar, id, { form: "guesthouse-info", name: "Dar Tozeur Oasis", totalRooms: "7", descriptionEn: "In the old town.", checkInTime: "15:00", checkOutTime: "10:00" }),
      id,
    );
    await expectSaved(
      await postEstablishment(hostJar, id, { form: "room", intent: `update-room:${jasmin}`, number: "1", name: "Jasmin bleu", price: "165", maxGuests: "3", beds: "2", showers: "1" }),
      id,
    );
    expect(await GuesthouseRoom.findByPk(jasmin)).toMatchObject({ name: "Jasmin bleu", price: 165_000, maxGuests: 3, beds: 2 });
    expect((await getListingForHost(h, id)).guesthouse).toMatchObject({ name: "Dar Tozeur Oasis", totalRooms: 7, descriptionEn: "In the old town.", checkOutTime: "10:00" });

    const clash = await postEstablishment(hostJar, id, { form: "room", intent: `update-room:${jasmin}`, number: "2", name: "Jasmin bleu", price: "165", maxGuests: "3", beds: "2" });
    expect([clash.status, answerOf(clash).reply.error?.number]).toEqual([409, ["listing:errors.roomNumberTaken"]]);
    expect((await GuesthouseRoom.findByPk(jasmin))!.number).toBe("1");
  });

  it("answers a room type's photo posts for that room type, and the page shows the refusal under it", async () => {
    const h = actor(host);
    const id = await saveAddress(h, null, { governorate: "sousse", delegation: "Sousse Médina", city: "Sousse", street: "Boulevard du 7 novembre", postalCode: "4000" });
    await savePropertyType(h, id, { propertyType: "hotel" });
    await saveHotelInfo(h, id, { name: "Hôtel Boujaafar", stars: 4, totalRooms: 40, checkInTime: "14:00", checkOutTime: "12:00" });
    const double = await addRoomType(h, id, { name: "Double", basePrice: 220_000, maxOccupancy: 2, quantity: 20, features: [] });
    const suite = await addRoomType(h, id, { name: "Suite", basePrice: 400_000, maxOccupancy: 4, quantity: 5, features: [] });
    const files = async (seeds: number[]) => Promise.all(seeds.map(async (seed) => ({ name: `r${seed}.jpg`, data: await testPhoto(seed) })));
    const doublePhotos = await addPhotos(h, id, await files([20, 21, 22, 23, 24, 25]), { roomTypeId: double }); // 5 plus the cover
    const suitePhotos = await addPhotos(h, id, await files([26, 27]), { roomTypeId: suite });

    // A full room type refuses another upload, answered for that room type's photos.
    const full = await callRoute(establishmentRoute.action, await uploadRequest(establishmentPath(id), hostJar, [28], { roomTypeId: String(double) }), { params: { id: String(id) } });
    expect(full.status).toBe(400);
    expect(answerOf(full)).toMatchObject({ form: `room-type-photos-${double}`, reply: { error: { photos: ["listing:photos.errors.tooManyRoomPhotos"] } }, values: { left: "0" } });
    expect(await ListingPhoto.count({ where: { roomTypeId: double } })).toBe(6);

    // A button of a page left open, for a photo deleted meanwhile: refused for that room type, about the photo.
    const button = (intent: string, roomTypeId: number) => postEstablishment(hostJar, id, { form: "photo", intent, roomTypeId: String(roomTypeId) });
    await expectSaved(await button(`photo-delete:${doublePhotos[2]!.id}`, double), id);
    const stale = await button(`photo-cover:${doublePhotos[2]!.id}`, double);
    expect(stale.status).toBe(404);
    expect(answerOf(stale)).toMatchObject({ form: `room-type-photos-${double}`, reply: { error: { photos: ["listing:photos.errors.photoNotFound"] } } });

    await addPhotos(h, id, await files([29]), { roomTypeId: double }); // full again

    // Under review, every button is refused: for the room type whose button it was.
    await Listing.update({ moderationState: "pending_review" }, { where: { id } });
    const underReview = await button(`photo-up:${suitePhotos[1]!.id}`, suite);
    expect(underReview.status).toBe(409);
    expect(answerOf(underReview)).toMatchObject({ form: `room-type-photos-${suite}`, reply: { error: { "": ["listing:errors.underReview"] } } });
    expect((await ListingPhoto.findByPk(suitePhotos[1]!.id))!.position).toBe(1);

    // Rendered with these answers, the page shows each message in its room type's card: the full
    // one's too, where no upload form is drawn any more; and nowhere else.
    await Listing.update({ moderationState: "draft" }, { where: { id } });
    const page = await callRoute(establishmentRoute.loader, makeRequest(establishmentPath(id), { jar: hostJar }), { params: { id: String(id) } });
    const en = (key: string) => String(i18n.t(key, { ns: "listing" }));
    const cardOf = (html: string, roomTypeId: number) => new RegExp(`<article[^>]*aria-labelledby="room-type-${roomTypeId}-title"[\\s\\S]*?</article>`).exec(html)?.[0] ?? "";
    for (const [result, roomTypeId, other, message] of [
      [stale, double, suite, en("photos.errors.photoNotFound")],
      [underReview, suite, double, en("errors.underReview")],
    ] as const) {
      const html = renderEstablishmentPage(page.data, result.data, establishmentPath(id));
      expect(cardOf(html, roomTypeId)).toContain(message);
      expect(cardOf(html, other)).not.toContain(message);
      expect(html.split(message)).toHaveLength(2);
    }
    const fullCard = cardOf(renderEstablishmentPage(page.data, full.data, establishmentPath(id)), double);
    expect(fullCard).toContain(String(i18n.t("listing:photos.errors.tooManyRoomPhotos", { left: 0 })));
    expect(fullCard).not.toContain('type="file"');
  });

  it("sends an apartment to its own edit page", async () => {
    const id = await approvedApartment(host, operator);
    const page = await callRoute(establishmentRoute.loader, makeRequest(establishmentPath(id), { jar: hostJar }), { params: { id: String(id) } });
    expect(page.location).toBe(pagePath(id));
  });
});

describe("who may use the edit pages", () => {
  it("a stranger's delete, visibility, pause, photo and upload posts get 403 and change nothing", async () => {
    const id = await approvedApartment(host, operator);
    const strangerJar = await signedIn(stranger);
    const before = (await getListingForHost(actor(host), id)).photos.map((photo) => photo.id);

    expect((await openPage(strangerJar, id)).status).toBe(403);
    const deleted = await postPage(strangerJar, id, "details", { form: "delete", intent: "delete", confirm: "on" });
    expect([deleted.status, answerOf(deleted).reply.error?.[""]]).toEqual([403, ["listing:errors.forbidden"]]);
    const hidden = await postPage(strangerJar, id, "details", { form: "visibility", intent: "hide" });
    expect(hidden.status).toBe(403);
    expect((await postPage(strangerJar, id, "details", { form: "pause", intent: "add", startDate: "2099-01-01", endDate: "2099-01-05" })).status).toBe(403);
    expect((await postPage(strangerJar, id, "photos", { form: "photo", intent: `photo-delete:${before[0]}` })).status).toBe(403);
    expect((await postPage(strangerJar, id, "details", { form: "description", title: "Mine now", descriptionFr: "x" })).status).toBe(403);

    const pageUpload = await callRoute(propertyRoute.action, await uploadRequest(pagePath(id, "photos"), strangerJar, [20]), { params: { id: String(id) } });
    expect(pageUpload.status).toBe(403);
    const scriptUpload = await callRoute(photosRoute.action, await uploadRequest(`/listings/${id}/photos`, strangerJar, [21]), { params: { id: String(id) } });
    expect(scriptUpload.status).toBe(403);
    expect(scriptUpload.data).toMatchObject({ ok: false, message: "You cannot open another host's listing" });

    const establishment = await callRoute(establishmentRoute.loader, makeRequest(`/host-establishment-details/${id}`, { jar: strangerJar }), { params: { id: String(id) } });
    expect(establishment.status).toBe(403);

    // The establishment page's posts: a hotel of the host's, a stranger's room-type and info edits.
    const h = actor(host);
    const hotel = await saveAddress(h, null, { governorate: "sousse", delegation: "Sousse Médina", city: "Sousse", street: "Corniche", postalCode: "4000" });
    await savePropertyType(h, hotel, { propertyType: "hotel" });
    await saveHotelInfo(h, hotel, { name: "Hôtel Corniche", totalRooms: 20, checkInTime: "14:00", checkOutTime: "12:00" });
    const double = await addRoomType(h, hotel, { name: "Double", basePrice: 200_000, maxOccupancy: 2, quantity: 10, features: [] });
    const postHotel = (form: Record<string, string>) =>
      callRoute(establishmentRoute.action, makeRequest(`/host-establishment-details/${hotel}`, { form, jar: strangerJar }), { params: { id: String(hotel) } });
    expect((await postHotel({ form: "room", intent: `update-room-type:${double}`, name: "Mine", basePrice: "1", maxOccupancy: "2", quantity: "1" })).status).toBe(403);
    expect((await postHotel({ form: "room", intent: `delete-room-type:${double}` })).status).toBe(403);
    expect((await postHotel({ form: "hotel-info", name: "Mine", totalRooms: "1", checkInTime: "14:00", checkOutTime: "12:00" })).status).toBe(403);
    expect((await HotelRoomType.findByPk(double))!.name).toBe("Double");
    expect((await getListingForHost(h, hotel)).hotel?.name).toBe("Hôtel Corniche");

    const row = (await Listing.findByPk(id))!;
    expect([row.status, row.visibility, row.title, row.deletedAt]).toEqual(["visible", "visible", "Appartement vue mer", null]);
    expect(await ListingPause.count({ where: { listingId: id } })).toBe(0);
    expect((await ListingPhoto.findAll({ where: { listingId: id }, order: [["position", "ASC"]] })).map((photo) => photo.id)).toEqual(before);
    expect((await openPage(strangerJar, 99_999_999)).status).toBe(404);
  });

  it("an operator opens every tab and the establishment page, and may edit", async () => {
    const id = await approvedApartment(host, operator);
    const operatorJar = await signedIn(operator);
    for (const tab of ["details", "photos", "address", "equipment"]) {
      const page = await openPage(operatorJar, id, tab);
      expect([page.status, (page.data as { tab: string }).tab]).toEqual([200, tab]);
    }
    await savedToast(await postPage(operatorJar, id, "details", { form: "visibility", intent: "hide" }), id, "details", "dashboard:property.hidden");
    expect((await Listing.findByPk(id))!.visibility).toBe("hidden");

    const h = actor(host);
    const hotel = await saveAddress(h, null, { governorate: "sousse", delegation: "Sousse Médina", city: "Sousse", street: "Corniche", postalCode: "4000" });
    await savePropertyType(h, hotel, { propertyType: "hotel" });
    await saveHotelInfo(h, hotel, { name: "Hôtel Corniche", totalRooms: 20, checkInTime: "14:00", checkOutTime: "12:00" });
    const page = await callRoute(establishmentRoute.loader, makeRequest(`/host-establishment-details/${hotel}`, { jar: operatorJar }), { params: { id: String(hotel) } });
    expect(page.status).toBe(200);
  });

  it("an unverified user is sent to verify by the pages, and the upload route answers 403 storing nothing (like the wizard)", async () => {
    const id = await approvedApartment(host, operator);
    await host.update({ emailVerifiedAt: null });
    const jar = await signedIn(host);
    const page = await openPage(jar, id, "photos");
    expect(page.location).toBe(`/verify?redirectTo=${encodeURIComponent(pagePath(id, "photos"))}`);
    const pageUpload = await callRoute(propertyRoute.action, await uploadRequest(pagePath(id, "photos"), jar, [30]), { params: { id: String(id) } });
    expect(pageUpload.location).toMatch(/^\/verify\?redirectTo=/);
    const scriptUpload = await callRoute(photosRoute.action, await uploadRequest(`/listings/${id}/photos`, jar, [31]), { params: { id: String(id) } });
    expect(scriptUpload.status).toBe(403);
    expect(scriptUpload.data).toEqual({ ok: false, message: "Please verify your e-mail address first." });
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(5);
    const establishment = await callRoute(establishmentRoute.loader, makeRequest(`/host-establishment-details/${id}`, { jar }), { params: { id: String(id) } });
    expect(establishment.location).toMatch(/^\/verify\?redirectTo=/);

    // Verified again, the same upload goes through the script's route.
    await host.update({ emailVerifiedAt: new Date() });
    const ok = await callRoute(photosRoute.action, await uploadRequest(`/listings/${id}/photos`, jar, [32]), { params: { id: String(id) } });
    expect([ok.status, ok.data]).toEqual([200, { ok: true }]);
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(6);
  });
});
