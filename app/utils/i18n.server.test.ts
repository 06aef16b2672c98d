import { describe, expect, it } from "vitest";
import { getLanguage, languageCookie } from "~/utils/i18n.server";

// The cookie as the app itself sets it.
const fr = (await languageCookie.serialize("fr")).split(";")[0]!;
const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://darna.test${path}`, { headers });

describe("getLanguage: path prefix, then ?lng=, then the lng cookie, then Accept-Language by quality", () => {
  it.each([
    ["/fr/accommodation", {}, "fr"],
    ["/es", { Cookie: fr, "Accept-Language": "en" }, "es"],
    ["/?lng=es", { Cookie: fr }, "es"],
    ["/?lng=de", { Cookie: fr }, "fr"],
    ["/", { Cookie: fr, "Accept-Language": "es" }, "fr"],
    ["/", { "Accept-Language": "es-ES,es;q=0.9" }, "es"],
    ["/", { "Accept-Language": "de-DE,fr;q=0.8,en;q=0.5" }, "fr"],
    ["/", { "Accept-Language": "de-DE" }, "en"],
    ["/", {}, "en"],
    ["/xx/page", { "Accept-Language": "es" }, "es"],
  ])("%s %j → %s", async (path, headers, expected) => {
    expect(await getLanguage(request(path, headers as Record<string, string>))).toBe(expected);
  });
});
