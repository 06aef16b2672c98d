import { describe, expect, it } from "vitest";
import { currencyCookie } from "~/utils/currency.server";
import { dataSaverCookie } from "~/utils/data-saver.server";
import { languageCookie } from "~/utils/i18n.server";
import { CURRENCY_COOKIE, documentCacheKey, LANGUAGE_COOKIE, type DocumentRequest } from "~/services/document-cache/document-key.server";

// The document cache's key (ADR 244) holds every input a signed-out visitor's page depends on,
// and anything it cannot key sends the request past the cache.
const NOW = Date.parse("2026-11-28T12:00:00Z");
const base: DocumentRequest = {
  method: "GET",
  protocol: "http",
  originalUrl: "/property-details/7?checkIn=2026-12-20&checkOut=2026-12-23",
  headers: { host: "darna.tn", "accept-language": "en", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
};
const keyOf = (change: Partial<DocumentRequest> & { set?: Record<string, string> }, now = NOW) =>
  documentCacheKey({ ...base, ...change, headers: { ...base.headers, ...change.headers, ...change.set } }, now);

describe("documentCacheKey", () => {
  it("names the same cookies the app reads", () => {
    expect(LANGUAGE_COOKIE).toBe(languageCookie.name);
    expect(CURRENCY_COOKIE).toBe(currencyCookie.name);
    expect(keyOf({ set: { cookie: `${dataSaverCookie.name}=b24i` } })).not.toBeNull();
  });

  it("is the same for the same request", () => {
    expect(keyOf({})).toBe(keyOf({}));
    expect(keyOf({})).not.toBeNull();
  });

  it.each<[string, Partial<DocumentRequest> & { set?: Record<string, string> }]>([
    ["the path", { originalUrl: "/property-details/8" }],
    ["the query", { originalUrl: "/property-details/7?checkIn=2026-12-21&checkOut=2026-12-23" }],
    ["the protocol", { protocol: "https" }],
    ["the host", { set: { host: "www.darna.tn" } }],
    ["the forwarded host", { set: { "x-forwarded-host": "darna.example" } }],
    ["the language cookie", { set: { cookie: "lng=ImZyIg%3D%3D" } }],
    ["Accept-Language", { set: { "accept-language": "fr-FR,fr;q=0.9" } }],
    ["the currency cookie", { set: { cookie: "currency=IkVVUiI%3D" } }],
    ["the data-saver cookie", { set: { cookie: "darna_data_saver=Im9uIg%3D%3D" } }],
    ["Save-Data", { set: { "save-data": "on" } }],
    ["a bot's user agent", { set: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } }],
  ])("changes with %s", (_name, change) => {
    const key = keyOf(change);
    expect(key).not.toBeNull();
    expect(key).not.toBe(keyOf({}));
  });

  it("changes with the date in Tunis (UTC+1), not within a day", () => {
    expect(keyOf({}, Date.parse("2026-11-28T22:59:00Z"))).toBe(keyOf({}, Date.parse("2026-11-28T08:00:00Z")));
    expect(keyOf({}, Date.parse("2026-11-28T23:00:00Z"))).not.toBe(keyOf({}, Date.parse("2026-11-28T22:59:00Z")));
  });

  it("does not change with an Accept-Language naming the same language", () => {
    expect(keyOf({ set: { "accept-language": "en-GB,en;q=0.8" } })).toBe(keyOf({}));
  });

  it.each<[string, Partial<DocumentRequest> & { set?: Record<string, string> }]>([
    ["a POST", { method: "POST" }],
    ["a HEAD", { method: "HEAD" }],
    ["a session cookie", { set: { cookie: "Token=abc" } }],
    ["a session cookie beside the language one", { set: { cookie: "lng=ImVuIg%3D%3D; Token=abc" } }],
    ["a pending toast", { set: { cookie: "toast=eyJ0b2FzdCI6MX0%3D" } }],
    ["the test clock", { set: { cookie: "darna_test_clock=2026-12-01T10:00:00Z" } }],
    ["an unknown cookie", { set: { cookie: "other=1" } }],
    ["a bearer token", { set: { authorization: "Bearer abc" } }],
    ["the bench's bypass header", { set: { "x-darna-cache": "bypass" } }],
    ["a single-fetch data request", { originalUrl: "/property-details/7.data" }],
    ["a _data request", { originalUrl: "/property-details/7?_data=routes%2Fx" }],
    ["the API", { originalUrl: "/api/v1/properties/7" }],
  ])("is null for %s", (_name, change) => {
    expect(keyOf(change)).toBeNull();
  });
});
