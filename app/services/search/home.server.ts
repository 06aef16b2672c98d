// The home page's sections (SPEC.md §2 "/"), each from real data: a section with nothing to
// show is left out by the page, never filled with made-up content.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { PROPERTY_TYPES, TRAVEL_TYPES, type PropertyType, type TravelType } from "~/domain/listing";
import { dateInTunis } from "~/domain/stay-dates";
import { cachedForAMinute, citiesByListings, publicListingGroups } from "~/services/search/search-cache.server";
import { byRatingOrder } from "~/services/search/search.server";
import { coverPhotos, findPublicListingSummaries, type ListingSummary, type Photo } from "~/services/search/listing-cards.server";
import { publicListingCondition } from "~/services/listings/public-listings.server";

export interface HomeData {
  travelTypes: Array<{ travelType: TravelType; count: number }>;
  propertyTypes: Array<{ type: PropertyType; count: number }>;
  cities: Array<{ city: string; count: number; photo: Photo | null }>;
  bestSellers: ListingSummary[];
  counters: { listings: number; cities: number; hosts: number; stays: number };
}

/** Public listings per travel type (the four of SPEC.md §1, in that order). */
export async function travelTypeCounts(): Promise<Array<{ travelType: TravelType; count: number }>> {
  const rows = await getSequelize().query<{ travel_type: string; n: number }>(
    `SELECT tt.travel_type, COUNT(*) AS n FROM listing_travel_types tt JOIN listings l ON l.id = tt.listing_id
      WHERE ${publicListingCondition("l")} GROUP BY tt.travel_type`,
    { type: QueryTypes.SELECT },
  );
  const counts = new Map(rows.map((row) => [row.travel_type, Number(row.n)]));
  return TRAVEL_TYPES.map((travelType) => ({ travelType, count: counts.get(travelType) ?? 0 }));
}

async function propertyTypeCounts(): Promise<Array<{ type: PropertyType; count: number }>> {
  const counts = new Map<string, number>();
  for (const group of await publicListingGroups()) counts.set(group.type, (counts.get(group.type) ?? 0) + group.count);
  return PROPERTY_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 })).filter((entry) => entry.count > 0);
}

/** The cities with the most public listings, each pictured by the cover of its newest listing. */
async function topCities(limit: number): Promise<HomeData["cities"]> {
  const rows = await citiesByListings(limit);
  const covers = await coverPhotos(rows.map((row) => row.newest));
  return rows.map((row) => ({ city: row.city, count: row.count, photo: covers.get(row.newest) ?? null }));
}

/** Best sellers count the bookings made in this many days before today. */
const BEST_SELLER_DAYS = 90;

/**
 * The public listings most booked (confirmed reservations made) in the last BEST_SELLER_DAYS,
 * then, to fill the section, the other public listings by rating (none public: no best sellers).
 */
async function bestSellerIds(limit: number, now: Date): Promise<number[]> {
  const sequelize = getSequelize();
  const booked = await sequelize.query<{ listing_id: number; n: number }>(
    `SELECT r.listing_id, COUNT(*) AS n FROM reservations r JOIN listings l ON l.id = r.listing_id
      WHERE r.status = 'confirmed' AND r.created_at >= :since AND ${publicListingCondition("l")}
      GROUP BY r.listing_id ORDER BY n DESC, r.listing_id DESC LIMIT ${Number(limit)}`,
    { replacements: { since: new Date(now.getTime() - BEST_SELLER_DAYS * 24 * 60 * 60 * 1000) }, type: QueryTypes.SELECT },
  );
  const ids = booked.map((row) => Number(row.listing_id));
  if (ids.length < limit) {
    const rated = await sequelize.query<{ id: number }>(
      `SELECT l.id FROM listings l WHERE ${publicListingCondition("l")} ORDER BY ${byRatingOrder()} LIMIT ${Number(limit + ids.length)}`,
      { type: QueryTypes.SELECT },
    );
    for (const { id } of rated) if (ids.length < limit && !ids.includes(Number(id))) ids.push(Number(id));
  }
  return ids;
}

async function counters(now: Date): Promise<HomeData["counters"]> {
  const sequelize = getSequelize();
  const groups = await publicListingGroups();
  const [listings] = await sequelize.query<{ hosts: number }>(
    `SELECT COUNT(DISTINCT l.host_id) AS hosts FROM listings l WHERE ${publicListingCondition("l")}`,
    { type: QueryTypes.SELECT },
  );
  // Stays that happened: confirmed and checked out by today (in Tunis).
  const [stays] = await sequelize.query<{ n: number }>(
    "SELECT COUNT(*) AS n FROM reservations WHERE status = 'confirmed' AND check_out <= :today",
    { replacements: { today: dateInTunis(now) }, type: QueryTypes.SELECT },
  );
  return {
    listings: groups.reduce((sum, group) => sum + group.count, 0),
    cities: new Set(groups.map((group) => group.city).filter((city) => city !== null)).size,
    hosts: Number(listings?.hosts ?? 0),
    stays: Number(stays?.n ?? 0),
  };
}

/**
 * The home page's sections. Counts and which listings sell best are worked out at most once a
 * minute (the home page is the busiest); the best sellers' cards — their prices, and whether they
 * are still public — are read on every request, by id (ADR 256).
 */
export async function loadHome(now: Date): Promise<HomeData> {
  const { bestSellerIds: ids, ...counted } = await cachedForAMinute(`home:${dateInTunis(now)}`, async () => {
    const [travelTypes, propertyTypes, cities, sellers, numbers] = await Promise.all([
      travelTypeCounts(),
      propertyTypeCounts(),
      topCities(8),
      bestSellerIds(8, now),
      counters(now),
    ]);
    return { travelTypes, propertyTypes, cities, bestSellerIds: sellers, counters: numbers };
  });
  return { ...counted, bestSellers: await findPublicListingSummaries(ids) };
}
