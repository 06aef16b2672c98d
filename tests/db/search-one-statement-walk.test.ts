// Issue 19, ADR 246, 255: a search of one city in the recommended or rating order finds its
// matches in one statement, which walks the city's index in that order (forced — FORCE INDEX on
// MariaDB, INDEXED BY on SQLite — covering) and checks each entry as it reads it: no sort of the
// city's candidates, no second statement per batch. The page leaves out the listings whose nights
// are held, in the exact order. A price sort
// reads the limits of its walk (ADR 241) in one statement.
import { QueryTypes } from "sequelize";
import { afterEach, describe, expect, it } from "vitest";
import { Listing } from "~/db/models/listing.server";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { forgetSearchCaches, publicPlaces } from "~/services/search/search-cache.server";
import { searchListings } from "~/services/search/search.server";
import { createPublicListing, holdNights, uniqueCity } from "../factories/discovery-factories";

const now = new Date("2030-01-10T09:00:00Z");
const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], adults: 2, ...overrides };
}

describe("a city's recommended and rating searches walk its index in order", () => {
  let restore = () => {};
  afterEach(() => restore());

  it("finds the matches in one statement (forced index, covering, no sort) and leaves out held nights", async () => {
    // A city of 2,000 listings (copies of one), so that a page is a small part of it, as in the
    // bench's cities: the planner then chooses how to read for the LIMIT.
    const sequelize = getSequelize();
    const original = sequelize.query.bind(sequelize);
    restore = () => void ((sequelize as unknown as { query: unknown }).query = original);
    const city = uniqueCity();
    const model = await createPublicListing({ city, basePrice: 100_000 });
    const columns = Object.keys(await sequelize.getQueryInterface().describeTable("listings")).filter((column) => column !== "id");
    const digits = (name: string, count: number) =>
      `(${Array.from({ length: count }, (_, index) => `SELECT ${index} AS ${name}`).join(" UNION ALL ")}) ${name}`;
    await sequelize.query(
      `INSERT INTO listings (${columns.join(", ")})
       SELECT ${columns.map((column) => `l.${column}`).join(", ")}
         FROM listings l, ${digits("a", 20)}, ${digits("b", 10)}, ${digits("c", 10)} WHERE l.id = :id`,
      { replacements: { id: model.id } },
    );
    await sequelize.query(currentDialect() === "mysql" ? "ANALYZE TABLE listings" : "ANALYZE");
    // All share approved_at: the recommended order is by id, newest first. The 30 newest have a
    // night of the stay held: the page starts after them.
    const ids = (await sequelize.query<{ id: number }>("SELECT id FROM listings WHERE city = :city ORDER BY id DESC", { replacements: { city }, type: QueryTypes.SELECT })).map((row) => Number(row.id));
    for (const id of ids.slice(0, 30)) await holdNights((await Listing.findByPk(id))!, "2030-02-11", "2030-02-12");

    // The city is then among the known places (cached a minute): the destination is one city.
    forgetSearchCaches();
    await publicPlaces();
    const walks: Array<{ sql: string; replacements: Record<string, unknown> }> = [];
    let statements = 0;
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: { replacements?: Record<string, unknown> }) => {
      statements += 1;
      if (/FROM listings l (FORCE INDEX|INDEXED BY)/.test(sql)) walks.push({ sql, replacements: options?.replacements ?? {} });
      return original(sql, options as never);
    };
    for (const sort of ["recommended", "rating"] as const) {
      walks.length = 0;
      statements = 0;
      const result = await searchListings({ query: query({ destination: city, ...stay, sort }), currency: TND, now });
      expect(result.items.map((item) => item.id)).toEqual(ids.slice(30, 42));
      expect(result.items.every((item) => item.stay !== null)).toBe(true);
      // One statement finds the 97 matches (a page and the count); the others read the page's
      // cards, covers and calendar prices.
      expect(walks).toHaveLength(1);
      expect(statements).toBeLessThanOrEqual(4);
      const index = sort === "recommended" ? "listings_search_city_ordered" : "listings_search_city_rating";
      if (currentDialect() !== "mysql") {
        const plan = await original<{ detail: string }>(`EXPLAIN QUERY PLAN ${walks[0]!.sql}`, { replacements: walks[0]!.replacements, type: QueryTypes.SELECT });
        expect(plan[0]!.detail).toMatch(new RegExp(`^SEARCH l USING COVERING INDEX ${index} `));
        expect(plan.map((row) => row.detail).join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
        continue;
      }
      const plan = await original<{ key: string | null; Extra: string }>(`EXPLAIN ${walks[0]!.sql.replace(/^\/\*M!.*?\*\/ /, "")}`, {
        replacements: walks[0]!.replacements,
        type: QueryTypes.SELECT,
      });
      expect(plan[0]!.key).toBe(index);
      expect(plan[0]!.Extra).toMatch(/Using index/);
      expect(plan[0]!.Extra).not.toMatch(/filesort/);
    }
  });

  it("reads a price sort's walk limits (largest discounts of a week's stay) in one statement", async () => {
    const sequelize = getSequelize();
    const original = sequelize.query.bind(sequelize);
    restore = () => void ((sequelize as unknown as { query: unknown }).query = original);
    const city = uniqueCity();
    for (let index = 0; index < 3; index += 1) await createPublicListing({ city, basePrice: 100_000 + index * 1_000, weeklyDiscountPct: 10 });
    forgetSearchCaches();
    await publicPlaces();
    const maxima: string[] = [];
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: unknown) => {
      if (/MAX\((weekly|monthly)_discount_pct\)/.test(sql)) maxima.push(sql);
      return original(sql, options as never);
    };
    const result = await searchListings({ query: query({ destination: city, checkIn: "2030-02-10", checkOut: "2030-02-17", sort: "price_asc" }), currency: TND, now });
    expect(result.items).toHaveLength(3);
    // Listings' and hotels' weekly discounts: one round trip, not one per table.
    expect(maxima).toHaveLength(1);
  });
});
