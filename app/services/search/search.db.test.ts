import { describe, expect, it } from "vitest";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { TND, type DisplayCurrency } from "~/domain/money";
import { quoteStay } from "~/domain/pricing";
import { EMPTY_SEARCH, parseSearchParams, type SearchQuery } from "~/schemas/search";
import { listingPricingTerms } from "~/services/listings/property-pricing.server";
import { searchListings } from "~/services/search/search.server";
import {
  blockDates,
  createPublicGuesthouse,
  createPublicHotel,
  createPublicListing,
  holdNights,
  pauseListing,
  priceDates,
  uniqueCity,
} from "../../../tests/factories/discovery-factories";

// A fixed clock: "today" in Tunis is 2030-01-10, so the stays below are in the future.
const now = new Date("2030-01-10T09:00:00Z");
const EUR: DisplayCurrency = { code: "EUR", symbol: "€", valueMicros: 300_000, decimals: 2 };

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], ...overrides };
}

async function idsFound(overrides: Partial<SearchQuery>, currency: DisplayCurrency = TND) {
  const result = await searchListings({ query: query(overrides), currency, now, pageSize: 100 });
  return result.items.map((item) => item.id);
}

const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };

describe("search: only public listings", () => {
  it("finds approved visible listings and never pending, hidden, deleted, rejected or suspended ones", async () => {
    const city = uniqueCity();
    const visible = await createPublicListing({ city });
    await createPublicListing({ city, moderationState: "pending_review", status: "pending" });
    await createPublicListing({ city, visibility: "hidden" });
    await createPublicListing({ city, status: "deleted", deletedAt: new Date() });
    await createPublicListing({ city, moderationState: "rejected", status: "pending" });
    const suspended = await createPublicListing({ city });
    await HostSuspension.create({ hostId: suspended.hostId, reason: "rating", note: null, suspendedAt: now, liftedAt: null });
    const lifted = await createPublicListing({ city });
    await HostSuspension.create({ hostId: lifted.hostId, reason: "operator", note: null, suspendedAt: now, liftedAt: now });

    expect((await idsFound({ destination: city })).sort()).toEqual([visible.id, lifted.id].sort());
    expect((await idsFound({ destination: city, ...stay, adults: 2 })).sort()).toEqual([visible.id, lifted.id].sort());
  });
});

describe("search: availability for the dates", () => {
  it("leaves out a listing with a held night in the stay, keeps back-to-back stays", async () => {
    const city = uniqueCity();
    const booked = await createPublicListing({ city });
    await holdNights(booked, "2030-02-12", "2030-02-14");
    const pending = await createPublicListing({ city });
    await holdNights(pending, "2030-02-09", "2030-02-11", { status: "pending_payment" });
    const before = await createPublicListing({ city });
    await holdNights(before, "2030-02-07", "2030-02-10");
    const after = await createPublicListing({ city });
    await holdNights(after, "2030-02-13", "2030-02-15");

    expect((await idsFound({ destination: city, ...stay })).sort()).toEqual([before.id, after.id].sort());
    // Without dates, every one of them is listed.
    expect(await idsFound({ destination: city })).toHaveLength(4);
  });

  it("leaves out a blocked night and a pause overlapping the stay", async () => {
    const city = uniqueCity();
    const blocked = await createPublicListing({ city });
    await blockDates(blocked, ["2030-02-11"]);
    const blockedAfter = await createPublicListing({ city });
    await blockDates(blockedAfter, ["2030-02-13"]);
    const paused = await createPublicListing({ city });
    await pauseListing(paused, "2030-02-01", "2030-02-11");
    const pausedBefore = await createPublicListing({ city });
    await pauseListing(pausedBefore, "2030-02-01", "2030-02-10");
    const free = await createPublicListing({ city });
    // A priced (not blocked) night does not make a listing unavailable.
    await priceDates(free, { "2030-02-11": 200_000 });

    expect((await idsFound({ destination: city, ...stay })).sort()).toEqual([blockedAfter.id, pausedBefore.id, free.id].sort());
  });

  it("keeps the minimum and maximum nights", async () => {
    const city = uniqueCity();
    const minFour = await createPublicListing({ city, minNights: 4 });
    const maxTwo = await createPublicListing({ city, maxNights: 2 });
    const maxThree = await createPublicListing({ city, minNights: 3, maxNights: 3 });
    expect(await idsFound({ destination: city, ...stay })).toEqual([maxThree.id]);
    expect((await idsFound({ destination: city, checkIn: "2030-02-10", checkOut: "2030-02-14" })).sort()).toEqual([minFour.id]);
    expect(await idsFound({ destination: city, checkIn: "2030-02-10", checkOut: "2030-02-12" })).toEqual([maxTwo.id]);
  });

  it("keeps guests within capacity: adults and children count, infants do not; pets only where allowed", async () => {
    const city = uniqueCity();
    const forTwo = await createPublicListing({ city, maxGuests: 2 });
    const forFour = await createPublicListing({ city, maxGuests: 4, petsAllowed: true });
    expect((await idsFound({ destination: city, ...stay, adults: 2 })).sort()).toEqual([forTwo.id, forFour.id].sort());
    expect(await idsFound({ destination: city, ...stay, adults: 2, children: 1 })).toEqual([forFour.id]);
    expect((await idsFound({ destination: city, ...stay, adults: 2, infants: 2 })).sort()).toEqual([forTwo.id, forFour.id].sort());
    expect(await idsFound({ destination: city, ...stay, adults: 1, pets: 1 })).toEqual([forFour.id]);
    // Guests without dates filter too.
    expect(await idsFound({ destination: city, adults: 3 })).toEqual([forFour.id]);
  });

  it("reports a check-in in the past and searches without dates then", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city });
    await holdNights(listing, "2030-01-05", "2030-01-08");
    const result = await searchListings({
      query: query({ destination: city, checkIn: "2030-01-05", checkOut: "2030-01-08" }),
      currency: TND,
      now,
    });
    expect(result.errors.checkIn).toBe("search:errors.checkInPast");
    expect(result.stay).toBeNull();
    expect(result.items.map((item) => item.id)).toEqual([listing.id]);
  });
});

describe("search: establishments", () => {
  it("finds a hotel while one of its room types has enough free rooms on every night", async () => {
    const city = uniqueCity();
    const { listing, roomTypes } = await createPublicHotel({
      city,
      roomTypes: [{ name: "Double", price: 150_000, occupancy: 2, quantity: 2 }],
    });
    const unit = `room-type:${roomTypes[0]!.id}`;
    await holdNights(listing, "2030-02-11", "2030-02-12", { unitKey: unit, slots: [0] });
    expect(await idsFound({ destination: city, ...stay, adults: 2 })).toEqual([listing.id]);
    // Two guests more need a second room, and only one is free on the 11th.
    expect(await idsFound({ destination: city, ...stay, adults: 4 })).toEqual([]);
    await holdNights(listing, "2030-02-12", "2030-02-13", { unitKey: unit, slots: [1] });
    expect(await idsFound({ destination: city, ...stay, adults: 2 })).toEqual([listing.id]);
    await holdNights(listing, "2030-02-11", "2030-02-12", { unitKey: unit, slots: [1] });
    expect(await idsFound({ destination: city, ...stay, adults: 2 })).toEqual([]);
  });

  it("prices a hotel with the cheapest room type that fits, and a guesthouse by its free rooms", async () => {
    const city = uniqueCity();
    const { listing: hotel } = await createPublicHotel({
      city,
      roomTypes: [
        { name: "Single", price: 80_000, occupancy: 1, quantity: 5 },
        { name: "Double", price: 150_000, occupancy: 2, quantity: 1 },
      ],
    });
    const { listing: guesthouse, rooms } = await createPublicGuesthouse({
      city,
      rooms: [
        { name: "Jasmin", price: 90_000, maxGuests: 2 },
        { name: "Oranger", price: 120_000, maxGuests: 3 },
      ],
    });
    await holdNights(guesthouse, "2030-02-10", "2030-02-11", { unitKey: `room:${rooms[0]!.id}` });
    const result = await searchListings({ query: query({ destination: city, ...stay, adults: 2 }), currency: TND, now });
    const byId = new Map(result.items.map((item) => [item.id, item]));
    // Two singles (2 × 80) cost more than one double (150) for three nights? 2×80×3=480 > 150×3=450.
    const hotelQuote = quoteStay({ nightlyPrice: 150_000, cleaningFee: 0, rooms: 1 }, stay);
    expect(byId.get(hotel.id)!.stay).toEqual({ nights: 3, total: hotelQuote.total, unit: expect.objectContaining({ name: "Double", rooms: 1 }) });
    const roomQuote = quoteStay({ nightlyPrice: 120_000, cleaningFee: 0 }, stay);
    expect(byId.get(guesthouse.id)!.stay).toEqual({ nights: 3, total: roomQuote.total, unit: expect.objectContaining({ name: "Oranger", rooms: 1 }) });
    // Four guests: no guesthouse room takes them alone.
    expect(await idsFound({ destination: city, ...stay, adults: 4 })).toEqual([hotel.id]);
  });
});

describe("search: filters", () => {
  it("filters by type, travel types (any), amenities (all), bedrooms and instant book", async () => {
    const city = uniqueCity();
    const villa = await createPublicListing({
      city,
      propertyType: "villa",
      bedrooms: 4,
      amenities: ["pool", "wifi"],
      travelTypes: ["relax", "fun"],
      reservationMethod: "request",
    });
    const flat = await createPublicListing({ city, propertyType: "apartment", bedrooms: 1, amenities: ["wifi"], travelTypes: ["work"] });
    expect(await idsFound({ destination: city, types: ["villa"] })).toEqual([villa.id]);
    expect((await idsFound({ destination: city, types: ["villa", "apartment"] })).sort()).toEqual([villa.id, flat.id].sort());
    expect(await idsFound({ destination: city, travelTypes: ["fun"] })).toEqual([villa.id]);
    expect((await idsFound({ destination: city, travelTypes: ["fun", "work"] })).sort()).toEqual([villa.id, flat.id].sort());
    expect(await idsFound({ destination: city, amenities: ["pool", "wifi"] })).toEqual([villa.id]);
    expect((await idsFound({ destination: city, amenities: ["wifi"] })).sort()).toEqual([villa.id, flat.id].sort());
    expect(await idsFound({ destination: city, bedrooms: 2 })).toEqual([villa.id]);
    expect(await idsFound({ destination: city, instantBook: true })).toEqual([flat.id]);
  });

  it("matches the destination by city or governorate, ignoring case and accents", async () => {
    const governorate = uniqueCity("Gov");
    const city = `Sïdi ${uniqueCity("Bou")}`;
    const inCity = await createPublicListing({ city, governorate });
    const inGovernorate = await createPublicListing({ city: uniqueCity(), governorate });
    expect(await idsFound({ destination: city.toUpperCase().replace("Ï", "I") })).toEqual([inCity.id]);
    expect((await idsFound({ destination: governorate.toLowerCase() })).sort()).toEqual([inCity.id, inGovernorate.id].sort());
    expect(await idsFound({ destination: uniqueCity("Nowhere") })).toEqual([]);
  });

  it("keeps only listings inside the map's bounds", async () => {
    const city = uniqueCity();
    const north = await createPublicListing({ city, latitude: 37.2, longitude: 9.9 });
    await createPublicListing({ city, latitude: 33.8, longitude: 10.9 });
    expect(await idsFound({ destination: city, bbox: { west: 9, south: 36.5, east: 10.5, north: 37.5 } })).toEqual([north.id]);
  });
});

describe("search: prices in the display currency", () => {
  it("shows the stay's total with every fee, from the host's per-date prices", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city, basePrice: 100_000, cleaningFee: 30_000 });
    await priceDates(listing, { "2030-02-11": 160_000 });
    const result = await searchListings({ query: query({ destination: city, ...stay, adults: 2 }), currency: TND, now });
    const expected = quoteStay(
      listingPricingTerms({ basePrice: 100_000, cleaningFee: 30_000, weeklyDiscountPct: 0, monthlyDiscountPct: 0 }, new Map([["2030-02-11", 160_000]])),
      stay,
    );
    expect(result.items[0]!.stay).toEqual({ nights: 3, total: expected.total, unit: null });
    // 100 + 160 + 100 + 30 cleaning = 390; + 5 % service fee = 409.5 TND.
    expect(expected.total).toBe(409_500);
  });

  it("filters by the nightly price typed in EUR (base price without dates, the stay's average with dates)", async () => {
    const city = uniqueCity();
    // 100 TND = 30 EUR a night; 200 TND = 60 EUR.
    const cheap = await createPublicListing({ city, basePrice: 100_000, cleaningFee: 0 });
    const dear = await createPublicListing({ city, basePrice: 200_000, cleaningFee: 0 });
    expect(await idsFound({ destination: city, maxPrice: "30" }, EUR)).toEqual([cheap.id]);
    expect(await idsFound({ destination: city, minPrice: "30.01" }, EUR)).toEqual([dear.id]);
    // With dates the service fee counts: 105 TND a night = 31.50 EUR.
    expect(await idsFound({ destination: city, ...stay, maxPrice: "31.49" }, EUR)).toEqual([]);
    expect(await idsFound({ destination: city, ...stay, maxPrice: "31.50" }, EUR)).toEqual([cheap.id]);
    expect(await idsFound({ destination: city, ...stay, minPrice: "40" }, EUR)).toEqual([dear.id]);
  });

  it("sorts by price up and down, with or without dates, and pages by links", async () => {
    const city = uniqueCity();
    const listings = [];
    for (const price of [300_000, 100_000, 500_000, 200_000, 400_000]) {
      listings.push(await createPublicListing({ city, basePrice: price }));
    }
    const byPrice = [...listings].sort((a, b) => a.basePrice! - b.basePrice!).map((listing) => listing.id);
    expect(await idsFound({ destination: city, sort: "price_asc" })).toEqual(byPrice);
    expect(await idsFound({ destination: city, sort: "price_desc" })).toEqual([...byPrice].reverse());
    expect(await idsFound({ destination: city, ...stay, sort: "price_asc" })).toEqual(byPrice);
    expect(await idsFound({ destination: city, sort: "newest" })).toEqual(listings.map((l) => l.id).reverse());

    for (const dated of [{}, stay]) {
      const page2 = await searchListings({ query: query({ destination: city, sort: "price_asc", page: 2, ...dated }), currency: TND, now, pageSize: 2 });
      expect(page2).toMatchObject({ total: 5, page: 2, pageCount: 3 });
      expect(page2.items.map((item) => item.id)).toEqual(byPrice.slice(2, 4));
      const beyond = await searchListings({ query: query({ destination: city, sort: "price_asc", page: 9, ...dated }), currency: TND, now, pageSize: 2 });
      expect(beyond.page).toBe(3);
      expect(beyond.items.map((item) => item.id)).toEqual(byPrice.slice(4));
    }
  });
});

describe("search: the orders", () => {
  it("recommended: instant book first, then the most recently approved; rating keeps that order (no reviews yet); newest by approval", async () => {
    const city = uniqueCity();
    const oldRequest = await createPublicListing({ city, reservationMethod: "request", approvedAt: new Date("2029-01-01T00:00:00Z") });
    const newRequest = await createPublicListing({ city, reservationMethod: "request", approvedAt: new Date("2029-12-01T00:00:00Z") });
    const oldDirect = await createPublicListing({ city, reservationMethod: "direct", approvedAt: new Date("2029-02-01T00:00:00Z") });
    const newDirect = await createPublicListing({ city, reservationMethod: "direct", approvedAt: new Date("2029-11-01T00:00:00Z") });
    const recommended = [newDirect.id, oldDirect.id, newRequest.id, oldRequest.id];
    const newest = [newRequest.id, newDirect.id, oldDirect.id, oldRequest.id];
    for (const dated of [{}, stay]) {
      expect(await idsFound({ destination: city, ...dated })).toEqual(recommended);
      expect(await idsFound({ destination: city, sort: "rating", ...dated })).toEqual(recommended);
      expect(await idsFound({ destination: city, sort: "newest", ...dated })).toEqual(newest);
    }
    // With a price filter and dates every candidate is priced here: the same orders.
    expect(await idsFound({ destination: city, ...stay, maxPrice: "100000" })).toEqual(recommended);
    expect(await idsFound({ destination: city, ...stay, maxPrice: "100000", sort: "newest" })).toEqual(newest);
  });
});

describe("search: counting", () => {
  it("counts exactly up to the cap, then says there are more and links one page further", async () => {
    const city = uniqueCity();
    const listings = [];
    for (const price of [500_000, 100_000, 300_000, 200_000, 400_000]) listings.push(await createPublicListing({ city, basePrice: price }));
    const byPrice = [...listings].sort((a, b) => a.basePrice! - b.basePrice!).map((listing) => listing.id);
    const search = (extra: Partial<SearchQuery>, countCap: number) =>
      searchListings({ query: query({ destination: city, sort: "price_asc", ...extra }), currency: TND, now, pageSize: 2, countCap });

    const capped = await search({}, 2);
    expect(capped).toMatchObject({ total: 2, totalCapped: true, pageCount: 2, page: 1 });
    expect(capped.items.map((item) => item.id)).toEqual(byPrice.slice(0, 2));
    // The next page looks further: 4 counted, one more page linked.
    const second = await search({ page: 2 }, 2);
    expect(second).toMatchObject({ total: 4, totalCapped: true, pageCount: 3, page: 2 });
    expect(second.items.map((item) => item.id)).toEqual(byPrice.slice(2, 4));
    const third = await search({ page: 3 }, 2);
    expect(third).toMatchObject({ total: 5, totalCapped: false, pageCount: 3, page: 3 });
    expect(third.items.map((item) => item.id)).toEqual(byPrice.slice(4));
    expect(await search({}, 5)).toMatchObject({ total: 5, totalCapped: false, pageCount: 3 });
    // Sorted by the stay's total, the count is capped the same way (ADR 190: only the candidates
    // that can reach the page are priced), and the page holds the cheapest stays.
    const byStay = await search(stay, 2);
    expect(byStay).toMatchObject({ total: 2, totalCapped: true, pageCount: 2 });
    expect(byStay.items.map((item) => item.id)).toEqual(byPrice.slice(0, 2));
    expect(await search({ ...stay, page: 3 }, 2)).toMatchObject({ total: 5, totalCapped: false, pageCount: 3 });

    // Recommended order walks the candidates batch by batch: a held night near the top is skipped.
    await holdNights(listings[4]!, stay.checkIn, stay.checkOut);
    const newestFirst = listings.map((listing) => listing.id).reverse();
    const page = await searchListings({ query: query({ destination: city, ...stay }), currency: TND, now, pageSize: 2, countCap: 3 });
    expect(page).toMatchObject({ total: 3, totalCapped: true });
    expect(page.items.map((item) => item.id)).toEqual(newestFirst.slice(1, 3));
  });
});

describe("search: the query string", () => {
  it("reads every parameter of the GET form", async () => {
    const city = uniqueCity();
    const listing = await createPublicListing({ city, propertyType: "villa", amenities: ["pool"], travelTypes: ["relax"] });
    const { query: parsed, errors } = parseSearchParams(
      new URLSearchParams(
        `destination=${encodeURIComponent(city)}&checkIn=2030-02-10&checkOut=2030-02-13&adults=2&children=1&infants=1&pets=0` +
          "&type=villa&travelTypes=relax&minPrice=10&maxPrice=1000&bedrooms=1&amenities=pool&instantBook=1&sort=price_asc&page=1",
      ),
    );
    expect(errors).toEqual({});
    const result = await searchListings({ query: parsed, currency: TND, now });
    expect(result.items.map((item) => item.id)).toEqual([listing.id]);
    expect(result.items[0]!.stay?.nights).toBe(3);
  });
});
