// Figures every visitor asks for and that change slowly (the places listings are in, the home
// page's counts) are kept for a minute per process.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { type Place } from "~/domain/search";
import { publicListingCondition } from "~/services/listings/public-listings.server";

const caches = new Map<string, { at: number; value: Promise<unknown> }>();
const CACHE_TTL_MS = 60_000;

/** `load()`'s answer, computed at most once a minute per key. */
export function cachedForAMinute<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = caches.get(key);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  caches.set(key, { at: now, value });
  value.catch(() => caches.delete(key));
  return value;
}

/** The distinct cities and governorates of public listings. */
export function publicPlaces(): Promise<Place[]> {
  return cachedForAMinute("places", () =>
    getSequelize().query<Place>(
      `SELECT DISTINCT l.city, l.governorate FROM listings l
        WHERE ${publicListingCondition("l")}`,
      { type: QueryTypes.SELECT },
    ),
  );
}

/**
 * Public listings per city and property type, cities in the database's order, with each group's
 * newest listing: one scan of the public listings gives the home page's property types, top
 * cities and counters, and the destination field's suggestions (popularDestinations), which were
 * a scan each (ADR 256).
 */
export function publicListingGroups(): Promise<Array<{ city: string | null; type: string; count: number; newest: number }>> {
  return cachedForAMinute("public-listing-groups", async () => {
    const rows = await getSequelize().query<{ city: string | null; property_type: string; n: number; newest: number }>(
      `SELECT l.city, l.property_type, COUNT(*) AS n, MAX(l.id) AS newest FROM listings l
        WHERE ${publicListingCondition("l")} GROUP BY l.city, l.property_type ORDER BY l.city, l.property_type`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((row) => ({ city: row.city, type: row.property_type, count: Number(row.n), newest: Number(row.newest) }));
  });
}

/** The cities with the most public listings (ties in the database's order of cities), each with its newest listing. */
export async function citiesByListings(limit: number): Promise<Array<{ city: string; count: number; newest: number }>> {
  const cities = new Map<string, { city: string; count: number; newest: number }>();
  for (const group of await publicListingGroups()) {
    if (group.city === null) continue;
    const city = cities.get(group.city);
    if (city) {
      city.count += group.count;
      city.newest = Math.max(city.newest, group.newest);
    } else cities.set(group.city, { city: group.city, count: group.count, newest: group.newest });
  }
  // A stable sort: equal counts keep the database's order of the cities.
  return [...cities.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}

/** Forgets the cached figures (after seeding, and in tests that create listings). */
export function forgetSearchCaches(): void {
  caches.clear();
}
