// Pure helpers of the traveler search (issue 5, ADR 060): destinations typed by people matched
// to the cities and governorates listings use, price bounds typed in the display currency turned
// into millimes, and the pages of results. No I/O.
import { convertMillimes, divideRoundHalfUp, type DisplayCurrency } from "~/domain/money";

/** Lower case, no accents, one space between words: "Sidi Bou Saïd" → "sidi bou said". */
export function normalizePlaceName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[’'`\-_.,]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface Place {
  city: string | null;
  governorate: string | null;
}

export interface DestinationMatch {
  cities: string[];
  governorates: string[];
}

/**
 * The city or governorate spellings of `places` that the typed destination names, ignoring case
 * and accents: a city of that name first (typing "Tunis" means the city, not its whole
 * governorate), else a governorate of that name, else the cities — then the governorates —
 * whose names start with what was typed (3 letters at least). Nothing known: the destination as
 * typed, so a search for a place no listing has yet finds nothing instead of everything.
 */
export function matchDestination(destination: string, places: Place[]): DestinationMatch {
  const wanted = normalizePlaceName(destination);
  const cities = new Map<string, string>();
  const governorates = new Map<string, string>();
  for (const place of places) {
    if (place.city) cities.set(place.city, normalizePlaceName(place.city));
    if (place.governorate) governorates.set(place.governorate, normalizePlaceName(place.governorate));
  }
  const pick = (names: Map<string, string>, test: (name: string) => boolean) =>
    [...names]
      .filter(([, normalized]) => test(normalized))
      .map(([name]) => name)
      .sort();
  const steps: Array<() => DestinationMatch> = [
    () => ({ cities: pick(cities, (name) => name === wanted), governorates: [] }),
    () => ({ cities: [], governorates: pick(governorates, (name) => name === wanted) }),
    () => ({ cities: wanted.length >= 3 ? pick(cities, (name) => name.startsWith(wanted)) : [], governorates: [] }),
    () => ({ cities: [], governorates: wanted.length >= 3 ? pick(governorates, (name) => name.startsWith(wanted)) : [] }),
  ];
  for (const step of steps) {
    const match = step();
    if (match.cities.length > 0 || match.governorates.length > 0) return match;
  }
  return { cities: [destination.trim()], governorates: [destination.trim()] };
}

/** "49.9" or "49,90" in a currency → its minor units (4990 for EUR), or null when not an amount. */
export function amountToMinorUnits(amount: string, currency: DisplayCurrency): bigint | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,6}))?$/.exec(amount.trim());
  if (!match) return null;
  const [, integer, fraction = ""] = match;
  if (fraction.length > currency.decimals && /[1-9]/.test(fraction.slice(currency.decimals))) {
    // More precision than the currency has: round half-up to its minor units.
    const scaled = BigInt(integer! + fraction);
    return divideRoundHalfUp(scaled, 10n ** BigInt(fraction.length - currency.decimals));
  }
  return BigInt(integer!) * 10n ** BigInt(currency.decimals) + BigInt((fraction.slice(0, currency.decimals) || "0").padEnd(currency.decimals, "0"));
}

/**
 * The smallest amount of millimes that shows as at least `minor` in `currency` — so filtering
 * millimes ≥ it equals filtering what the visitor sees ≥ what they typed.
 */
export function millimesAtLeast(minor: bigint, currency: DisplayCurrency): number {
  if (currency.valueMicros <= 0) return minor > 0n ? Number.MAX_SAFE_INTEGER : 0;
  // Estimate by exact inverse, then step to the boundary (conversion rounds half-up).
  let millimes = (minor * 1000n * 1_000_000n) / (BigInt(currency.valueMicros) * 10n ** BigInt(currency.decimals));
  while (millimes > 0n && convertMillimes(millimes - 1n, currency) >= minor) millimes -= 1n;
  while (convertMillimes(millimes, currency) < minor) millimes += 1n;
  return Number(millimes);
}

/** The largest amount of millimes that shows as at most `minor` in `currency`. */
export function millimesAtMost(minor: bigint, currency: DisplayCurrency): number {
  if (currency.valueMicros <= 0) return Number.MAX_SAFE_INTEGER;
  let millimes = (minor * 1000n * 1_000_000n) / (BigInt(currency.valueMicros) * 10n ** BigInt(currency.decimals));
  while (convertMillimes(millimes + 1n, currency) <= minor) millimes += 1n;
  while (millimes >= 0n && convertMillimes(millimes, currency) > minor) millimes -= 1n;
  return Number(millimes);
}

/** The nightly price a search compares with its price range: the stay's total spread over its nights. */
export function nightlyAverage(total: number, nights: number): number {
  return nights > 0 ? Number(divideRoundHalfUp(BigInt(total), BigInt(nights))) : total;
}

export const SEARCH_PAGE_SIZE = 12;

export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to link to: the first, the last, and two around the current page, with null
 * where pages are skipped ([1, null, 4, 5, 6, 7, 8, null, 20]).
 */
export function pageLinks(page: number, pages: number): Array<number | null> {
  const wanted = new Set<number>([1, pages]);
  for (let near = page - 2; near <= page + 2; near += 1) if (near >= 1 && near <= pages) wanted.add(near);
  const sorted = [...wanted].sort((a, b) => a - b);
  const links: Array<number | null> = [];
  sorted.forEach((value, index) => {
    const gap = index > 0 ? value - sorted[index - 1]! : 1;
    // An ellipsis never hides a single page: that page is linked instead.
    if (gap === 2) links.push(value - 1);
    else if (gap > 2) links.push(null);
    links.push(value);
  });
  return links;
}

/**
 * Where a listing is shown on a map before it is paid for: its position rounded to about a
 * kilometre, then moved by up to ~400 m in a direction fixed by its id (the same every time, so
 * markers do not jump; not reversible, so the door stays private).
 */
export function approximatePosition(latitude: number, longitude: number, id: number): { lat: number; lng: number } {
  const seed = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const angle = ((seed % 3600) / 3600) * 2 * Math.PI;
  const distance = 0.0015 + ((seed >>> 12) % 1000) / 1000 * 0.002;
  const lat = Math.round(latitude * 100) / 100 + Math.sin(angle) * distance;
  const lng = Math.round(longitude * 100) / 100 + Math.cos(angle) * distance;
  return { lat: Math.round(lat * 10_000) / 10_000, lng: Math.round(lng * 10_000) / 10_000 };
}

/** Rooms of capacity `perRoom` needed for `guests` (at least one). */
export function roomsNeeded(guests: number, perRoom: number): number {
  if (perRoom <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.ceil(guests / perRoom));
}

/** A listing id from a path or query ("12"), or null ("12abc", "0", "-1", too long). */
export function parseListingId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
