// The buckets an analytics event is grouped by, computed once when it is written (ADR 171):
// plain columns make the dashboard's GROUP BY the same SQL on SQLite and MariaDB.
import { addDays, dateInTunis, isoDayOfWeek, type IsoDate } from "~/domain/stay-dates";
import { stripLanguage } from "~/utils/i18n";

export type PageKind = "search" | "property" | "other";

export interface EventBuckets {
  /** Tunis calendar date of the event. */
  day: IsoDate;
  /** The Monday of its ISO week (Tunis). */
  week: IsoDate;
  page: PageKind | null;
  source: string | null;
  destination: string | null;
}

/** The Monday of `day`'s ISO week. */
export function weekOf(day: IsoDate): IsoDate {
  return addDays(day, 1 - isoDayOfWeek(day));
}

/** A searched destination as counted: accents and case folded, spaces collapsed (≤ 100 chars). */
export function normalizeDestination(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const folded = raw.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim().slice(0, 100);
  return folded || null;
}

/** What kind of page a local path is, and the destination a search page asked for. */
export function classifyPage(path: string): { page: PageKind; destination: string | null } {
  let url: URL;
  try {
    url = new URL(path, "http://localhost");
  } catch {
    return { page: "other", destination: null };
  }
  const bare = stripLanguage(url.pathname);
  if (bare === "/accommodation" || bare === "/search-by-map") {
    return { page: "search", destination: normalizeDestination(url.searchParams.get("destination")) };
  }
  return { page: /^\/property-details\/\d+\/?$/.test(bare) ? "property" : "other", destination: null };
}

export function bucketsOf(name: string, path: string | null, source: string | null, at: Date): EventBuckets {
  const day = dateInTunis(at);
  const week = weekOf(day);
  if (name !== "Page View" || !path) return { day, week, page: null, source: null, destination: null };
  return { day, week, ...classifyPage(path), source: source?.slice(0, 16) ?? null };
}
