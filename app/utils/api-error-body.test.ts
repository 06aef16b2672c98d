import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiLanguageOf, plainApiError } from "~/utils/api-error-body";

const api = Object.fromEntries(
  ["en", "fr", "es"].map((lng) => [lng, JSON.parse(fs.readFileSync(`locales/${lng}/api.json`, "utf8"))]),
);

describe("apiLanguageOf", () => {
  it.each([
    ["/api/v1/x", null, "en"],
    ["/api/v1/x?lng=es", "fr", "es"],
    ["/api/v1/x?lng=xx", "de,fr;q=0.5", "fr"],
    ["http://localhost/api/v1/x", "es-AR", "es"],
  ])("%s with Accept-Language %j → %s", (url, acceptLanguage, expected) => {
    expect(apiLanguageOf(url, acceptLanguage)).toBe(expected);
  });
});

describe("plainApiError (answers made by server.ts outside Remix)", () => {
  it("has the API's error shape and translated message", () => {
    expect(plainApiError("too_many_requests", "/api/v1/x?lng=fr", null)).toEqual({
      error: { code: "too_many_requests", message: api.fr.errors.too_many_requests },
    });
    expect(plainApiError("forbidden", "/api/v1/x", "es", "cross_site")).toEqual({
      error: { code: "forbidden", message: api.es.errors.cross_site },
    });
  });

  it("falls back to the server-error message for an unknown message key", () => {
    expect(plainApiError("teapot", "/", null).error.message).toBe(api.en.errors.server_error);
  });
});
