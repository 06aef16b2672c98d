// What a host does to a listing on the pages, through /api/v1/host/listings/** (issue 22 point 1,
// ADR 224): a whole draft made, photographed and submitted by API; hide/show, pauses, delete;
// photos; hotel room types and guesthouse rooms; the calendar. Every answer is held against the
// OpenAPI document; the refusals (401, 403 another host's, 404, 409, 422 with field errors) are
// the pages' own, and the pages and the API share their service functions (each side sees and
// obeys what the other did).
import { describe, expect, it } from "vitest";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { Listing } from "~/db/models/listing.server";
import type { User } from "~/db/models/user.server";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as calendarPage from "~/routes/($lang).dashboard.calendrier.$id";
import * as propertyPage from "~/routes/($lang).dashboard.host-property-details.$id";
import * as wizardPage from "~/routes/($lang).become-host.$step";
import * as listRoute from "~/routes/api.v1.host.listings";
import * as oneRoute from "~/routes/api.v1.host.listings.$id";
import * as submitRoute from "~/routes/api.v1.host.listings.$id_.submit";
import * as visibilityRoute from "~/routes/api.v1.host.listings.$id_.visibility";
import * as pausesRoute from "~/routes/api.v1.host.listings.$id_.pauses";
import * as pauseRoute from "~/routes/api.v1.host.listings.$id_.pauses.$pauseId";
import * as photosRoute from "~/routes/api.v1.host.listings.$id_.photos";
import * as photoRoute from "~/routes/api.v1.host.listings.$id_.photos.$photoId";
import * as coverRoute from "~/routes/api.v1.host.listings.$id_.photos.$photoId_.cover";
import * as moveRoute from "~/routes/api.v1.host.listings.$id_.photos.$photoId_.move";
import * as roomTypesRoute from "~/routes/api.v1.host.listings.$id_.room-types";
import * as roomTypeRoute from "~/routes/api.v1.host.listings.$id_.room-types.$roomTypeId";
import * as roomsRoute from "~/routes/api.v1.host.listings.$id_.rooms";
import * as roomRoute from "~/routes/api.v1.host.listings.$id_.rooms.$roomId";
import * as calendarRoute from "~/routes/api.v1.host.listings.$id_.calendar";
import * as calendarsRoute from "~/routes/api.v1.host.listings.$id_.calendars";
import * as exportUrlRoute from "~/routes/api.v1.host.listings.$id_.calendars.export-url";
import * as answerRoute from "~/routes/api.v1.host.listings.$id_.suspension-answer";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { actOnLiveListing } from "~/services/admin/live-listings.server";
import * as blocksRoute from "~/routes/api.v1.host.listings.$id_.calendar.blocks";
import * as pricesRoute from "~/routes/api.v1.host.listings.$id_.calendar.prices";
import { acceptInvitation, inviteCohost } from "~/services/cohosts/cohosts.server";
import { moderateListing } from "~/services/listings/listing-moderation.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createTestUser, testPhoto } from "../factories/listing-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";
import { parity } from "../support/api-parity/host-listings";
import { getOpenApiDocument } from "~/openapi/document.server";

const ORIGIN = "http://localhost:4321";
type Route = { loader?: unknown; action?: unknown };
type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;

async function tokenFor(user: User | { id: number }): Promise<string> {
  return (await createSession(user.id, "api", { userAgent: "test", ip: null })).id;
}

interface Call {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  contentType?: string;
  language?: string;
  query?: string;
}

/**
 * Calls an API route as a client would and checks the answer against the document: `template`
 * is the OpenAPI path, `params` fill it. Returns the response and its parsed body.
 */
async function api(route: Route, method: string, template: string, params: Record<string, string | number>, call: Call = {}) {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  const headers = new Headers({ "Accept-Language": call.language ?? "en" });
  if (call.token) headers.set("Authorization", `Bearer ${call.token}`);
  let body: BodyInit | undefined = call.body;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers.set("Content-Type", "application/json");
  } else if (call.contentType) headers.set("Content-Type", call.contentType);
  const request = new Request(new URL(path + (call.query ?? ""), ORIGIN), { method, headers, body });
  const handler = (method === "GET" ? route.loader : route.action) as Handler;
  const stringParams = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await handler({ request, params: stringParams, context: {} });
  // The body was just validated against its documented schema; the assertions read it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = (await expectApiResponseMatchesOpenApi(method.toLowerCase(), template, response)) as Record<string, any> | null;
  return { status: response.status, data: data ?? {}, response };
}

async function photoUpload(seeds: number[], extra: Record<string, string> = {}, files?: Array<{ name: string; data: Buffer }>): Promise<{ body: FormData }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  for (const file of files ?? (await Promise.all(seeds.map(async (seed) => ({ name: `p${seed}.jpg`, data: await testPhoto(seed) }))))) {
    form.append("photos", new Blob([new Uint8Array(file.data)], { type: "image/jpeg" }), file.name);
  }
  return { body: form };
}

const address = { governorate: "tunis", delegation: "La Marsa", city: "La Marsa", street: "3 rue du Maroc", postalCode: "2070" };
const sections = {
  propertyType: { propertyType: "apartment", maxGuests: 4, bedrooms: 2, beds: 3, bathrooms: 1 },
  description: { title: "Appartement vue mer", descriptionFr: "Un bel appartement face à la mer." },
  amenities: { amenities: ["wifi", "kitchen"] },
  travelTypes: { travelTypes: ["relax"] },
  prices: { basePrice: 180_000, cleaningFee: 40_000, minNights: 2 },
  discounts: { weeklyDiscountPct: 10, monthlyDiscountPct: 20 },
  cancellation: { cancellationPolicy: "moderate", reservationMethod: "request" },
  houseRules: { petsAllowed: false, eventsAllowed: true, smokingAllowed: false, checkInTime: "15:00", checkOutTime: "11:00" },
  calendarLinks: {},
};

/** A complete apartment made through the API, with 5 photos; not submitted. */
async function apiApartment(token: string): Promise<number> {
  const created = await api(listRoute, "POST", "/api/v1/host/listings", {}, { token, json: { address } });
  expect(created.status).toBe(201);
  const id = created.data.listing.id as number;
  expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: sections })).status).toBe(200);
  expect((await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id }, { token, ...(await photoUpload([0, 1, 2, 3, 4])) })).status).toBe(201);
  return id;
}

async function signedIn(user: User): Promise<CookieJar> {
  const jar = new CookieJar();
  const result = await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: user.email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  expect(result.status).toBe(302);
  return jar;
}

describe("host listing writes through the API", () => {
  it("makes a whole draft: address, every section, 5 photos, submit — as the wizard does", async () => {
    const host = await createTestUser();
    const token = await tokenFor(host);
    const created = await api(listRoute, "POST", "/api/v1/host/listings", {}, { token, json: { address, description: sections.description } });
    expect(created.status).toBe(201);
    expect(created.response.headers.get("Location")).toBe(`/api/v1/host/listings/${created.data.listing.id}`);
    expect(created.data.listing).toMatchObject({ moderationState: "draft", title: "Appartement vue mer", address: { delegation: "La Marsa", postalCode: "2070" } });
    const id = created.data.listing.id as number;

    // Not complete yet: the wizard's rule (submitListing) names the missing steps.
    const early = await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token });
    expect(early.status).toBe(422);
    expect(early.data.error.code).toBe("incomplete");
    expect(early.data.error.message).toMatch(/property-type/);

    const patched = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: sections });
    expect(patched.status).toBe(200);
    expect(patched.data.listing).toMatchObject({
      propertyType: "apartment",
      capacity: { maxGuests: 4, bedrooms: 2 },
      prices: { basePrice: 180_000, cleaningFee: 40_000, minNights: 2, weeklyDiscountPct: 10, currency: "TND" },
      reservationMethod: "request",
      houseRules: { eventsAllowed: true, checkInTime: "15:00" },
      missingSteps: ["photos"],
    });

    const uploaded = await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id }, { token, ...(await photoUpload([0, 1, 2, 3, 4])) });
    expect(uploaded.status).toBe(201);
    expect(uploaded.data.photos).toHaveLength(5);
    expect(uploaded.data.photos[0].isCover).toBe(true);
    expect(uploaded.data.photos[0].url).toMatch(/-640\.webp$/);

    const submitted = await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token });
    expect(submitted.status).toBe(200);
    expect(submitted.data.listing).toMatchObject({ moderationState: "pending_review", missingSteps: [] });
    expect((await Listing.findByPk(id))!.submittedAt).not.toBeNull();
  });

  it("answers 401 without a token, 403 for an unverified host, 403 another host's listing, 404 unknown", async () => {
    const host = await createTestUser();
    const stranger = await createTestUser();
    const unverified = await createTestUser({ verified: false });
    const token = await tokenFor(host);
    const id = await apiApartment(token);
    const strangerToken = await tokenFor(stranger);

    expect((await api(listRoute, "POST", "/api/v1/host/listings", {}, { json: { address } })).status).toBe(401);
    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { json: sections })).status).toBe(401);
    const notVerified = await api(listRoute, "POST", "/api/v1/host/listings", {}, { token: await tokenFor(unverified), json: { address } });
    expect(notVerified.status).toBe(403);
    expect(notVerified.data.error.code).toBe("email_not_verified");

    const forbidden = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token: strangerToken, json: { description: sections.description }, language: "fr" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.error).toMatchObject({ code: "forbidden", message: "Vous ne pouvez pas ouvrir l'annonce d'un autre hôte" });
    // Authorization before validation against the listing: no hint of its type to a stranger.
    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token: strangerToken, json: { prices: { minNights: 2 } } })).status).toBe(403);
    const photoId = (await ListingPhoto.findOne({ where: { listingId: id } }))!.id;
    const refused = [
      await api(oneRoute, "DELETE", "/api/v1/host/listings/{id}", { id }, { token: strangerToken }),
      await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token: strangerToken }),
      await api(visibilityRoute, "PUT", "/api/v1/host/listings/{id}/visibility", { id }, { token: strangerToken, json: { visibility: "hidden" } }),
      await api(pausesRoute, "POST", "/api/v1/host/listings/{id}/pauses", { id }, { token: strangerToken, json: { startDate: addDays(todayInTunis(new Date()), 5), endDate: addDays(todayInTunis(new Date()), 7) } }),
      await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id }, { token: strangerToken, ...(await photoUpload([7])) }),
      await api(photoRoute, "DELETE", "/api/v1/host/listings/{id}/photos/{photoId}", { id, photoId }, { token: strangerToken }),
      await api(coverRoute, "POST", "/api/v1/host/listings/{id}/photos/{photoId}/cover", { id, photoId }, { token: strangerToken }),
      await api(calendarRoute, "GET", "/api/v1/host/listings/{id}/calendar", { id }, { token: strangerToken }),
      await api(blocksRoute, "POST", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token: strangerToken, json: { from: addDays(todayInTunis(new Date()), 3) } }),
      await api(pricesRoute, "PUT", "/api/v1/host/listings/{id}/calendar/prices", { id }, { token: strangerToken, json: { from: addDays(todayInTunis(new Date()), 3), price: 1000 } }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 403));
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(5);
    expect((await Listing.findByPk(id))!.status).not.toBe("deleted");
    expect(await CalendarDay.count({ where: { listingId: id } })).toBe(0);

    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id: 99_999_999 }, { token, json: sections })).status).toBe(404);
    expect((await api(photoRoute, "DELETE", "/api/v1/host/listings/{id}/photos/{photoId}", { id, photoId: 99_999_999 }, { token })).status).toBe(404);
  });

  it("refuses invalid input with 422 and translated messages per field, named by section", async () => {
    const host = await createTestUser();
    const token = await tokenFor(host);
    const id = await apiApartment(token);

    const bad = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, {
      token,
      language: "fr",
      json: { prices: { minNights: 0 }, houseRules: { ...sections.houseRules, checkInTime: "25:00" } },
    });
    expect(bad.status).toBe(422);
    expect(bad.data.error.code).toBe("invalid_input");
    expect(Object.keys(bad.data.error.fields).sort()).toEqual(["houseRules.checkInTime", "prices.minNights"]);
    expect(bad.data.error.fields["prices.minNights"]).toBe("Saisissez un nombre entier dans la plage autorisée");

    // The wizard asks a base price of an apartment (not of a hotel): the same rule here.
    const noPrice = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: { prices: { minNights: 2 } } });
    expect(noPrice.status).toBe(422);
    expect(noPrice.data.error.fields).toEqual({ "prices.basePrice": "This field is required" });

    // A delegation of another governorate: the schema's and the service's message, on its field.
    const wrongPlace = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: { address: { ...address, delegation: "Sousse Médina" } } });
    expect(wrongPlace.status).toBe(422);
    expect(Object.keys(wrongPlace.data.error.fields)).toEqual(["address.delegation"]);

    const empty = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: {} });
    expect(empty.status).toBe(422);
    expect(empty.data.error.message).toBe("Send at least one section of the listing to save.");

    const notImage = await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id }, {
      token,
      ...(await photoUpload([], {}, [{ name: "notes.jpg", data: Buffer.from("not an image at all") }])),
    });
    expect(notImage.status).toBe(422);
    expect(Object.keys(notImage.data.error.fields)).toEqual(["photos"]);
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(5);

    const badRange = await api(blocksRoute, "POST", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token, json: { from: "tomorrow" } });
    expect(badRange.status).toBe(422);
    expect(Object.keys(badRange.data.error.fields)).toEqual(["from"]);
    const badPause = await api(pausesRoute, "POST", "/api/v1/host/listings/{id}/pauses", { id }, {
      token,
      json: { startDate: addDays(todayInTunis(new Date()), 9), endDate: addDays(todayInTunis(new Date()), 4) },
    });
    expect(badPause.status).toBe(422);
    expect(Object.keys(badPause.data.error.fields)).toEqual(["endDate"]);

    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, body: "{not json", contentType: "application/json" })).status).toBe(400);
    // Nothing of the refused bodies was saved.
    expect((await Listing.findByPk(id))!.minNights).toBe(2);
  });

  it("hides and shows, pauses and removes a pause, deletes — the edit page's rules", async () => {
    const host = await createTestUser();
    const token = await tokenFor(host);
    const id = await apiApartment(token);

    const hidden = await api(visibilityRoute, "PUT", "/api/v1/host/listings/{id}/visibility", { id }, { token, json: { visibility: "hidden" } });
    expect(hidden.data.listing.visibility).toBe("hidden");
    expect((await api(visibilityRoute, "PUT", "/api/v1/host/listings/{id}/visibility", { id }, { token, json: { visibility: "visible" } })).data.listing.visibility).toBe("visible");
    expect((await api(visibilityRoute, "PUT", "/api/v1/host/listings/{id}/visibility", { id }, { token, json: { visibility: "gone" } })).status).toBe(422);

    const span = { startDate: addDays(todayInTunis(new Date()), 10), endDate: addDays(todayInTunis(new Date()), 14) };
    const paused = await api(pausesRoute, "POST", "/api/v1/host/listings/{id}/pauses", { id }, { token, json: span });
    expect(paused.status).toBe(201);
    const overlap = await api(pausesRoute, "POST", "/api/v1/host/listings/{id}/pauses", { id }, { token, json: { ...span, startDate: addDays(todayInTunis(new Date()), 12) } });
    expect(overlap.status).toBe(409);
    const read = await api(oneRoute, "GET", "/api/v1/host/listings/{id}", { id }, { token });
    expect(read.data.listing.pauses).toEqual([{ id: paused.data.id, ...span }]);
    expect((await api(pauseRoute, "DELETE", "/api/v1/host/listings/{id}/pauses/{pauseId}", { id, pauseId: paused.data.id }, { token })).status).toBe(204);
    expect(await ListingPause.count({ where: { listingId: id } })).toBe(0);
    expect((await api(pauseRoute, "DELETE", "/api/v1/host/listings/{id}/pauses/{pauseId}", { id, pauseId: paused.data.id }, { token })).status).toBe(404);

    expect((await api(oneRoute, "DELETE", "/api/v1/host/listings/{id}", { id }, { token })).status).toBe(204);
    expect((await Listing.findByPk(id))!.status).toBe("deleted");
    expect((await api(oneRoute, "GET", "/api/v1/host/listings/{id}", { id }, { token })).status).toBe(404);
  });

  it("moves photos, sets the cover, deletes one; past the draft the minimum holds (409)", async () => {
    const host = await createTestUser();
    const operator = await createTestUser({ role: "operator" });
    const token = await tokenFor(host);
    const id = await apiApartment(token);
    const before = (await api(photosRoute, "GET", "/api/v1/host/listings/{id}/photos", { id }, { token })).data.photos as Array<{ id: number; isCover: boolean }>;
    const [first, second, third] = before;

    const moved = await api(moveRoute, "POST", "/api/v1/host/listings/{id}/photos/{photoId}/move", { id, photoId: second!.id }, { token, json: { direction: "up" } });
    expect(moved.data.photos.map((photo: { id: number }) => photo.id).slice(0, 2)).toEqual([second!.id, first!.id]);
    expect((await api(moveRoute, "POST", "/api/v1/host/listings/{id}/photos/{photoId}/move", { id, photoId: second!.id }, { token, json: { direction: "sideways" } })).status).toBe(422);

    const covered = await api(coverRoute, "POST", "/api/v1/host/listings/{id}/photos/{photoId}/cover", { id, photoId: third!.id }, { token });
    expect(covered.data.photos.filter((photo: { isCover: boolean }) => photo.isCover).map((photo: { id: number }) => photo.id)).toEqual([third!.id]);

    // A draft may drop below five photos…
    expect((await api(photoRoute, "DELETE", "/api/v1/host/listings/{id}/photos/{photoId}", { id, photoId: third!.id }, { token })).status).toBe(204);
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(4);
    expect((await ListingPhoto.findOne({ where: { listingId: id, isCover: true } }))).not.toBeNull();
    // …a submitted and approved listing keeps them.
    await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id }, { token, ...(await photoUpload([9])) });
    expect((await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token })).status).toBe(200);
    // Under review nothing changes (409), as on the pages.
    const locked = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, json: { description: sections.description } });
    expect(locked.status).toBe(409);
    await moderateListing({ id: operator.id, role: "operator" }, id, { intent: "approve" });
    const keep = await api(photoRoute, "DELETE", "/api/v1/host/listings/{id}/photos/{photoId}", { id, photoId: first!.id }, { token, language: "fr" });
    expect(keep.status).toBe(409);
    expect(keep.data.error.fields.photos).toBeTruthy();
    expect(await ListingPhoto.count({ where: { listingId: id } })).toBe(5);
  });

  it("adds, replaces and deletes a hotel's room types (with their photos) and a guesthouse's rooms", async () => {
    const host = await createTestUser();
    const token = await tokenFor(host);
    const hotel = (await api(listRoute, "POST", "/api/v1/host/listings", {}, { token, json: { address, propertyType: { propertyType: "hotel" } } })).data.listing.id as number;
    const roomType = { name: "Double vue mer", basePrice: 220_000, maxOccupancy: 2, quantity: 12, features: ["balcony", "sea_view"] };

    // Before the hotel's information: the establishment editor's 409.
    expect((await api(roomTypesRoute, "POST", "/api/v1/host/listings/{id}/room-types", { id: hotel }, { token, json: roomType })).status).toBe(409);
    const info = { name: "Hôtel Les Dunes", totalRooms: 40, checkInTime: "14:00", checkOutTime: "12:00" };
    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id: hotel }, { token, json: { hotelInfo: info, prices: { minNights: 1 } } })).status).toBe(200);
    const added = await api(roomTypesRoute, "POST", "/api/v1/host/listings/{id}/room-types", { id: hotel }, { token, json: roomType });
    expect(added.status).toBe(201);
    const roomTypeId = added.data.id as number;
    expect((await api(roomTypesRoute, "POST", "/api/v1/host/listings/{id}/room-types", { id: hotel }, { token, json: { ...roomType, basePrice: "220" } })).data.error.fields).toHaveProperty("basePrice");
    expect((await api(roomTypeRoute, "PUT", "/api/v1/host/listings/{id}/room-types/{roomTypeId}", { id: hotel, roomTypeId }, { token, json: { ...roomType, quantity: 8 } })).status).toBe(204);
    const roomPhotos = await api(photosRoute, "POST", "/api/v1/host/listings/{id}/photos", { id: hotel }, { token, ...(await photoUpload([1, 2], { roomTypeId: String(roomTypeId) })) });
    expect(roomPhotos.status).toBe(201);
    let view = (await api(oneRoute, "GET", "/api/v1/host/listings/{id}", { id: hotel }, { token })).data.listing;
    expect(view.hotel.roomTypes).toEqual([expect.objectContaining({ id: roomTypeId, quantity: 8, basePrice: 220_000, photos: expect.arrayContaining([expect.objectContaining({ isCover: true })]) })]);
    expect(view.photos).toEqual([]);
    expect((await api(roomTypeRoute, "DELETE", "/api/v1/host/listings/{id}/room-types/{roomTypeId}", { id: hotel, roomTypeId }, { token })).status).toBe(204);
    view = (await api(oneRoute, "GET", "/api/v1/host/listings/{id}", { id: hotel }, { token })).data.listing;
    expect(view.hotel.roomTypes).toEqual([]);

    const guesthouse = (await api(listRoute, "POST", "/api/v1/host/listings", {}, { token, json: { address, propertyType: { propertyType: "guesthouse" }, guesthouseInfo: { name: "Dar Jasmin", totalRooms: 5, checkInTime: "14:00", checkOutTime: "11:00" } } })).data.listing.id as number;
    const room = { number: "3", name: "Jasmin", price: 150_000, maxGuests: 2, beds: 1, showers: 1 };
    const roomId = (await api(roomsRoute, "POST", "/api/v1/host/listings/{id}/rooms", { id: guesthouse }, { token, json: room })).data.id as number;
    expect(roomId).toBeGreaterThan(0);
    const taken = await api(roomsRoute, "POST", "/api/v1/host/listings/{id}/rooms", { id: guesthouse }, { token, json: room });
    expect(taken.status).toBe(409);
    expect((await api(roomRoute, "PUT", "/api/v1/host/listings/{id}/rooms/{roomId}", { id: guesthouse, roomId }, { token, json: { ...room, name: "Jasmin bleu" } })).status).toBe(204);
    expect((await api(oneRoute, "GET", "/api/v1/host/listings/{id}", { id: guesthouse }, { token })).data.listing.guesthouse.rooms).toEqual([expect.objectContaining({ id: roomId, name: "Jasmin bleu", price: 150_000 })]);
    expect((await api(roomRoute, "DELETE", "/api/v1/host/listings/{id}/rooms/{roomId}", { id: guesthouse, roomId }, { token })).status).toBe(204);
    // Someone else's hotel: 403.
    const stranger = await tokenFor(await createTestUser());
    expect((await api(roomsRoute, "POST", "/api/v1/host/listings/{id}/rooms", { id: guesthouse }, { token: stranger, json: room })).status).toBe(403);
  });

  it("reads the calendar, blocks and unblocks ranges, sets prices; a co-host may (as on the page) but not edit the listing", async () => {
    const host = await createTestUser();
    const operator = await createTestUser({ role: "operator" });
    const token = await tokenFor(host);
    const id = await apiApartment(token);
    await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token });
    await moderateListing({ id: operator.id, role: "operator" }, id, { intent: "approve" });
    const from = addDays(todayInTunis(new Date()), 3);
    const to = addDays(todayInTunis(new Date()), 5);

    const blocked = await api(blocksRoute, "POST", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token, json: { from, to } });
    expect(blocked.data).toEqual({ changed: 3 });
    const priced = await api(pricesRoute, "PUT", "/api/v1/host/listings/{id}/calendar/prices", { id }, { token, json: { from: addDays(todayInTunis(new Date()), 8), price: 250_000 } });
    expect(priced.data).toEqual({ changed: 1 });
    expect((await api(pricesRoute, "PUT", "/api/v1/host/listings/{id}/calendar/prices", { id }, { token, json: { from, price: 0 } })).status).toBe(422);

    const month = from.slice(0, 7);
    const calendar = await api(calendarRoute, "GET", "/api/v1/host/listings/{id}/calendar", { id }, { token, query: `?month=${month}` });
    const night = (date: string) => (calendar.data.nights as Array<{ date: string; state: string; price: number }>).find((n) => n.date === date);
    expect(night(from)).toMatchObject({ state: "blocked" });
    expect(calendar.data).toMatchObject({ listingId: id, month, currency: "TND", basePrice: 180_000 });
    if (addDays(todayInTunis(new Date()), 8).startsWith(month)) expect(night(addDays(todayInTunis(new Date()), 8))).toMatchObject({ price: 250_000 });
    expect((await api(calendarRoute, "GET", "/api/v1/host/listings/{id}/calendar", { id }, { token, query: "?month=2026-13" })).status).toBe(422);

    const unblocked = await api(blocksRoute, "DELETE", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token, query: `?from=${from}&to=${from}` });
    expect(unblocked.data).toEqual({ changed: 1 });
    expect(await CalendarDay.count({ where: { listingId: id, blocked: true } })).toBe(2);

    // A co-host runs the calendar, as on /dashboard/calendrier/{id}, but does not edit the listing.
    const cohost = await createTestUser();
    const invitation = await inviteCohost({ id: host.id, email: host.email }, { email: cohost.email, listingIds: [id] });
    await acceptInvitation({ id: cohost.id, email: cohost.email }, invitation.id);
    const cohostToken = await tokenFor(cohost);
    expect((await api(blocksRoute, "POST", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token: cohostToken, json: { from: addDays(todayInTunis(new Date()), 20) } })).data).toEqual({ changed: 1 });
    expect((await api(calendarRoute, "GET", "/api/v1/host/listings/{id}/calendar", { id }, { token: cohostToken })).status).toBe(200);
    expect((await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token: cohostToken, json: { description: sections.description } })).status).toBe(403);
    expect((await api(visibilityRoute, "PUT", "/api/v1/host/listings/{id}/visibility", { id }, { token: cohostToken, json: { visibility: "hidden" } })).status).toBe(403);
  });
});

describe("the suspension answer and the export link", () => {
  it("answers the team about a suspended listing (404 another's, 409 not suspended) and replaces the iCal export URL", async () => {
    const host = await createTestUser();
    const operator = await createTestUser({ role: "operator" });
    const token = await tokenFor(host);
    const id = await apiApartment(token);
    const answer = { answer: "Les photos ont été remplacées." };
    expect((await api(answerRoute, "POST", "/api/v1/host/listings/{id}/suspension-answer", { id }, { token, json: answer })).status).toBe(409);
    await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token });
    await moderateListing({ id: operator.id, role: "operator" }, id, { intent: "approve" });
    await actOnLiveListing({ id: operator.id, role: "operator" }, id, { intent: "suspend", reason: "Photos trompeuses" });
    expect((await api(answerRoute, "POST", "/api/v1/host/listings/{id}/suspension-answer", { id }, { token: await tokenFor(await createTestUser()), json: answer })).status).toBe(404);
    expect((await api(answerRoute, "POST", "/api/v1/host/listings/{id}/suspension-answer", { id }, { token, json: { answer: " " } })).data.error.fields).toHaveProperty("answer");
    expect((await api(answerRoute, "POST", "/api/v1/host/listings/{id}/suspension-answer", { id }, { token, json: answer })).status).toBe(204);
    expect(await ListingModerationEvent.count({ where: { listingId: id, action: "answer", note: answer.answer } })).toBe(1);

    const before = (await api(calendarsRoute, "GET", "/api/v1/host/listings/{id}/calendars", { id }, { token })).data.exportUrl as string;
    const regenerated = await api(exportUrlRoute, "POST", "/api/v1/host/listings/{id}/calendars/export-url", { id }, { token, json: {} });
    expect(regenerated.status).toBe(200);
    expect(regenerated.data.exportUrl).toMatch(/\/ical\/[\w-]+\.ics$/);
    expect(regenerated.data.exportUrl).not.toBe(before);
    expect((await api(calendarsRoute, "GET", "/api/v1/host/listings/{id}/calendars", { id }, { token })).data.exportUrl).toBe(regenerated.data.exportUrl);
    expect((await api(exportUrlRoute, "POST", "/api/v1/host/listings/{id}/calendars/export-url", { id }, { token: await tokenFor(await createTestUser()), json: {} })).status).toBe(403);
  });
});

describe("the pages and the API share the listing services", () => {
  it("the wizard continues a draft the API started, and the API answers the page's refusals with the page's message", async () => {
    const host = await createAccount({ verified: true });
    const token = await tokenFor(host);
    const jar = await signedIn(host);
    const id = (await api(listRoute, "POST", "/api/v1/host/listings", {}, { token, json: { address, ...sections } })).data.listing.id as number;

    // The wizard's photos step sees the draft the API made and takes the upload…
    const form = (await photoUpload([0, 1, 2, 3, 4])).body;
    const upload = await callRoute(
      wizardPage.action,
      new Request(`${ORIGIN}/become-host/photos?listing=${id}`, { method: "POST", headers: { Cookie: jar.header() }, body: form }),
      { params: { step: "photos" }, jar },
    );
    expect(upload.status).toBe(302);
    // …and the API submits it: the same rule (submitListing) finds nothing missing.
    expect((await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token })).status).toBe(200);

    // Under review, the edit page and the API refuse the same edit with the same message (loadEditableListing).
    const page = await callRoute(
      propertyPage.action,
      makeRequest(`/fr/dashboard/host-property-details/${id}?tab=details`, { form: { form: "description", title: "Nouveau titre", descriptionFr: "Texte" }, jar }),
      { params: { id: String(id), lang: "fr" }, jar },
    );
    const byApi = await api(oneRoute, "PATCH", "/api/v1/host/listings/{id}", { id }, { token, language: "fr", json: { description: { title: "Nouveau titre", descriptionFr: "Texte" } } });
    expect(page.status).toBe(409);
    expect(byApi.status).toBe(409);
    expect((page.data as { reply: { error: Record<string, string[]> } }).reply.error[""]).toEqual(["listing:errors.underReview"]);
    expect(byApi.data.error.message).toBe("Cette annonce est en cours de vérification par notre équipe ; vous pourrez la modifier après leur réponse");
    expect((await Listing.findByPk(id))!.title).toBe("Appartement vue mer");
  });

  it("the calendar page and the API block the same nights of the same table, with the same range rule", async () => {
    const host = await createAccount({ verified: true, hostMode: true });
    const operator = await createTestUser({ role: "operator" });
    const token = await tokenFor(host);
    const jar = await signedIn(host);
    const id = await apiApartment(token);
    await api(submitRoute, "POST", "/api/v1/host/listings/{id}/submit", { id }, { token });
    await moderateListing({ id: operator.id, role: "operator" }, id, { intent: "approve" });
    const from = addDays(todayInTunis(new Date()), 4);

    const page = await callRoute(calendarPage.action, makeRequest(`/dashboard/calendrier/${id}`, { form: { intent: "block", from, to: addDays(from, 1) }, jar }), { params: { id: String(id) }, jar });
    expect(page.status).toBe(302);
    const calendar = await api(calendarRoute, "GET", "/api/v1/host/listings/{id}/calendar", { id }, { token, query: `?month=${from.slice(0, 7)}` });
    expect((calendar.data.nights as Array<{ date: string; state: string }>).find((night) => night.date === from)?.state).toBe("blocked");
    // The range rule lives in the service: a year and more is refused by both.
    const far = addDays(from, 400);
    const pageTooLong = await callRoute(calendarPage.action, makeRequest(`/dashboard/calendrier/${id}`, { form: { intent: "block", from, to: far }, jar }), { params: { id: String(id) }, jar });
    const apiTooLong = await api(blocksRoute, "POST", "/api/v1/host/listings/{id}/calendar/blocks", { id }, { token, json: { from, to: far } });
    expect(pageTooLong.status).toBe(400);
    expect((pageTooLong.data as { error: string }).error).toBe("calendar:errors.rangeTooLong");
    expect(apiTooLong.status).toBe(422);
    expect(apiTooLong.data.error.fields).toEqual({ to: "Choose at most 366 days at once." });
  });
});

describe("the parity map of the host's listing pages (tests/support/api-parity/host-listings.ts)", () => {
  const routeModules = import.meta.glob<Record<string, unknown>>("../../app/routes/*.{ts,tsx}");

  it("lists every listing, photo and calendar page with an action, each with operations the document has", async () => {
    const document = getOpenApiDocument();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    for (const entry of parity) {
      const file = `../../app/routes/${entry.route}`;
      expect(routeModules[file], `${entry.route} is a route file`).toBeDefined();
      expect((await routeModules[file]!()).action, `${entry.route} has an action`).toBeDefined();
      if ("api" in entry) for (const operation of entry.api) expect(documented.has(operation), `${operation} is documented`).toBe(true);
    }
    const hostPages = Object.keys(routeModules)
      .map((file) => file.replace("../../app/routes/", ""))
      .filter((file) => !file.startsWith("api.") && /become-host|host-property-details|host-establishment-details|calendrier|channel-manager|listing-answer|^listings\./.test(file));
    const withAction: string[] = [];
    for (const file of hostPages) if ((await routeModules[`../../app/routes/${file}`]!()).action) withAction.push(file);
    expect(parity.map((entry) => entry.route).sort()).toEqual(withAction.sort());
  });
});
