// Issue 19 point 4 (ADR 190): however a search is sorted or filtered — and the map's markers —
// it never offers a night that is held, booked, blocked, paused or imported from a calendar
// feed, nor a deleted listing or a suspended host's. The unavailable listings below are made the
// most attractive for every order (cheapest, dearest, best rated, instant book, newest), so a
// search that ranked before checking would show them. And the price bounds the price sorts rank
// by (migration 0230) follow a price change in the same statement.
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { getSequelize } from "~/db/sequelize.server";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { TND } from "~/domain/money";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { searchListings, searchMapMarkers } from "~/services/search/search.server";
import {
  blockDates,
  createPublicGuesthouse,
  createPublicHotel,
  createPublicListing,
  holdNights,
  pauseListing,
  priceDates,
  uniqueCity,
} from "../factories/discovery-factories";

const now = new Date("2030-01-10T09:00:00Z");
const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], ...overrides };
}

/** A calendar feed of the listing with its imported nights (held like a booking's, no reservation). */
async function importNights(listingId: number, nights: string[]) {
  const sequelize = getSequelize();
  const at = new Date();
  await sequelize.query(
    "INSERT INTO calendar_feeds (listing_id, source, url, failures, last_night_count, created_at, updated_at) VALUES (:listingId, 'airbnb', 'https://example.com/x.ics', 0, 0, :at, :at)",
    { replacements: { listingId, at } },
  );
  const [feed] = await sequelize.query<{ id: number }>("SELECT id FROM calendar_feeds WHERE listing_id = :listingId", {
    replacements: { listingId },
    type: QueryTypes.SELECT,
  });
  for (const night of nights) {
    await sequelize.query(
      "INSERT INTO reservation_nights (reservation_id, calendar_feed_id, listing_id, unit_key, night, slot, created_at) VALUES (NULL, :feed, :listingId, 'listing', :night, 0, :at)",
      { replacements: { feed: Number(feed!.id), listingId, night, at } },
    );
  }
}

describe("search: no result ever offers an unavailable night (every sort, filters, the map)", () => {
  it("leaves out held, booked, blocked, paused, feed-imported nights, deleted listings and suspended hosts", async () => {
    const city = uniqueCity();
    const position = { latitude: 36.4, longitude: 10.6 };
    // The free ones: middle prices, request booking, older, unrated.
    const free = [
      await createPublicListing({ city, ...position, basePrice: 200_000, reservationMethod: "request", approvedAt: new Date("2029-01-01") }),
      await createPublicListing({ city, ...position, basePrice: 300_000, reservationMethod: "request", approvedAt: new Date("2029-01-02") }),
    ];
    const freeGuesthouse = await createPublicGuesthouse({ city, ...position, reservationMethod: "request", approvedAt: new Date("2029-01-03"), rooms: [{ name: "Free", price: 250_000, maxGuests: 2 }] });
    const expected = [...free.map((listing) => listing.id), freeGuesthouse.listing.id].sort((a, b) => a - b);

    // The unavailable ones, each made the cheapest or the dearest, instant book, newest, best rated.
    const attractive = (basePrice: number) => ({ city, ...position, basePrice, reservationMethod: "direct" as const, approvedAt: new Date("2030-01-09") });
    const unavailable: number[] = [];
    const held = await createPublicListing(attractive(10_000));
    await holdNights(held, "2030-02-12", "2030-02-14", { status: "pending_payment" });
    const booked = await createPublicListing(attractive(2_000_000));
    await holdNights(booked, "2030-02-09", "2030-02-11");
    const blocked = await createPublicListing(attractive(11_000));
    await blockDates(blocked, ["2030-02-11"]);
    const paused = await createPublicListing(attractive(2_100_000));
    await pauseListing(paused, "2030-02-12", "2030-02-20");
    const imported = await createPublicListing(attractive(12_000));
    await importNights(imported.id, ["2030-02-10"]);
    const deleted = await createPublicListing({ ...attractive(13_000), status: "deleted", deletedAt: new Date() });
    const suspended = await createPublicListing(attractive(14_000));
    await HostSuspension.create({ hostId: suspended.hostId, reason: "operator", note: null, suspendedAt: now, liftedAt: null });
    // A cheap per-date price on a booked night must not bring it back either.
    const cheapButBooked = await createPublicListing(attractive(900_000));
    await priceDates(cheapButBooked, { "2030-02-10": 1_000, "2030-02-11": 1_000, "2030-02-12": 1_000 });
    await holdNights(cheapButBooked, "2030-02-11", "2030-02-12");
    // An establishment whose only room is booked; a hotel whose room type is full.
    const fullGuesthouse = await createPublicGuesthouse({ ...attractive(5_000), rooms: [{ name: "Taken", price: 5_000, maxGuests: 2 }] });
    await holdNights(fullGuesthouse.listing, "2030-02-10", "2030-02-11", { unitKey: `room:${fullGuesthouse.rooms[0]!.id}` });
    const fullHotel = await createPublicHotel({ ...attractive(6_000), roomTypes: [{ name: "Full", price: 6_000, occupancy: 2, quantity: 1 }] });
    await holdNights(fullHotel.listing, "2030-02-12", "2030-02-13", { unitKey: `room-type:${fullHotel.roomTypes[0]!.id}` });
    unavailable.push(held.id, booked.id, blocked.id, paused.id, imported.id, deleted.id, suspended.id, cheapButBooked.id, fullGuesthouse.listing.id, fullHotel.listing.id);
    await getSequelize().query("UPDATE listings SET rating = 5, review_count = 40 WHERE id IN (:ids)", { replacements: { ids: unavailable } });

    const base = { destination: city, ...stay, adults: 2 };
    const variants: Array<Partial<SearchQuery>> = [];
    for (const sort of ["recommended", "newest", "rating", "price_asc", "price_desc"] as const) {
      variants.push({ sort }, { sort, minPrice: "1", maxPrice: "5000" }, { sort, instantBook: false, amenities: ["wifi"], travelTypes: ["relax"] });
    }
    for (const variant of variants) {
      for (const countCap of [1, 96]) {
        // A cap of 1 pages through one listing at a time: each page's search looks further.
        const seen: number[] = [];
        for (let page = 1; page <= 5; page += 1) {
          const result = await searchListings({ query: query({ ...base, ...variant, page }), currency: TND, now, pageSize: countCap === 1 ? 1 : 12, countCap });
          if (result.page < page) break;
          seen.push(...result.items.map((item) => item.id));
          for (const item of result.items) expect(item.stay, `${JSON.stringify(variant)} prices ${item.id}`).not.toBeNull();
        }
        expect([...new Set(seen)].sort((a, b) => a - b), JSON.stringify({ variant, countCap })).toEqual(expected);
      }
      const map = await searchMapMarkers({ query: query({ ...base, ...variant, bbox: { south: 36, north: 37, west: 10, east: 11 } }), currency: TND, now });
      expect(map.more).toBe(false);
      expect(map.markers.map((marker) => marker.id).sort((a, b) => a - b), `map ${JSON.stringify(variant)}`).toEqual(expected);
    }
  });

  it("price sorts stay exact when the price bounds are loose: the candidates past the first batch that can still reach the page are priced too", async () => {
    // 70 listings (more than the first batch of 64 read by bound): listing i costs 100 + i dinars
    // a night on the stay's dates, but a cheap date and a dear date elsewhere in the year give it
    // a floor and a ceiling in the reverse order — the first batch by bound holds the wrong end.
    const city = uniqueCity();
    const listings: Awaited<ReturnType<typeof createPublicListing>>[] = [];
    for (let index = 0; index < 70; index += 1) {
      const listing = await createPublicListing({ city, basePrice: 100_000 + index * 1_000, cleaningFee: 0 });
      await priceDates(listing, { "2030-03-01": 50_000 - index * 500, "2030-03-02": 10_000_000 - index * 10_000 });
      listings.push(listing);
    }
    // The dearest and the cheapest of the stay are booked: the next ones take their places.
    await holdNights(listings[69]!, "2030-02-11", "2030-02-12");
    await holdNights(listings[0]!, "2030-02-10", "2030-02-11");
    const page = async (sort: "price_asc" | "price_desc") =>
      (await searchListings({ query: query({ destination: city, ...stay, adults: 2, sort }), currency: TND, now, countCap: 12 })).items.map((item) => [
        item.id,
        item.stay!.total,
      ]);
    // 3 nights × (100 + i) dinars + 5 % service fee.
    const expected = (index: number) => [listings[index]!.id, Math.round(3 * (100_000 + index * 1_000) * 1.05)];
    expect(await page("price_desc")).toEqual([68, 67, 66, 65, 64, 63, 62, 61, 60, 59, 58, 57].map(expected));
    expect(await page("price_asc")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(expected));
  });

  it("ranks by the stay's real total: a per-date price moves the listing's price bounds in the same statement", async () => {
    const city = uniqueCity();
    const cheapBase = await createPublicListing({ city, basePrice: 100_000, cleaningFee: 0 });
    const dearBase = await createPublicListing({ city, basePrice: 500_000, cleaningFee: 0 });
    const byTotal = async (sort: "price_asc" | "price_desc") =>
      (await searchListings({ query: query({ destination: city, ...stay, adults: 2, sort }), currency: TND, now })).items.map((item) => [item.id, item.stay!.total]);
    expect((await byTotal("price_asc")).map(([id]) => id)).toEqual([cheapBase.id, dearBase.id]);

    // The dear listing's nights of the stay drop to 10 dinars; the cheap one's rise to 900.
    await priceDates(dearBase, { "2030-02-10": 10_000, "2030-02-11": 10_000, "2030-02-12": 10_000 });
    await priceDates(cheapBase, { "2030-02-10": 900_000, "2030-02-11": 900_000, "2030-02-12": 900_000 });
    const [bounds] = await getSequelize().query<{ price_floor: number; price_ceiling: number }>(
      "SELECT price_floor, price_ceiling FROM listings WHERE id = :id",
      { replacements: { id: dearBase.id }, type: QueryTypes.SELECT },
    );
    expect([Number(bounds!.price_floor), Number(bounds!.price_ceiling)]).toEqual([10_000, 500_000]);
    // 3 nights × 10 dinars + 5 % service fee; 3 × 900 + 5 %.
    expect(await byTotal("price_asc")).toEqual([
      [dearBase.id, 31_500],
      [cheapBase.id, 2_835_000],
    ]);
    expect((await byTotal("price_desc")).map(([id]) => id)).toEqual([cheapBase.id, dearBase.id]);

    // Clearing the per-date prices (deleting the rows) and changing the base price move the bounds back.
    await getSequelize().query("DELETE FROM calendar_days WHERE listing_id = :id", { replacements: { id: dearBase.id } });
    await dearBase.update({ basePrice: 50_000 });
    const [after] = await getSequelize().query<{ price_floor: number; price_ceiling: number }>(
      "SELECT price_floor, price_ceiling FROM listings WHERE id = :id",
      { replacements: { id: dearBase.id }, type: QueryTypes.SELECT },
    );
    expect([Number(after!.price_floor), Number(after!.price_ceiling)]).toEqual([50_000, 50_000]);
  });
});
