// Issue 19, ADR 241: a search sorted by the stay's total walks the place's candidates in the order
// of a price bound (floor ascending, ceiling descending) straight from an index — no sort of the
// whole place — and stays exact: past ties at the last value read, with length-of-stay discounts
// (the bound of the unread takes the largest one), and the database never sorts the candidates.
import { QueryTypes } from "sequelize";
import { afterEach, describe, expect, it } from "vitest";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import { quoteStay } from "~/domain/pricing";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { listingPricingTerms } from "~/services/listings/property-pricing.server";
import { searchListings } from "~/services/search/search.server";
import { createPublicHotel, createPublicListing, holdNights, priceDates, uniqueCity } from "../factories/discovery-factories";

const now = new Date("2030-01-10T09:00:00Z");

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], adults: 2, ...overrides };
}

async function page(city: string, stay: { checkIn: string; checkOut: string }, sort: "price_asc" | "price_desc") {
  const result = await searchListings({ query: query({ destination: city, ...stay, sort }), currency: TND, now, countCap: 12 });
  return result.items.map((item) => [item.id, item.stay!.total]);
}

type Created = Awaited<ReturnType<typeof createPublicListing>>;

/** The exact order by the stay's total (ties by id), as the reference of the bench. */
function reference(listings: Created[], stay: { checkIn: string; checkOut: string }, sort: "price_asc" | "price_desc", left: Set<number> = new Set()) {
  const priced = listings
    .filter((listing) => !left.has(listing.id))
    .map((listing) => {
      const terms = listingPricingTerms({
        basePrice: Number(listing.basePrice),
        cleaningFee: Number(listing.cleaningFee),
        weeklyDiscountPct: Number(listing.weeklyDiscountPct ?? 0),
        monthlyDiscountPct: Number(listing.monthlyDiscountPct ?? 0),
      });
      return [listing.id, quoteStay(terms, stay).total] as [number, number];
    });
  priced.sort((a, b) => (sort === "price_asc" ? a[1] - b[1] || a[0] - b[0] : b[1] - a[1] || b[0] - a[0]));
  return priced.slice(0, 12);
}

describe("price sorts walk the candidates by a price bound, from an index", () => {
  const statements: string[] = [];
  const original = getSequelize().query.bind(getSequelize());
  afterEach(() => {
    (getSequelize() as unknown as { query: unknown }).query = original;
    statements.length = 0;
  });

  it("stays exact past ties at the last bound read: 80 listings at one nightly price, ordered by their cleaning fees", async () => {
    // Every floor and ceiling is 100 dinars: the first batch (64) ends in the middle of the tie,
    // and the next read must take the listings at that value it has not read yet.
    const city = uniqueCity();
    const listings: Created[] = [];
    for (let index = 0; index < 80; index += 1) {
      listings.push(await createPublicListing({ city, basePrice: 100_000, cleaningFee: ((index * 37) % 80) * 1_000 }));
    }
    const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };
    // The cheapest and the dearest are booked: the next ones take their places.
    const cheapest = reference(listings, stay, "price_asc")[0]![0];
    const dearest = reference(listings, stay, "price_desc")[0]![0];
    for (const id of [cheapest, dearest]) await holdNights(listings.find((listing) => listing.id === id)!, "2030-02-11", "2030-02-12");
    const left = new Set([cheapest, dearest]);
    expect(await page(city, stay, "price_asc")).toEqual(reference(listings, stay, "price_asc", left));
    expect(await page(city, stay, "price_desc")).toEqual(reference(listings, stay, "price_desc", left));
  });

  it("stays exact with weekly discounts: a dear listing with a large discount, beyond the first batch, comes first", async () => {
    // 70 listings of 100–169 dinars with a weekly discount of 0, 5 or 10 %; one of 200 dinars with
    // 60 % off — unread after the first batch by floor, yet the cheapest for 7 nights.
    const city = uniqueCity();
    const listings: Created[] = [];
    for (let index = 0; index < 70; index += 1) {
      listings.push(await createPublicListing({ city, basePrice: 100_000 + index * 1_000, cleaningFee: 0, weeklyDiscountPct: [0, 5, 10][index % 3] }));
    }
    const discounted = await createPublicListing({ city, basePrice: 200_000, cleaningFee: 0, weeklyDiscountPct: 60 });
    listings.push(discounted);
    const week = { checkIn: "2030-02-10", checkOut: "2030-02-17" };
    const asc = await page(city, week, "price_asc");
    expect(asc[0]![0]).toBe(discounted.id);
    expect(asc).toEqual(reference(listings, week, "price_asc"));
    expect(await page(city, week, "price_desc")).toEqual(reference(listings, week, "price_desc"));
  });

  it("prices hotels (no ceiling) by their upper key for the guests: the dearest comes first high→low, a cheap one stays off the page", async () => {
    // 70 homes of 100–169 dinars; a hotel whose double costs 300 dinars (the dearest stay for
    // two) and one whose double costs 50 (the cheapest). Neither has a ceiling.
    const city = uniqueCity();
    const listings: Created[] = [];
    for (let index = 0; index < 70; index += 1) listings.push(await createPublicListing({ city, basePrice: 100_000 + index * 1_000, cleaningFee: 0 }));
    const dear = await createPublicHotel({ city, roomTypes: [{ name: "Double", price: 300_000, occupancy: 2, quantity: 2 }] });
    const cheap = await createPublicHotel({ city, roomTypes: [{ name: "Double", price: 50_000, occupancy: 2, quantity: 2 }] });
    const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };
    // 3 nights × 300 (50) dinars + 5 % service fee, then the homes by their totals.
    expect(await page(city, stay, "price_desc")).toEqual([[dear.listing.id, 945_000], ...reference(listings, stay, "price_desc").slice(0, 11)]);
    expect(await page(city, stay, "price_asc")).toEqual([[cheap.listing.id, 157_500], ...reference(listings, stay, "price_asc").slice(0, 11)]);
  });

  it("fills a check of ids past the candidates placed: a first batch that places two checks the page's worth (ADR 258)", async () => {
    // Two cheap listings and 66 at one dearer price: the first batch (64) is full and places the
    // two cheap ones only (the others tie with the bound of those not read yet). A check filled
    // only up to the placed ones checked those two, then the next ones in another statement.
    const city = uniqueCity();
    const listings: Created[] = [];
    for (let index = 0; index < 68; index += 1) {
      listings.push(await createPublicListing({ city, basePrice: index < 2 ? 50_000 : 100_000, cleaningFee: 10_000 }));
    }
    const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };
    const sequelize = getSequelize();
    const checks: number[][] = [];
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: { replacements?: { ids?: number[] } }) => {
      if (/SELECT l\.id FROM listings l WHERE l\.id IN \(/.test(sql)) checks.push(options?.replacements?.ids ?? []);
      return original(sql, options as never);
    };
    const items = await page(city, stay, "price_asc");
    (sequelize as unknown as { query: unknown }).query = original;
    expect(items).toEqual(reference(listings, stay, "price_asc"));
    // The page is 12 (and one more to know there are more): the first check covers them all.
    expect(checks[0]!.length).toBeGreaterThanOrEqual(13);
  });

  it("reaches a listing through a per-date price of the stay only, and reads those prices by date from an index (ADR 259)", async () => {
    // 70 listings whose ceilings come from a dear night outside the stay, read first by ceiling
    // (high→low) or last by floor (low→high); one whose base price alone would keep it off the
    // page but whose night inside the stay is dear (cheap), read only in the walk's reach.
    const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };
    const sequelize = getSequelize();
    const reaches: Array<{ sql: string; replacements: Record<string, unknown> }> = [];
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: { replacements?: Record<string, unknown> }) => {
      if (sql.includes(":reachNightPrice")) reaches.push({ sql, replacements: options?.replacements ?? {} });
      return original(sql, options as never);
    };
    /** 70 listings at `others` with a per-date price outside the stay, and one at `one` with a per-date price inside it. */
    const place = async (others: { base: number; outside: number }, one: { base: number; inside: number }) => {
      const city = uniqueCity();
      for (let index = 0; index < 70; index += 1) {
        await priceDates(await createPublicListing({ city, basePrice: others.base, cleaningFee: 0 }), { "2030-03-01": others.outside });
      }
      const listing = await createPublicListing({ city, basePrice: one.base, cleaningFee: 0 });
      await priceDates(listing, { "2030-02-11": one.inside });
      return { city, listing };
    };
    const dear = await place({ base: 60_000, outside: 200_000 }, { base: 50_000, inside: 150_000 });
    // 50 + 150 + 50 dinars, with the 5 % service fee, before the 70 stays of 3 × 60.
    const desc = await page(dear.city, stay, "price_desc");
    expect(desc[0]).toEqual([dear.listing.id, 262_500]);
    expect(desc.slice(1).every(([, total]) => total === 189_000)).toBe(true);

    const cheap = await place({ base: 100_000, outside: 20_000 }, { base: 120_000, inside: 30_000 });
    // 120 + 30 + 120 dinars, with the fee, before the 70 stays of 3 × 100.
    const asc = await page(cheap.city, stay, "price_asc");
    expect(asc[0]).toEqual([cheap.listing.id, 283_500]);
    expect(asc.slice(1).every(([, total]) => total === 315_000)).toBe(true);
    (sequelize as unknown as { query: unknown }).query = original;

    // Both reached past their first batch, testing the nights' prices from the date index.
    expect(reaches).toHaveLength(2);
    for (const reach of reaches) {
      expect(reach.replacements.reachNights).toEqual(["2030-02-10", "2030-02-11", "2030-02-12"]);
      if (currentDialect() === "mysql") {
        const plan = await sequelize.query<{ key: string | null }>(`EXPLAIN ${reach.sql}`, { replacements: reach.replacements, type: QueryTypes.SELECT });
        expect(plan.map((row) => row.key)).toContain("calendar_days_date_price");
      } else {
        const plan = await sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${reach.sql}`, { replacements: reach.replacements, type: QueryTypes.SELECT });
        expect(plan.map((row) => row.detail).join("\n")).toMatch(/calendar_days_date_price/);
      }
    }
  });

  it("reads the candidates in index order: no sort of the place's candidates (EXPLAIN)", async () => {
    // A place of 2,000 listings (copies of one, at different prices), so that a page's batch is
    // a small part of it, as in a city: the planners then choose how to read for the LIMIT.
    const city = uniqueCity();
    const model = await createPublicListing({ city, basePrice: 100_000 });
    const sequelize = getSequelize();
    const columns = Object.keys(await sequelize.getQueryInterface().describeTable("listings")).filter(
      (column) => !["id", "base_price", "price_floor", "price_ceiling"].includes(column),
    );
    const digits = (name: string, count: number) =>
      `(${Array.from({ length: count }, (_, index) => `SELECT ${index} AS ${name}`).join(" UNION ALL ")}) ${name}`;
    await sequelize.query(
      `INSERT INTO listings (${columns.join(", ")}, base_price)
       SELECT ${columns.map((column) => `l.${column}`).join(", ")}, 50000 + (a.a * 100 + b.b * 10 + c.c) * 1000
         FROM listings l, ${digits("a", 20)}, ${digits("b", 10)}, ${digits("c", 10)} WHERE l.id = :id`,
      { replacements: { id: model.id } },
    );
    await sequelize.query(currentDialect() === "mysql" ? "ANALYZE TABLE listings" : "ANALYZE");
    const seen: Array<{ sql: string; replacements: Record<string, unknown> }> = [];
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: { replacements?: Record<string, unknown> }) => {
      // The batches: the first one inside the walk's first statement (ADR 250), the next alone;
      // on SQLite their columns are read packed into one (ADR 255).
      if (/SELECT (l\.id, l\.property_type|IFNULL\(l\.id, ''\) \|\| '\|' \|\| IFNULL\(l\.property_type).*FROM listings l WHERE .* ORDER BY l\.price_(floor|ceiling) (ASC|DESC) LIMIT :limit/s.test(sql)) {
        seen.push({ sql, replacements: options?.replacements ?? {} });
      }
      return original(sql, options as never);
    };
    for (const sort of ["price_asc", "price_desc"] as const) {
      await searchListings({ query: query({ destination: city, checkIn: "2030-02-10", checkOut: "2030-02-13", sort }), currency: TND, now });
    }
    (sequelize as unknown as { query: unknown }).query = original;
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const statement of seen) {
      if (currentDialect() === "mysql") {
        // A statement sent with its optimizer switch (checked in the walk: high→low) is explained with it.
        const explained = statement.sql.replace(/^(\/\*M! SET STATEMENT .*? FOR \*\/ )?/s, "$1EXPLAIN ");
        const plan = await sequelize.query<{ key: string | null; Extra: string | null }>(explained, {
          replacements: statement.replacements,
          type: QueryTypes.SELECT,
        });
        // The batch's read (the first statement's walked part, or a batch alone): the bound's
        // index, no sort anywhere in the statement.
        expect(plan.some((row) => /^listings_search_city_(price|ceiling)$/.test(row.key ?? ""))).toBe(true);
        expect(plan.map((row) => row.Extra ?? "").join("\n")).not.toMatch(/filesort/);
      } else {
        const plan = await sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement.sql}`, {
          replacements: statement.replacements,
          type: QueryTypes.SELECT,
        });
        const details = plan.map((row) => row.detail).join("\n");
        expect(details).toMatch(/USING COVERING INDEX listings_search_city_(price|ceiling)/);
        expect(details).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});
