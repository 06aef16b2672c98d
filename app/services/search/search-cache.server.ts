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

/** Forgets the cached figures (after seeding, and in tests that create listings). */
export function forgetSearchCaches(): void {
  caches.clear();
}
