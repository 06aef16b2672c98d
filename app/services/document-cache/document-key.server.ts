// Which requests the document cache may answer, and under which key (ADR 244). A page rendered for
// a signed-out visitor depends on the URL (host and path and query), the language (path prefix,
// ?lng=, the `lng` cookie, Accept-Language), the display currency (`currency` cookie), data saver
// (its cookie, `Save-Data`), whether the client is a bot (entry.server.tsx waits for all content
// for bots), and today's date in Tunis (what "today" the calendars start from). All of them are in
// the key. Anything else — a session, a pending toast, a test clock, any other cookie, an
// Authorization header — sends the request past the cache.
import { isbot } from "isbot";
import { dateInTunis } from "~/domain/stay-dates";
import { DATA_SAVER_COOKIE } from "~/utils/data-saver";
import { pickAcceptLanguage } from "~/utils/i18n";

/** The cookies a signed-out visitor's page may depend on; any other cookie bypasses the cache. */
export const LANGUAGE_COOKIE = "lng";
export const CURRENCY_COOKIE = "currency";
const KEYED_COOKIES: ReadonlySet<string> = new Set([LANGUAGE_COOKIE, CURRENCY_COOKIE, DATA_SAVER_COOKIE]);

/** A request header that makes one request skip the cache (read and store both): the bench's miss path. Never purges. */
export const BYPASS_HEADER = "x-darna-cache";

export interface DocumentRequest {
  method: string;
  protocol: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (request: DocumentRequest, name: string): string => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? "");
};

/** The keyed cookies' raw values, or null when the request carries any other cookie. */
function keyedCookies(cookieHeader: string): Map<string, string> | null {
  const found = new Map<string, string>();
  if (!cookieHeader) return found;
  for (const part of cookieHeader.split(";")) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const equals = trimmed.indexOf("=");
    const name = equals === -1 ? trimmed : trimmed.slice(0, equals);
    if (!KEYED_COOKIES.has(name) || found.has(name)) return null;
    found.set(name, equals === -1 ? "" : trimmed.slice(equals + 1));
  }
  return found;
}

let today = { minute: -1, date: "" };
/** Tunis is a whole number of hours from UTC: the date changes on a minute boundary. */
function todayInTunis(nowMs: number): string {
  const minute = Math.floor(nowMs / 60_000);
  if (today.minute !== minute) today = { minute, date: dateInTunis(new Date(nowMs)) };
  return today.date;
}

/**
 * The key of a signed-out visitor's page request, or null when the cache must not answer it (not a
 * GET, a session, any cookie but the keyed ones, a data request, the bypass header).
 */
export function documentCacheKey(request: DocumentRequest, nowMs = Date.now()): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.authorization !== undefined || request.headers[BYPASS_HEADER] !== undefined) return null;
  const path = request.originalUrl;
  const queryAt = path.indexOf("?");
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  // Single-fetch data requests and the API answer data, not documents.
  if (pathname.endsWith(".data") || pathname.startsWith("/api/") || (queryAt !== -1 && /[?&]_data(?:=|&|$)/.test(path.slice(queryAt)))) return null;
  const cookies = keyedCookies(header(request, "cookie"));
  if (!cookies) return null;
  return [
    request.protocol,
    header(request, "host"),
    header(request, "x-forwarded-host"),
    path,
    cookies.get(LANGUAGE_COOKIE) ?? "",
    pickAcceptLanguage(header(request, "accept-language")) ?? "",
    cookies.get(CURRENCY_COOKIE) ?? "",
    cookies.get(DATA_SAVER_COOKIE) ?? "",
    header(request, "save-data").trim().toLowerCase() === "on" ? "save-data" : "",
    isbot(header(request, "user-agent")) ? "bot" : "",
    todayInTunis(nowMs),
  ].join("\n");
}
