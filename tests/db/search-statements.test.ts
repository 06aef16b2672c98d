// Issue 19, ADR 250: on MariaDB every statement a search sends is a round trip, and on a busy
// machine each one is a wake-up of two processes — the p95 followed the count. A search with dates
// now reads the page's cards, covers and its whole listings' own prices of the stay in one
// statement, an establishment's units with their held rooms in one, and a price sort its first
// batch with the walk's limits and the candidates without a bound in one; high→low on MariaDB
// checks each candidate in the statement that reads it. The prices and availability stay exact.
import { afterEach, describe, expect, it } from "vitest";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import { quoteStay } from "~/domain/pricing";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";
import { forgetSearchCaches, publicPlaces } from "~/services/search/search-cache.server";
import { searchListings, searchMapMarkers } from "~/services/search/search.server";
import { createPublicHotel, createPublicListing, holdNights, priceDates, uniqueCity } from "../factories/discovery-factories";

const now = new Date("2030-01-10T09:00:00Z");
const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], adults: 2, ...overrides };
}

/** The statements `run` sends (their SQL, whitespace folded). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sequelize = getSequelize();
  const original = sequelize.query.bind(sequelize);
  const seen: string[] = [];
  (sequelize as unknown as { query: unknown }).query = (sql: string, options?: unknown) => {
    seen.push(String(sql).replace(/\s+/g, " "));
    return original(sql, options as never);
  };
  try {
    await run();
  } finally {
    (sequelize as unknown as { query: unknown }).query = original;
  }
  return seen;
}

/** Statements that read, on their own, what ADR 250 folds into others. */
const readAlone = (statements: string[]) => ({
  calendarPrices: statements.filter((sql) => /^SELECT listing_id, date, price FROM calendar_days/.test(sql)),
  covers: statements.filter((sql) => /^SELECT p\.listing_id, p\.storage_key/.test(sql)),
  heldRooms: statements.filter((sql) => /^SELECT listing_id, unit_key, night, COUNT\(\*\)/.test(sql)),
  walkLimits: statements.filter((sql) => /^SELECT \(SELECT MAX\(/.test(sql)),
  idChecks: statements.filter((sql) => /SELECT l\.id FROM listings l WHERE l\.id IN \(/.test(sql)),
});

describe("a search with dates sends few statements and stays exact", () => {
  afterEach(() => forgetSearchCaches());

  it("prices the page from its cards' statement and the hotel from its units' statement (held rooms included)", async () => {
    const city = uniqueCity();
    const position = { latitude: 36.4, longitude: 10.6 };
    // A home with its own prices on two nights of the stay, another without, and a hotel whose
    // cheaper room type is full on one night of the stay (so its dearer one is the offer).
    const priced = await createPublicListing({ city, ...position, basePrice: 100_000, cleaningFee: 20_000, approvedAt: new Date("2029-05-01") });
    await priceDates(priced, { "2030-02-10": 180_000, "2030-02-12": 90_000, "2030-03-01": 500_000 });
    const plain = await createPublicListing({ city, ...position, basePrice: 120_000, approvedAt: new Date("2029-05-02") });
    const hotel = await createPublicHotel({
      city,
      ...position,
      approvedAt: new Date("2029-05-03"),
      roomTypes: [
        { name: "Small", price: 60_000, occupancy: 2, quantity: 1 },
        { name: "Large", price: 95_000, occupancy: 2, quantity: 2 },
      ],
    });
    await holdNights(hotel.listing, "2030-02-11", "2030-02-12", { unitKey: `room-type:${hotel.roomTypes[0]!.id}`, slots: [0] });
    forgetSearchCaches();
    await publicPlaces();

    const expected = new Map<number, number>([
      [priced.id, quoteStay(listingPricingTerms({ basePrice: 100_000, cleaningFee: 20_000, weeklyDiscountPct: 0, monthlyDiscountPct: 0 }, new Map([["2030-02-10", 180_000], ["2030-02-12", 90_000]])), stay).total],
      [plain.id, quoteStay(listingPricingTerms({ basePrice: 120_000, cleaningFee: Number(plain.cleaningFee), weeklyDiscountPct: 0, monthlyDiscountPct: 0 }), stay).total],
      [hotel.listing.id, quoteStay(roomPricingTerms({ price: 95_000, cleaningFee: Number(hotel.listing.cleaningFee), weeklyDiscountPct: 0, monthlyDiscountPct: 0, rooms: 1 }), stay).total],
    ]);
    for (const sort of ["recommended", "rating", "price_asc", "price_desc"] as const) {
      let result: Awaited<ReturnType<typeof searchListings>> | null = null;
      const statements = await statementsOf(async () => {
        result = await searchListings({ query: query({ destination: city, ...stay, sort }), currency: TND, now });
      });
      const items = result!.items;
      expect(new Map(items.map((item) => [item.id, item.stay?.total])), sort).toEqual(expected);
      expect(items.find((item) => item.id === hotel.listing.id)?.stay?.unit?.name, sort).toBe("Large");
      const alone = readAlone(statements);
      expect(alone.calendarPrices, `${sort}: the stay's prices come with the cards or the candidates`).toEqual([]);
      expect(alone.covers, `${sort}: the covers come with the cards`).toEqual([]);
      expect(alone.heldRooms, `${sort}: held rooms come with the units`).toEqual([]);
      expect(alone.walkLimits, `${sort}: the walk's limits come with its first batch`).toEqual([]);
      if (currentDialect() === "mysql") {
        // The walk (one statement: ADR 246), then the cards beside the hotel's units.
        if (sort === "recommended" || sort === "rating") expect(statements.length, sort).toBe(3);
      }
      if (sort === "price_asc" || sort === "price_desc") {
        // The price walks check candidates by ids, once for the whole page here (ADR 258): the
        // first batch, the hotel's units, one check, the cards.
        expect(alone.idChecks, sort).toHaveLength(1);
        expect(statements.length, sort).toBeLessThanOrEqual(4);
      }
    }
  });

  it("the map's markers come with their titles and positions from the walk, and stay priced and honest", async () => {
    const city = uniqueCity();
    const position = { latitude: 36.4, longitude: 10.6 };
    const free = await createPublicListing({ city, ...position, basePrice: 100_000 });
    await priceDates(free, { "2030-02-11": 130_000 });
    const held = await createPublicListing({ city, ...position, basePrice: 90_000 });
    await holdNights(held, "2030-02-12", "2030-02-13");
    forgetSearchCaches();
    await publicPlaces();
    let markers: Awaited<ReturnType<typeof searchMapMarkers>>["markers"] = [];
    const statements = await statementsOf(async () => {
      markers = (
        await searchMapMarkers({ query: query({ destination: city, ...stay, bbox: { south: 36.3, north: 36.5, west: 10.5, east: 10.7 } }), currency: TND, now })
      ).markers;
    });
    expect(markers.map((marker) => [marker.id, marker.title, marker.total])).toEqual([
      [free.id, free.title, quoteStay(listingPricingTerms({ basePrice: 100_000, cleaningFee: Number(free.cleaningFee), weeklyDiscountPct: 0, monthlyDiscountPct: 0 }, new Map([["2030-02-11", 130_000]])), stay).total],
    ]);
    expect(statements.filter((sql) => /^SELECT l\.id, l\.property_type, l\.title, l\.latitude/.test(sql)), "no statement of positions").toEqual([]);
    expect(readAlone(statements).calendarPrices).toEqual([]);
    // MariaDB: the walk alone (no establishment among the markers).
    if (currentDialect() === "mysql") expect(statements.length).toBe(1);
  });
});
