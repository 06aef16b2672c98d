import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { getFixedT, getLanguage, i18nServer, languageCookie } from "~/utils/i18n.server";

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

describe("getFixedT", () => {
  const title = (language: string) => (JSON.parse(fs.readFileSync(`locales/${language}/auth.json`, "utf8")) as { login: { submit: string } }).login.submit;

  it("translates in the language and namespace asked", async () => {
    for (const language of ["en", "fr", "es"] as const) {
      expect((await getFixedT(language, "auth"))("login.submit")).toBe(title(language));
    }
    expect((await getFixedT("fr", ["auth", "common"]))("login.submit")).toBe(title("fr"));
  });

  it("builds each language and namespace once, not on every request", async () => {
    expect(getFixedT("es", "auth")).toBe(getFixedT("es", "auth"));
    expect(await getFixedT("es", "auth")).toBe(await getFixedT("es", "auth"));
    expect(getFixedT("es", "auth")).not.toBe(getFixedT("fr", "auth"));
    expect(getFixedT("es", "auth")).not.toBe(getFixedT("es", "common"));
  });
});

describe("getRouteNamespaces (ADR 247)", () => {
  type Context = Parameters<typeof i18nServer.getRouteNamespaces>[0];
  const manifest = {};
  const modules = { root: { handle: { i18n: ["common"] } }, page: { handle: { i18n: "search" } }, other: {} };
  const contextOf = (routeModules: Record<string, unknown>, ofManifest: object = manifest) =>
    ({ manifest: ofManifest, routeModules }) as unknown as Context;

  it("collects every route module's namespaces once per build, whatever the map of its modules", () => {
    const first = i18nServer.getRouteNamespaces(contextOf({ ...modules }));
    expect([...first].sort()).toEqual(["common", "search"]);
    expect(i18nServer.getRouteNamespaces(contextOf({ ...modules }))).toBe(first);
  });

  it("collects again for another build (another manifest)", () => {
    const first = i18nServer.getRouteNamespaces(contextOf({ ...modules }));
    const rebuilt = i18nServer.getRouteNamespaces(contextOf({ ...modules, other: { handle: { i18n: ["reviews"] } } }, {}));
    expect(rebuilt).not.toBe(first);
    expect([...rebuilt].sort()).toEqual(["common", "reviews", "search"]);
  });
});
