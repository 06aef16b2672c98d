// The /api/v1/properties routes and SPEC.md §7's favorites calls, held against openapi.json.
import { describe, expect, it } from "vitest";
import { todayInTunis, addDays } from "~/domain/stay-dates";
import { quoteStay } from "~/domain/pricing";
import { loader as favouriteEstablishments } from "~/routes/api.v1.etablissements.favourite";
import { action as favouriteProperties } from "~/routes/api.v1.AdminPartenaire.selectFavouriteByIDUser";
import { action as favouriteProviders } from "~/routes/api.v1.GestionPartenaire.selectFavouriteByIDUser";
import { loader as searchRoute } from "~/routes/api.v1.properties._index";
import { loader as propertyRoute } from "~/routes/api.v1.properties.$id";
import { loader as availabilityRoute } from "~/routes/api.v1.properties.$id_.availability";
import { loader as quoteRoute } from "~/routes/api.v1.properties.$id_.quote";
import { createSession } from "~/utils/auth-sessions.server";
import { Partner } from "~/db/models/partner.server";
import { addFavorite } from "~/services/favorites/favorite.server";
import { listingPricingTerms } from "~/services/listings/property-pricing.server";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";
import {
  blockDates,
  createPublicGuesthouse,
  createPublicHotel,
  createPublicListing,
  createUser,
  holdNights,
  uniqueCity,
} from "../factories/discovery-factories";

const base = "http://localhost/api/v1";
const context = {};
const today = todayInTunis(new Date());
const day = (offset: number) => addDays(today, offset);

function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`${base}${path}`, { headers });
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("GET /api/v1/properties", () => {
  it("searches with the page's parameters and gives each item its stay total with dates", async () => {
    const city = uniqueCity();
    const free = await createPublicListing({ city, basePrice: 120_000, cleaningFee: 25_000, maxGuests: 2 });
    const booked = await createPublicListing({ city, maxGuests: 2 });
    await holdNights(booked, day(10), day(11));
    await createPublicListing({ city, maxGuests: 1 });
    const params = new URLSearchParams({ destination: city, checkIn: day(10), checkOut: day(13), adults: "2" });
    const response = await searchRoute({ request: get(`/properties?${params}`), params: {}, context });
    expect(response.status).toBe(200);
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties", response)) as {
      items: Array<{ id: number; total: number; nightlyPrice: number; nights: number }>;
      total: number;
      page: number;
    };
    expect(body.total).toBe(1);
    expect(body.page).toBe(1);
    const expected = quoteStay(
      listingPricingTerms({ basePrice: 120_000, cleaningFee: 25_000, weeklyDiscountPct: 0, monthlyDiscountPct: 0 }),
      { checkIn: day(10), checkOut: day(13) },
    );
    expect(body.items).toEqual([expect.objectContaining({ id: free.id, nightlyPrice: 120_000, nights: 3, total: expected.total })]);
  });

  it("lists without dates, and answers 400 with per-field messages for bad parameters", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city });
    const ok = await searchRoute({ request: get(`/properties?destination=${encodeURIComponent(city)}`), params: {}, context });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties", ok)) as { items: Array<{ id: number; total?: number }> };
    expect(body.items.map((item) => item.id)).toEqual([listing.id]);
    expect(body.items[0]!.total).toBeUndefined();

    const bad = await searchRoute({
      request: get("/properties?checkIn=2020-01-01&checkOut=2020-01-03&sort=cheapest", { "Accept-Language": "fr" }),
      params: {},
      context,
    });
    expect(bad.status).toBe(400);
    const error = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties", bad)) as { error: { fields: Record<string, string> } };
    expect(error.error.fields).toEqual({
      checkIn: "L'arrivée ne peut pas être dans le passé",
      sort: "Choisissez un ordre de tri",
    });
  });

  it("answers garbage in a number field with the field's own translated message", async () => {
    const bad = await searchRoute({ request: get("/properties?adults=abc&bedrooms=lots&page=two&children=-1"), params: {}, context });
    expect(bad.status).toBe(400);
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties", bad)) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      adults: "Enter a number of guests from 0 to 50 (at least 1 adult)",
      children: "Enter a number of guests from 0 to 50 (at least 1 adult)",
      bedrooms: "Choose a number of bedrooms",
      page: "This page does not exist",
    });
  });
});

describe("GET /api/v1/properties/{id}", () => {
  it("answers every public field and 404 for a listing that is not public", async () => {
    const listing = await createPublicListing({ minNights: 2, maxNights: 14, weeklyDiscountPct: 10, reservationMethod: "request" });
    const response = await propertyRoute({ request: get(`/properties/${listing.id}`), params: { id: String(listing.id) }, context });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}", response)) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: listing.id,
      type: "apartment",
      basePrice: 100_000,
      cleaningFee: 20_000,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 0,
      minNights: 2,
      maxNights: 14,
      maxGuests: 4,
      reservationMethod: "request",
      cancellationPolicy: "flexible",
      host: { id: listing.hostId, firstName: "Host" },
    });
    expect(JSON.stringify(body)).not.toContain("rue du Test");

    const hidden = await createPublicListing({ visibility: "hidden" });
    for (const id of [String(hidden.id), "999999", "abc"]) {
      const missing = await propertyRoute({ request: get(`/properties/${id}`), params: { id }, context });
      expect(missing.status).toBe(404);
      await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}", missing);
    }
  });

  it("lists an establishment's units", async () => {
    const { listing } = await createPublicHotel({ roomTypes: [{ name: "Suite", price: 300_000, occupancy: 3, quantity: 2 }] });
    const response = await propertyRoute({ request: get(`/properties/${listing.id}`), params: { id: String(listing.id) }, context });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}", response)) as { units: unknown[] };
    expect(body.units).toEqual([expect.objectContaining({ kind: "room-type", name: "Suite", price: 300_000, capacity: 3, quantity: 2 })]);
  });
});

describe("GET /api/v1/properties/{id}/availability", () => {
  it("gives each night's status and price", async () => {
    const listing = await createPublicListing({ basePrice: 90_000 });
    await holdNights(listing, day(3), day(5));
    await holdNights(listing, day(5), day(6), { status: "pending_payment" });
    await blockDates(listing, [day(7)]);
    const params = new URLSearchParams({ from: day(2), to: day(9) });
    const response = await availabilityRoute({
      request: get(`/properties/${listing.id}/availability?${params}`),
      params: { id: String(listing.id) },
      context,
    });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/availability", response)) as {
      nights: Array<{ date: string; status: string; available: boolean; price: number }>;
    };
    expect(body.nights.map((night) => [night.date, night.status, night.available])).toEqual([
      [day(2), "free", true],
      [day(3), "booked", false],
      [day(4), "booked", false],
      [day(5), "held", false],
      [day(6), "free", true],
      [day(7), "blocked", false],
      [day(8), "free", true],
    ]);
    expect(body.nights.every((night) => night.price === 90_000)).toBe(true);

    const bad = await availabilityRoute({
      request: get(`/properties/${listing.id}/availability?from=${day(5)}&to=${day(1)}`),
      params: { id: String(listing.id) },
      context,
    });
    expect(bad.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/availability", bad);
  });
});

describe("GET /api/v1/properties/{id}/quote", () => {
  it("prices a stay, or refuses it with the page's rules: minimum stay (400), booked dates (409)", async () => {
    const listing = await createPublicListing({ basePrice: 100_000, cleaningFee: 30_000, minNights: 3, weeklyDiscountPct: 10 });
    const quote = (params: Record<string, string>, language = "en") =>
      quoteRoute({
        request: get(`/properties/${listing.id}/quote?${new URLSearchParams(params)}`, { "Accept-Language": language }),
        params: { id: String(listing.id) },
        context,
      });

    const ok = await quote({ checkIn: day(20), checkOut: day(27), adults: "2" });
    const body = await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", ok);
    // 7 nights × 100 = 700, weekly −10 % = 70, cleaning 30 → 660, service 5 % = 33 → 693.
    expect(body).toEqual({
      nights: 7,
      rooms: 1,
      nightsTotal: 700_000,
      discount: 70_000,
      discountKind: "weekly",
      cleaningFee: 30_000,
      serviceFee: 33_000,
      total: 693_000,
      currency: "TND",
    });

    const short = await quote({ checkIn: day(20), checkOut: day(22), adults: "2" });
    expect(short.status).toBe(400);
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", short)).toEqual({
      error: { code: "invalid_input", message: "The minimum stay is 3 nights", fields: { checkOut: "The minimum stay is 3 nights" } },
    });

    await holdNights(listing, day(22), day(24));
    const taken = await quote({ checkIn: day(20), checkOut: day(23), adults: "2" }, "es");
    expect(taken.status).toBe(409);
    const conflict = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", taken)) as {
      error: { code: string; message: string };
    };
    expect(conflict.error).toMatchObject({ code: "dates_booked", message: "Las fechas seleccionadas ya están reservadas" });

    const crowd = await quote({ checkIn: day(30), checkOut: day(33), adults: "5" });
    expect(crowd.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", crowd);
  });

  it("prices rooms of an establishment's unit", async () => {
    const { listing, rooms } = await createPublicGuesthouse({ rooms: [{ name: "Jasmin", price: 80_000, maxGuests: 2 }] });
    const response = await quoteRoute({
      request: get(`/properties/${listing.id}/quote?checkIn=${day(5)}&checkOut=${day(7)}&adults=2&roomId=${rooms[0]!.id}`),
      params: { id: String(listing.id) },
      context,
    });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", response)) as { total: number };
    expect(body.total).toBe(quoteStay({ nightlyPrice: 80_000 }, { checkIn: day(5), checkOut: day(7) }).total);
    const noUnit = await quoteRoute({
      request: get(`/properties/${listing.id}/quote?checkIn=${day(5)}&checkOut=${day(7)}&adults=2`),
      params: { id: String(listing.id) },
      context,
    });
    expect(noUnit.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/quote", noUnit);
  });
});

describe("SPEC.md §7 favorites calls", () => {
  it("answer the bearer's own favorites, 403 for another ID_Utulisateur and 401 without a token", async () => {
    const traveler = await createUser();
    const other = await createUser();
    const token = (await createSession(traveler.id, "api")).id;
    const auth = { Authorization: `Bearer ${token}` };
    const property = await createPublicListing();
    const { listing: hotel } = await createPublicHotel();
    const hidden = await createPublicListing();
    await addFavorite(traveler.id, "property", property.id);
    await addFavorite(traveler.id, "establishment", hotel.id);
    await addFavorite(traveler.id, "property", hidden.id);
    await hidden.update({ visibility: "hidden" });
    await addFavorite(other.id, "property", (await createPublicListing()).id);
    const partnerFields = { userId: null, description: "{}", languages: "[]", email: "p@test.darna.tn", phone: "+216 71 000 000", website: null, city: null };
    const partner = await Partner.create({ ...partnerFields, name: "Partner" });
    const suspendedPartner = await Partner.create({ ...partnerFields, name: "Suspended" });
    await addFavorite(traveler.id, "provider", partner.id);
    await addFavorite(traveler.id, "provider", suspendedPartner.id);
    await suspendedPartner.update({ status: "suspended" });
    await addFavorite(other.id, "provider", partner.id);

    const properties = await favouriteProperties({
      request: post("/AdminPartenaire/selectFavouriteByIDUser", { ID_Utulisateur: traveler.id }, auth),
      params: {},
      context,
    });
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/AdminPartenaire/selectFavouriteByIDUser", properties)).toEqual([
      { ID_Bien: property.id },
    ]);

    const establishments = await favouriteEstablishments({ request: get("/etablissements/favourite", auth), params: {}, context });
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/etablissements/favourite", establishments)).toEqual({
      favouriteEstablishments: [expect.objectContaining({ ID_Etablissement: hotel.id, type: "hotel" })],
    });

    const providers = await favouriteProviders({
      request: post("/GestionPartenaire/selectFavouriteByIDUser", { ID_Utulisateur: String(traveler.id) }, auth),
      params: {},
      context,
    });
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/GestionPartenaire/selectFavouriteByIDUser", providers)).toEqual([
      { ID_Prestataire: partner.id },
    ]);

    for (const [route, path] of [
      [favouriteProperties, "/api/v1/AdminPartenaire/selectFavouriteByIDUser"],
      [favouriteProviders, "/api/v1/GestionPartenaire/selectFavouriteByIDUser"],
    ] as const) {
      const forbidden = await route({ request: post(path.slice(7), { ID_Utulisateur: other.id }, auth), params: {}, context });
      expect(forbidden.status).toBe(403);
      await expectApiResponseMatchesOpenApi("post", path, forbidden);
      const anonymous = await route({ request: post(path.slice(7), { ID_Utulisateur: traveler.id }), params: {}, context });
      expect(anonymous.status).toBe(401);
      await expectApiResponseMatchesOpenApi("post", path, anonymous);
    }
    const anonymous = await favouriteEstablishments({ request: get("/etablissements/favourite"), params: {}, context });
    expect(anonymous.status).toBe(401);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/etablissements/favourite", anonymous);
  });
});
