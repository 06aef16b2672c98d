// ADR 240 (issue 18 point 8): the SQL statements a property page and a search with dates send,
// counted, under a ceiling. Each statement costs the server a round of Sequelize work (and, on
// SQLite, a thread-pool hop): a query per photo, per review or per result (an N+1) coming back
// would show here long before it shows in a benchmark. The counts are the loaders' own; the root
// loader's (session, currencies) are not included. SHOW_SQL=1 prints them. ADR 247 cut the
// property page's from 23 (the 21 counted then, and two model queries the hook missed) to 12.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { Review } from "~/db/models/review.server";
import { getSequelize } from "~/db/sequelize.server";
import * as rootRoute from "~/root";
import * as propertyRoute from "~/routes/($lang).property-details.($id)";
import * as searchRoute from "~/routes/($lang).accommodation";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicListing } from "../factories/discovery-factories";

const statements: string[] = [];
/** The statements sent through a model (findAll…): on SQLite each sends a PRAGMA table_info first. */
const modelStatements: string[] = [];
const count = (options: unknown, query: unknown) => {
  const sql = (query as { sql?: string }).sql ?? "";
  statements.push(sql);
  if ((options as { model?: unknown }).model) modelStatements.push(sql);
};
// The models are bound to the Sequelize instance of their first import, which the test set-up
// replaces before migrating: both are watched, or model queries would go uncounted.
const instances = () => [...new Set([getSequelize(), Review.sequelize!])];
beforeEach(() => instances().forEach((sequelize) => sequelize.addHook("afterQuery", "count-statements", count)));
afterEach(() => instances().forEach((sequelize) => sequelize.removeHook("afterQuery", "count-statements")));

async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  modelStatements.length = 0;
  await run();
  if (process.env.SHOW_SQL) console.log(statements.map((sql) => sql.replace(/\s+/g, " ").slice(0, 140)).join("\n") + "\n----");
  return [...statements];
}

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);

describe("SQL statements per page", () => {
  it("a property page with dates: 12, however many photos and amenities; 5 more for a stay beyond the months shown", async () => {
    // ADR 247: the listing's row read once (not three times: page, calendar, quote), the host's
    // card in one statement (name, public listings, company), no hotel or guesthouse read for a
    // whole listing, and the quote answered by the calendar months' nights and prices.
    const small = await createPublicListing({ photos: 1, amenities: ["wifi"] });
    const large = await createPublicListing({ photos: 12, amenities: ["wifi", "kitchen", "air_conditioning", "parking", "pool"] });
    const path = (id: number, from = 20, to = 27) => `/property-details/${id}?checkIn=${day(from)}&checkOut=${day(to)}&adults=2`;
    const load = (id: number, from?: number, to?: number) =>
      callRoute(propertyRoute.loader, makeRequest(path(id, from, to)), { params: { id: String(id) } });
    await load(small.id); // first use: model set-up
    const forSmall = await statementsOf(() => load(small.id));
    const forLarge = await statementsOf(() => load(large.id));
    expect(forSmall.length, forSmall.join("\n")).toBe(12);
    expect(forLarge.length, forLarge.join("\n")).toBe(forSmall.length);
    expect(forSmall.filter((sql) => /FROM listings l WHERE l\.id =/.test(sql)), "the listing row, once").toHaveLength(1);
    expect(forSmall.filter((sql) => /FROM (hotels|guesthouses)/.test(sql))).toEqual([]);
    // The calendar shows this month and the next two: a stay 100 days ahead reads its own nights.
    const beyond = await statementsOf(() => load(small.id, 100, 103));
    expect(beyond.length, beyond.join("\n")).toBe(17);
  });

  it("a search with dates: at most 8, however many listings it finds", async () => {
    const path = `/accommodation?checkIn=${day(20)}&checkOut=${day(23)}&adults=2`;
    const load = () => callRoute(searchRoute.loader, makeRequest(path));
    await createPublicListing();
    await load();
    const few = await statementsOf(load);
    for (let i = 0; i < 6; i++) await createPublicListing({ photos: 3 });
    const more = await statementsOf(load);
    // One result or seven: the same handful of statements (a per-result query would add seven).
    expect(few.length, few.join("\n")).toBeLessThanOrEqual(8);
    expect(more.length, more.join("\n")).toBeLessThanOrEqual(8);
  });

  it("no model query on a property page, a search or the root loader (ADR 247)", async () => {
    const listing = await createPublicListing({ photos: 2 });
    await statementsOf(() => callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}?checkIn=${day(20)}&checkOut=${day(23)}`), { params: { id: String(listing.id) } }));
    expect(modelStatements, "property page").toEqual([]);
    await statementsOf(() => callRoute(searchRoute.loader, makeRequest(`/accommodation?checkIn=${day(20)}&checkOut=${day(23)}&adults=2`)));
    expect(modelStatements, "search").toEqual([]);
    const root = await statementsOf(() => callRoute(rootRoute.loader, makeRequest("/")));
    expect(root.length).toBeGreaterThan(0);
    expect(modelStatements, "root loader").toEqual([]);
  });

  it("the currencies are read once per data version, not once per page (ADR 257), a visitor's own currency too", async () => {
    const currencyReads = (sqls: string[]) => sqls.filter((sql) => /FROM currencies/.test(sql)).length;
    const page = (cookie?: string) => callRoute(rootRoute.loader, makeRequest("/", cookie ? { headers: { cookie } } : {}));
    await page();
    expect(currencyReads(await statementsOf(() => page())), "read again without a write").toBe(0);
    expect(currencyReads(await statementsOf(() => page("currency=EUR"))), "the visitor's currency, from the list").toBe(0);
    await getSequelize().query("UPDATE currencies SET value_micros = value_micros + 1 WHERE code = 'EUR'");
    expect(currencyReads(await statementsOf(() => page("currency=EUR"))), "read again after a write").toBe(1);
    expect(modelStatements).toEqual([]);
  });
});
