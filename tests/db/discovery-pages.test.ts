// The discovery pages' loaders and the favorites action, called with real Requests (forms posted
// as browsers post them with JavaScript off, and as the fetcher posts them with JavaScript on).
import { describe, expect, it } from "vitest";
import { Favorite } from "~/db/models/favorite.server";
import { TND } from "~/domain/money";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { EMPTY_SEARCH } from "~/schemas/search";
import { searchMapMarkers } from "~/services/search/search.server";
import * as homeRoute from "~/routes/($lang)._index";
import * as accommodationRoute from "~/routes/($lang).accommodation";
import * as establishmentRoute from "~/routes/($lang).establishment-details.($id)";
import * as favoritesRoute from "~/routes/($lang).favorites";
import * as propertyRoute from "~/routes/($lang).property-details.($id)";
import * as mapRoute from "~/routes/($lang).search-by-map";
import * as travelTypeRoute from "~/routes/($lang).travel-type.($sub)";
import { createSession } from "~/utils/auth-sessions.server";
import { addFavorite, listFavorites } from "~/services/favorites/favorite.server";
import { tokenCookie } from "~/utils/auth.server";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import {
  blockDates,
  createPublicGuesthouse,
  createPublicHotel,
  createPublicListing,
  createUser,
  holdNights,
  priceDates,
  uniqueCity,
} from "../factories/discovery-factories";

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);

async function signedInJar(userId: number): Promise<CookieJar> {
  const jar = new CookieJar();
  const session = await createSession(userId, "web");
  jar.store(new Headers({ "Set-Cookie": await tokenCookie.serialize(session.id) }));
  return jar;
}

describe("the favorites heart (POST /favorites)", () => {
  it("sends signed-out visitors to log in with “Please log in to add to favorites.”", async () => {
    const listing = await createPublicListing();
    const result = await callRoute(
      favoritesRoute.action,
      makeRequest("/fr/favorites", { form: { kind: "property", targetId: String(listing.id), intent: "add", redirectTo: `/fr/property-details/${listing.id}` } }),
    );
    expect(result.status).toBe(303);
    expect(result.location).toBe(`/fr/auth?redirectTo=${encodeURIComponent(`/fr/property-details/${listing.id}`)}`);
    expect(await toastOf(result)).toMatchObject({ type: "info", message: "favorites:loginRequired" });
  });

  it("adds and removes with a plain form post (redirect back), and with the fetcher (data)", async () => {
    const user = await createUser();
    const jar = await signedInJar(user.id);
    const listing = await createPublicListing();
    const back = `/accommodation?destination=Tunis`;
    const add = await callRoute(
      favoritesRoute.action,
      makeRequest("/favorites", { form: { kind: "property", targetId: String(listing.id), intent: "add", redirectTo: back }, jar }),
    );
    expect(add).toMatchObject({ status: 303, location: back });
    expect(await Favorite.count({ where: { userId: user.id, kind: "property", targetId: listing.id } })).toBe(1);
    // Twice keeps one.
    await callRoute(favoritesRoute.action, makeRequest("/favorites", { form: { kind: "property", targetId: String(listing.id), intent: "add" }, jar }));
    expect(await Favorite.count({ where: { userId: user.id } })).toBe(1);

    const remove = await callRoute(
      favoritesRoute.action,
      makeRequest("/favorites", { form: { kind: "property", targetId: String(listing.id), intent: "remove", fetcher: "1" }, jar }),
    );
    expect(remove).toMatchObject({ status: 200, data: { ok: true, saved: false } });
    expect(await Favorite.count({ where: { userId: user.id } })).toBe(0);
  });

  it("shows “Error adding or removing a favorite” when it fails, and never redirects off the site", async () => {
    const user = await createUser();
    const jar = await signedInJar(user.id);
    const hidden = await createPublicListing({ visibility: "hidden" });
    const { listing: hotel } = await createPublicHotel();
    const cases = [
      { kind: "property", targetId: String(hidden.id) }, // not public
      { kind: "property", targetId: String(hotel.id) }, // an establishment, not a property
      { kind: "provider", targetId: "999999999" }, // no such partner
      { kind: "spaceship", targetId: "1" }, // not a kind
    ];
    for (const form of cases) {
      const result = await callRoute(
        favoritesRoute.action,
        makeRequest("/favorites", { form: { ...form, intent: "add", redirectTo: "https://evil.example/steal" }, jar }),
      );
      expect(result.status).toBe(303);
      expect(result.location).toBe("/accommodation");
      expect(await toastOf(result)).toMatchObject({ type: "error", message: "favorites:errors.failed" });
      const byFetcher = await callRoute(favoritesRoute.action, makeRequest("/favorites", { form: { ...form, intent: "add", fetcher: "1" }, jar }));
      expect(byFetcher.status).toBeGreaterThanOrEqual(400);
      expect(byFetcher.data).toEqual({ ok: false });
      expect(await toastOf(byFetcher)).toMatchObject({ type: "error", message: "favorites:errors.failed" });
    }
    expect(await Favorite.count({ where: { userId: user.id } })).toBe(0);
  });

  it("lists the saved public listings for the profile, newest first, by kind", async () => {
    const user = await createUser();
    const first = await createPublicListing();
    const second = await createPublicListing();
    const { listing: guesthouse } = await createPublicGuesthouse();
    const gone = await createPublicListing();
    await addFavorite(user.id, "property", first.id);
    await addFavorite(user.id, "property", gone.id);
    await addFavorite(user.id, "establishment", guesthouse.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await addFavorite(user.id, "property", second.id);
    await gone.update({ status: "deleted", deletedAt: new Date() });
    const lists = await listFavorites(user.id);
    expect(lists.properties.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(lists.establishments.map((item) => item.id)).toEqual([guesthouse.id]);
    expect(lists.providers).toEqual([]);
  });
});

describe("the search pages", () => {
  it("/accommodation lists the free listings with totals and says when none is free", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city });
    const params = new URLSearchParams({ destination: city, checkIn: day(5), checkOut: day(8), adults: "2" });
    const found = await callRoute(accommodationRoute.loader, makeRequest(`/accommodation?${params}`));
    const data = found.data as { result: { items: Array<{ id: number; stay: { total: number } }>; total: number } };
    expect(data.result.items.map((item) => item.id)).toEqual([listing.id]);
    expect(data.result.items[0]!.stay.total).toBeGreaterThan(0);

    await holdNights(listing, day(6), day(7));
    const none = await callRoute(accommodationRoute.loader, makeRequest(`/accommodation?${params}`));
    expect((none.data as { result: { total: number } }).result.total).toBe(0);
  });

  it("never fails on bad values: each is reported next to its field, kept as typed, and the rest of the search runs", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city });
    const bad = [
      `checkIn=${day(8)}&checkOut=${day(5)}`,
      "adults=-1",
      "adults=abc&children=%00&infants=1e9&pets=-3",
      "checkIn=garbage&checkOut=2030-13-45",
      "minPrice=cheap&maxPrice=-4",
      "bedrooms=many&page=0&sort=best&type=castle&travelTypes=party&amenities=moat&bbox=a,b",
      `checkIn=${day(-3)}&checkOut=${day(2)}`,
      "%E0%A4%A=1&page=99999999999999999999",
    ];
    for (const query of bad) {
      const search = `destination=${encodeURIComponent(city)}&${query}`;
      for (const [route, path, args] of [
        [accommodationRoute.loader, "/accommodation", {}],
        [mapRoute.loader, "/search-by-map", {}],
        [travelTypeRoute.loader, "/travel-type/relax", { params: { sub: "relax" } }],
      ] as const) {
        const result = await callRoute(route, makeRequest(`${path}?${search}`), args);
        expect(result.status, `${path}?${query}`).toBe(200);
        const data = (result.data as { page?: unknown }).page ?? result.data;
        const page = data as { result: { errors: Record<string, string>; items: Array<{ id: number }> }; typed: Record<string, string> };
        if (!query.startsWith("%E0")) expect(Object.keys(page.result.errors).length, query).toBeGreaterThan(0);
        for (const key of Object.values(page.result.errors)) expect(key).toMatch(/^search:errors\.[a-zA-Z]+$/);
        // The rest of the search still runs: the listing of the city is found.
        expect(page.result.items.map((item) => item.id)).toEqual([listing.id]);
        expect(page.typed.destination).toBe(city);
      }
    }
    const swapped = await callRoute(accommodationRoute.loader, makeRequest(`/accommodation?checkIn=${day(8)}&checkOut=${day(5)}&adults=-1`));
    const data = swapped.data as { typed: Record<string, string>; result: { errors: Record<string, string> } };
    expect(data.result.errors).toEqual({ checkOut: "search:errors.checkOutAfterCheckIn", adults: "search:errors.guests" });
    expect(data.typed).toEqual({ checkIn: day(8), checkOut: day(5), adults: "-1" });
  });

  it("/travel-type/{sub} keeps to its travel type; an unknown one is a 404", async () => {
    const city = uniqueCity();
    const work = await createPublicListing({ city, travelTypes: ["work"] });
    await createPublicListing({ city, travelTypes: ["fun"] });
    const result = await callRoute(travelTypeRoute.loader, makeRequest(`/travel-type/work?destination=${encodeURIComponent(city)}`), {
      params: { sub: "work" },
    });
    const data = result.data as { page: { result: { items: Array<{ id: number }> } } };
    expect(data.page.result.items.map((item) => item.id)).toEqual([work.id]);
    const chooser = await callRoute(travelTypeRoute.loader, makeRequest("/travel-type"), { params: {} });
    expect((chooser.data as { counts: Array<{ travelType: string; count: number }> }).counts.map((c) => c.travelType)).toEqual([
      "work",
      "relax",
      "discover",
      "fun",
    ]);
    const unknown = await callRoute(travelTypeRoute.loader, makeRequest("/travel-type/party"), { params: { sub: "party" } });
    expect(unknown.status).toBe(404);
  });

  it("/search-by-map keeps to the map's bounds and names the tile server (OpenStreetMap by default)", async () => {
    const city = uniqueCity();
    const inside = await createPublicListing({ city, latitude: 36.85, longitude: 10.3 });
    await createPublicListing({ city, latitude: 33.5, longitude: 10.9 });
    const result = await callRoute(mapRoute.loader, makeRequest(`/search-by-map?destination=${encodeURIComponent(city)}&bbox=10,36.5,10.6,37`));
    const data = result.data as { result: { items: Array<{ id: number }> }; tiles: { url: string; attribution: string } };
    expect(data.result.items.map((item) => item.id)).toEqual([inside.id]);
    expect(data.tiles.url).toContain("openstreetmap.org");
    expect(data.tiles.attribution).toContain("OpenStreetMap");
    process.env.MAP_TILE_URL = "https://tiles.example.tn/{z}/{x}/{y}.png";
    process.env.MAP_TILE_ATTRIBUTION = "© Example tiles";
    try {
      const custom = await callRoute(mapRoute.loader, makeRequest("/search-by-map"));
      expect((custom.data as { tiles: unknown }).tiles).toEqual({ url: "https://tiles.example.tn/{z}/{x}/{y}.png", attribution: "© Example tiles" });
    } finally {
      delete process.env.MAP_TILE_URL;
      delete process.env.MAP_TILE_ATTRIBUTION;
    }
  });

  it("/search-by-map draws every match of its area on the map (searchMapMarkers), not only the list's page; clusters beyond the marker limit", async () => {
    const city = uniqueCity();
    const ids: number[] = [];
    for (let index = 0; index < 27; index += 1) {
      ids.push((await createPublicListing({ city, title: `Map stay ${index}`, latitude: 36.7 + index * 0.001, longitude: 10.2, basePrice: 100_000 + index * 1_000 })).id);
    }
    await createPublicListing({ city, latitude: 33.5, longitude: 10.9 });
    const search = `destination=${encodeURIComponent(city)}&bbox=10,36.5,10.6,37`;
    const result = await callRoute(mapRoute.loader, makeRequest(`/search-by-map?${search}`));
    const data = result.data as {
      result: { items: Array<{ id: number }> };
      map: { markers: Array<{ id: number; title: string; basePrice: number | null }>; clusters: unknown[]; more: boolean };
    };
    // The list shows its page of 24; the map every one of the 27 in the area, with title and price.
    expect(data.result.items).toHaveLength(24);
    expect(data.map.markers.map((marker) => marker.id).sort((a, b) => a - b)).toEqual(ids);
    expect(data.map.markers.find((marker) => marker.id === ids[3])).toMatchObject({ title: "Map stay 3", basePrice: 103_000 });
    expect(data.map.more).toBe(false);
    expect(data.map.clusters).toEqual([]);
    // The list-only view does not search the map.
    const list = await callRoute(mapRoute.loader, makeRequest(`/search-by-map?${search}&view=list`));
    expect((list.data as { map: unknown }).map).toBeNull();
    // Beyond the limit, the first `limit` matches are grouped in clusters and the map says there are more.
    const clustered = await searchMapMarkers({
      query: { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], destination: city, bbox: { west: 10, south: 36.5, east: 10.6, north: 37 } },
      currency: TND,
      now: new Date(),
      markerLimit: 10,
    });
    expect(clustered.more).toBe(true);
    expect(clustered.markers).toEqual([]);
    expect(clustered.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(10);
    for (const cluster of clustered.clusters) {
      expect(cluster.lat).toBeGreaterThan(36.5);
      expect(cluster.lat).toBeLessThan(37);
    }
  });
});

describe("the property and establishment pages", () => {
  it("show a public property with its text in the page's language or another with a note; 404 otherwise", async () => {
    const listing = await createPublicListing({ descriptionEn: null, descriptionFr: "Texte en français.", descriptionEs: "Texto en español." });
    const es = await callRoute(propertyRoute.loader, makeRequest(`/es/property-details/${listing.id}`), { params: { lang: "es", id: String(listing.id) } });
    expect((es.data as { listing: { description: unknown } }).listing.description).toEqual({ text: "Texto en español.", language: "es", fallback: false });
    const en = await callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}`), { params: { id: String(listing.id) } });
    expect((en.data as { listing: { description: unknown } }).listing.description).toEqual({ text: "Texte en français.", language: "fr", fallback: true });
    // ADR 247: the loader data holds the text shown, not the other languages' (the API serves those).
    expect(JSON.stringify(es.data)).not.toContain("Texte en français.");
    expect(JSON.stringify(en.data)).not.toContain("Texto en español.");

    const pending = await createPublicListing({ moderationState: "pending_review", status: "pending" });
    for (const id of [String(pending.id), "987654", "12abc"]) {
      const missing = await callRoute(propertyRoute.loader, makeRequest(`/property-details/${id}`), { params: { id } });
      expect(missing.status).toBe(404);
    }
    const establishmentAsProperty = await createPublicHotel();
    const moved = await callRoute(propertyRoute.loader, makeRequest(`/fr/property-details/${establishmentAsProperty.listing.id}?checkIn=${day(3)}`), {
      params: { lang: "fr", id: String(establishmentAsProperty.listing.id) },
    });
    expect(moved.location).toBe(`/fr/establishment-details/${establishmentAsProperty.listing.id}?checkIn=${day(3)}`);
  });

  it("never show the exact address (street, postal code, position) before payment; non-public establishments are a 404 too", async () => {
    const listing = await createPublicListing({
      street: "17 impasse Secrète",
      additionalAddress: "Bloc Z, 3e étage",
      postalCode: "8099",
      latitude: 36.41234,
      longitude: 10.61234,
    });
    const page = await callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}`), { params: { id: String(listing.id) } });
    expect(page.status).toBe(200);
    const json = JSON.stringify(page.data);
    for (const secret of ["Secrète", "Bloc Z", "8099", "36.41234", "10.61234", "street", "postalCode", "additionalAddress"]) {
      expect(json, secret).not.toContain(secret);
    }
    const { position } = (page.data as { listing: { location: { position: { lat: number; lng: number } } } }).listing.location;
    // About a kilometre: close enough to see the area, never the door.
    expect(Math.abs(position.lat - 36.41234) + Math.abs(position.lng - 10.61234)).toBeGreaterThan(0.001);
    expect(Math.abs(position.lat - 36.41234)).toBeLessThan(0.02);

    const { listing: hotel } = await createPublicHotel({ street: "9 rue Cachée" });
    const hotelPage = await callRoute(establishmentRoute.loader, makeRequest(`/establishment-details/${hotel.id}`), { params: { id: String(hotel.id) } });
    expect(hotelPage.status).toBe(200);
    expect(JSON.stringify(hotelPage.data)).not.toContain("rue Cachée");
    await hotel.update({ visibility: "hidden" });
    for (const id of [String(hotel.id), "987654", "12abc", "0"]) {
      const missing = await callRoute(establishmentRoute.loader, makeRequest(`/establishment-details/${id}`), { params: { id } });
      expect(missing.status, id).toBe(404);
    }
  });

  it("answer garbage in the quote form with translated messages, never a failure", async () => {
    const listing = await createPublicListing();
    const { listing: hotel } = await createPublicHotel();
    for (const query of [
      `checkIn=${day(6)}&checkOut=${day(3)}&adults=2`,
      `checkIn=${day(3)}&checkOut=${day(6)}&adults=-1`,
      "checkIn=garbage&checkOut=%00&adults=abc&children=1e9&pets=x",
      `checkIn=${day(-5)}&checkOut=${day(-2)}`,
    ]) {
      for (const [route, path, id] of [
        [propertyRoute.loader, "/property-details", listing.id],
        [establishmentRoute.loader, "/establishment-details", hotel.id],
      ] as const) {
        const result = await callRoute(route, makeRequest(`${path}/${id}?${query}`), { params: { id: String(id) } });
        expect(result.status, `${path}?${query}`).toBe(200);
        // The property page: { status, messages }; the establishment page: the messages.
        const data = result.data as { refusal: { messages: string[] } | string[] | null; fieldErrors: Record<string, string> };
        const messages = Array.isArray(data.refusal) ? data.refusal : (data.refusal?.messages ?? []);
        expect(messages.length, `${path}?${query}`).toBeGreaterThan(0);
        expect(JSON.stringify([messages, data.fieldErrors]), `${path}?${query}`).not.toMatch(/rules:|property:|search:|Invalid input/);
      }
    }
  });

  it("quotes the stay with its breakdown, or says why it is refused", async () => {
    const listing = await createPublicListing({ basePrice: 100_000, cleaningFee: 10_000, minNights: 2 });
    const quoteFor = async (search: string) =>
      (await callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}?${search}`), { params: { id: String(listing.id) } })).data as {
        quote: { breakdown: { nights: number; nightsTotal: number; cleaningFee: number; serviceFee: number; total: number } } | null;
        refusal: { status: number; messages: string[] } | null;
        calendar: Array<{ month: string; statuses: string[] }>;
      };
    const ok = await quoteFor(`checkIn=${day(4)}&checkOut=${day(6)}&adults=2`);
    expect(ok.quote!.breakdown).toMatchObject({ nights: 2, nightsTotal: 200_000, cleaningFee: 10_000, serviceFee: 10_500, total: 220_500 });
    expect(ok.refusal).toBeNull();
    const short = await quoteFor(`checkIn=${day(4)}&checkOut=${day(5)}&adults=2`);
    expect(short.refusal).toEqual({ status: 400, messages: ["The minimum stay is 2 nights"] });
    await holdNights(listing, day(5), day(6));
    const booked = await quoteFor(`checkIn=${day(4)}&checkOut=${day(6)}&adults=2`);
    expect(booked.refusal).toEqual({ status: 409, messages: ["The selected dates are already booked"] });
    // The calendar shows the held night as booked.
    // ADR 247: the loader data holds each month's statuses from the 1st (no dates, padding or prices).
    const statusOf = (date: string) => booked.calendar.find((month) => month.month === date.slice(0, 7))!.statuses[Number(date.slice(8)) - 1];
    expect(statusOf(day(5))).toBe("booked");
    expect(statusOf(day(4))).toBe("free");
    expect(booked.calendar).toHaveLength(3);
    for (const month of booked.calendar) {
      const [year, index] = month.month.split("-").map(Number);
      expect(month.statuses).toHaveLength(new Date(Date.UTC(year!, index!, 0)).getUTCDate());
    }
  });

  it("quotes a stay inside the calendar's months and one beyond them alike: the host's prices, taken and blocked nights", async () => {
    // ADR 247: a stay inside the months the page shows is answered by their nights and prices,
    // one beyond them by its own; both must give what the stay's own facts give.
    const listing = await createPublicListing({ basePrice: 100_000, cleaningFee: 0, minNights: 1 });
    await priceDates(listing, { [day(10)]: 150_000, [day(100)]: 170_000 });
    await holdNights(listing, day(12), day(13));
    await blockDates(listing, [day(102)]);
    const quoteFor = async (from: number, to: number) =>
      (
        await callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}?checkIn=${day(from)}&checkOut=${day(to)}&adults=2`), {
          params: { id: String(listing.id) },
        })
      ).data as { quote: { breakdown: { nightsTotal: number } } | null; refusal: { status: number } | null };
    expect((await quoteFor(9, 11)).quote?.breakdown.nightsTotal).toBe(250_000);
    expect((await quoteFor(99, 101)).quote?.breakdown.nightsTotal).toBe(270_000);
    expect((await quoteFor(11, 13)).refusal?.status).toBe(409);
    expect((await quoteFor(101, 103)).refusal?.status).toBe(409);
    expect((await quoteFor(13, 15)).refusal).toBeNull();
  });

  it("/establishment-details shows each room type with its free rooms and price for the dates", async () => {
    const { listing, roomTypes } = await createPublicHotel({
      roomTypes: [
        { name: "Double", price: 150_000, occupancy: 2, quantity: 1 },
        { name: "Family", price: 250_000, occupancy: 4, quantity: 2 },
      ],
    });
    await holdNights(listing, day(10), day(11), { unitKey: `room-type:${roomTypes[0]!.id}` });
    const result = await callRoute(
      establishmentRoute.loader,
      makeRequest(`/establishment-details/${listing.id}?checkIn=${day(10)}&checkOut=${day(12)}&adults=2`),
      { params: { id: String(listing.id) } },
    );
    const data = result.data as {
      units: Array<{ name: string; freeRooms: number; unavailableReason: string | null; offer: { rooms: number; quote: { total: number } } | null }>;
    };
    expect(data.units.map((unit) => [unit.name, unit.freeRooms, unit.unavailableReason, unit.offer?.rooms ?? null])).toEqual([
      ["Double", 0, "booked", null],
      ["Family", 2, null, 1],
    ]);
    const asProperty = await callRoute(establishmentRoute.loader, makeRequest(`/establishment-details/${(await createPublicListing()).id}`), {
      params: { id: String((await createPublicListing()).id) },
    });
    expect(asProperty.status).toBe(302);
  });
});

describe("the home page", () => {
  it("lists a newly booked listing among the best sellers, and counters from the real numbers", async () => {
    const before = await callRoute(homeRoute.loader, makeRequest("/"));
    const data = before.data as { bestSellers: Array<{ id: number }>; counters: { listings: number } };
    const listing = await createPublicListing();
    await holdNights(listing, day(30), day(32));
    const after = await callRoute(homeRoute.loader, makeRequest("/"));
    const afterData = after.data as { bestSellers: Array<{ id: number }>; counters: { listings: number; hosts: number } };
    expect(afterData.bestSellers.map((item) => item.id)).toContain(listing.id);
    // The section fills with the best-rated listings when few were booked (ADR 140), so it never shrinks.
    expect(afterData.bestSellers.length).toBeGreaterThanOrEqual(data.bestSellers.length);
    expect(afterData.counters.listings).toBe(data.counters.listings + 1);
  });
});
