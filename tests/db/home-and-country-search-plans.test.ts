// ADR 256: at 100,000 listings three pages read or sorted every public listing on every request.
// - A one-segment path no route claims (/about) matches the home route with `lang` set to it; the
//   home loader ran in full beside the layout's 404. It now stops first, before any statement.
// - /accommodation with no destination (the whole country) in the recommended order sorted every
//   public listing: its candidates are now read in order from listings_public_ordered.
// - The home page's recent good reviews walked every public listing for its reviews, then sorted:
//   they are now read newest first from reviews_recent_visible, each checked against its listing.
// - The home page's counts and best sellers are worked out once a minute; the best sellers' cards
//   were kept that minute too, prices included. Only their ids are now: the cards are read fresh.
//   Working them out read every reservation row of every public listing (best sellers) and of
//   every confirmed stay (stays that happened): both now read a range of a reservations index.
//   Property types, top cities, the counters and the destination field's 30 cities were a scan
//   of the public listings each: they now come from one, grouped by city and property type.
import { QueryTypes } from "sequelize";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import * as homeRoute from "~/routes/($lang)._index";
import { EMPTY_SEARCH } from "~/schemas/search";
import { recentGoodReviews } from "~/services/reviews/review-reads.server";
import { loadHome } from "~/services/search/home.server";
import { forgetSearchCaches } from "~/services/search/search-cache.server";
import { popularDestinations } from "~/services/search/search-page.server";
import { searchListings } from "~/services/search/search.server";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicListing, createUser, uniqueCity } from "../factories/discovery-factories";
import { createCompletedStay } from "../factories/review-factories";

interface Sent {
  sql: string;
  replacements: Record<string, unknown>;
}

/** The statements `run` sends, with their replacements. */
async function statementsOf(run: () => Promise<unknown>): Promise<Sent[]> {
  const sequelize = getSequelize();
  const original = sequelize.query.bind(sequelize);
  const seen: Sent[] = [];
  (sequelize as unknown as { query: unknown }).query = (sql: string, options?: { replacements?: Record<string, unknown> }) => {
    seen.push({ sql: String(sql), replacements: options?.replacements ?? {} });
    return original(sql, options as never);
  };
  try {
    await run();
  } finally {
    (sequelize as unknown as { query: unknown }).query = original;
  }
  return seen;
}

/** How the database reads `statement`: the index of its first table, and whether it sorts. */
async function planOf(statement: Sent): Promise<{ first: string; sorts: boolean; text: string }> {
  const sequelize = getSequelize();
  const sql = statement.sql.replace(/^\/\*M!.*?\*\/ /, "");
  if (currentDialect() === "mysql") {
    const rows = await sequelize.query<{ table: string; key: string | null; Extra: string | null }>(`EXPLAIN ${sql}`, {
      replacements: statement.replacements,
      type: QueryTypes.SELECT,
    });
    const text = rows.map((row) => `${row.table} ${row.key} ${row.Extra}`).join("\n");
    return { first: `${rows[0]!.table} ${rows[0]!.key}`, sorts: /filesort|temporary/i.test(rows[0]!.Extra ?? ""), text };
  }
  const rows = await sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, { replacements: statement.replacements, type: QueryTypes.SELECT });
  const text = rows.map((row) => row.detail).join("\n");
  return { first: rows[0]!.detail, sorts: /TEMP B-TREE/.test(text), text };
}

describe("pages that read every public listing on each request (ADR 256)", () => {
  beforeAll(async () => {
    // 1,600 public listings (copies of one), so that a page or six reviews is a small part of them,
    // as in the bench: the planner then chooses how to read for the LIMIT.
    const sequelize = getSequelize();
    const model = await createPublicListing({ city: uniqueCity(), basePrice: 100_000 });
    const columns = Object.keys(await sequelize.getQueryInterface().describeTable("listings")).filter((column) => column !== "id");
    const digits = (name: string, count: number) =>
      `(${Array.from({ length: count }, (_, index) => `SELECT ${index} AS ${name}`).join(" UNION ALL ")}) ${name}`;
    await sequelize.query(
      `INSERT INTO listings (${columns.join(", ")})
       SELECT ${columns.map((column) => `l.${column}`).join(", ")}
         FROM listings l, ${digits("a", 16)}, ${digits("b", 10)}, ${digits("c", 10)} WHERE l.id = :id`,
      { replacements: { id: model.id } },
    );
    await sequelize.query(currentDialect() === "mysql" ? "ANALYZE TABLE listings, reviews" : "ANALYZE");
  });
  afterEach(() => forgetSearchCaches());

  it("answers a one-segment unknown path (/about) with a 404 before the home page reads anything", async () => {
    let status = 0;
    const sent = await statementsOf(async () => {
      status = (await callRoute(homeRoute.loader, makeRequest("/about"), { params: { lang: "about" } })).status;
    });
    expect(status).toBe(404);
    expect(sent).toEqual([]);
  });

  it("reads the whole country's recommended page from listings_public_ordered, without a sort", async () => {
    let total = 0;
    const sent = await statementsOf(async () => {
      total = (await searchListings({ query: { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [] }, currency: TND, now: new Date() })).total;
    });
    expect(total).toBeGreaterThan(12);
    const candidates = sent.find((statement) => /FROM listings l\b.*ORDER BY l\.reservation_method ASC, l\.approved_at DESC, l\.id DESC/s.test(statement.sql));
    expect(candidates, sent.map((statement) => statement.sql).join("\n")).toBeDefined();
    const plan = await planOf(candidates!);
    expect(plan.first, plan.text).toMatch(/listings_public_ordered/);
    expect(plan.sorts, plan.text).toBe(false);
  });

  it("reads the home page's recent good reviews newest first from reviews_recent_visible, without a sort", async () => {
    const sent = await statementsOf(() => recentGoodReviews(6));
    expect(sent).toHaveLength(1);
    const plan = await planOf(sent[0]!);
    expect(plan.first, plan.text).toMatch(/reviews_recent_visible/);
    expect(plan.sorts, plan.text).toBe(false);
  });

  it("keeps the best sellers' ids for the minute, never their prices nor a listing no longer public", async () => {
    const sequelize = getSequelize();
    const now = new Date();
    const first = await loadHome(now);
    const [seller, other] = first.bestSellers;
    expect(seller).toBeDefined();
    await sequelize.query("UPDATE listings SET base_price = :price WHERE id = :id", { replacements: { price: seller!.nightlyPrice + 7_000, id: seller!.id } });
    await sequelize.query("UPDATE listings SET status = 'pending' WHERE id = :id", { replacements: { id: other!.id } });
    const again = await loadHome(now);
    expect(again.bestSellers.find((item) => item.id === seller!.id)?.nightlyPrice).toBe(seller!.nightlyPrice + 7_000);
    expect(again.bestSellers.map((item) => item.id)).not.toContain(other!.id);
    // The counts are the minute's (the listing taken down is still counted): only the cards are fresh.
    expect(again.counters).toEqual(first.counters);
  });

  it("works out the home page's best sellers and stays from reservations indexes", async () => {
    const sequelize = getSequelize();
    const rows = await sequelize.query<{ id: number; host_id: number }>("SELECT id, host_id FROM listings ORDER BY id LIMIT 40", { type: QueryTypes.SELECT });
    const traveler = await createUser({ firstName: "Traveler" });
    for (const [index, row] of rows.entries()) {
      await createCompletedStay({ listingId: Number(row.id), hostId: Number(row.host_id), travelerId: traveler.id, checkedOutDaysAgo: index % 3 === 0 ? -20 : 5 });
    }
    await sequelize.query(currentDialect() === "mysql" ? "ANALYZE TABLE reservations" : "ANALYZE");
    forgetSearchCaches();
    const sent = await statementsOf(() => loadHome(new Date()));
    const booked = sent.find((statement) => /FROM reservations r JOIN listings l/.test(statement.sql));
    const stays = sent.find((statement) => /FROM reservations WHERE status = 'confirmed' AND check_out <=/.test(statement.sql));
    for (const [statement, index] of [
      [booked, "reservations_status_created_listing"],
      [stays, "reservations_status_check_out"],
    ] as const) {
      expect(statement, sent.map((one) => one.sql).join("\n")).toBeDefined();
      const plan = await planOf(statement!);
      expect(plan.first, plan.text).toMatch(index);
    }
  });

  it("works out property types, top cities, counters and the 30 destinations from one scan of the public listings", async () => {
    forgetSearchCaches();
    let destinations: string[] = [];
    let home: Awaited<ReturnType<typeof loadHome>> | null = null;
    const sent = await statementsOf(async () => {
      [home, destinations] = await Promise.all([loadHome(new Date()), popularDestinations()]);
    });
    const scans = sent.filter((statement) => /FROM listings l\s+WHERE .*(GROUP BY l\.(city|property_type)|COUNT\(DISTINCT l\.city\))/s.test(statement.sql));
    expect(scans.map((statement) => statement.sql.replace(/\s+/g, " ").slice(0, 80))).toHaveLength(1);
    // The figures themselves: 1,601 apartments in one city (beforeAll), one taken down since.
    expect(home!.propertyTypes.map((entry) => entry.type)).toEqual(["apartment"]);
    expect(home!.cities[0]!.count).toBe(home!.counters.listings);
    expect(home!.counters.cities).toBe(1);
    expect(destinations).toEqual([home!.cities[0]!.city]);
  });
});
