import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Currency } from "~/db/models/currency.server";
import { TND } from "~/domain/money";
import { action as currencyAction, loader as currencyLoader } from "~/routes/($lang).currency";
import { action as tndValueAction, loader as tndValueLoader } from "~/routes/api.v1.tnd-value.$code";
import { getDisplayCurrency, listCurrencies } from "~/utils/currency.server";
import { createCurrencies, TEST_DZD, TEST_EUR, TEST_LYD } from "../factories/currency";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const apiMessages = Object.fromEntries(
  ["en", "fr", "es"].map((lng) => [lng, JSON.parse(fs.readFileSync(`locales/${lng}/api.json`, "utf8"))]),
);

beforeAll(async () => {
  await createCurrencies(TEST_EUR, TEST_DZD, TEST_LYD);
});

async function tndValue(code: string, init: { query?: string; headers?: HeadersInit } = {}) {
  const request = new Request(`http://localhost/api/v1/tnd-value/${code}${init.query ?? ""}`, { headers: init.headers });
  return tndValueLoader({ request, params: { code }, context: {} });
}

describe("GET /api/v1/tnd-value/{code}", () => {
  it.each([
    ["TND", 1],
    ["tnd", 1],
    ["EUR", 0.2915],
    ["eur", 0.2915],
    ["Eur", 0.2915],
    ["DZD", 44.125],
    ["lyd", 1.84325],
  ])("%s → { value: %s }", async (code, value) => {
    const response = await tndValue(code);
    expect(response.status).toBe(200);
    expect(await response.clone().json()).toEqual({ value });
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", response);
  });

  it("follows the rate an operator sets", async () => {
    await Currency.update({ valueMicros: 300_000 }, { where: { code: "EUR" } });
    expect(await (await tndValue("EUR")).json()).toEqual({ value: 0.3 });
    await Currency.update({ valueMicros: TEST_EUR.valueMicros }, { where: { code: "EUR" } });
  });

  it.each([
    ["XYZ", "en", {}],
    ["xyz", "fr", { query: "?lng=fr" }],
    ["XAF", "es", { headers: { "Accept-Language": "es-ES,es;q=0.9" } }],
  ])("unknown %s → 404 JSON error in %s", async (code, lng, init) => {
    const response = await tndValue(code, init);
    expect(response.status).toBe(404);
    const body = await expectApiResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", response);
    expect(body).toEqual({
      error: {
        code: "not_found",
        message: apiMessages[lng].errors.currency_not_found.replace("{{code}}", code.toUpperCase()),
      },
    });
  });

  it.each(["EURO", "E1R", "", "€"])("a malformed code %j → 404 JSON error", async (code) => {
    const response = await tndValue(encodeURIComponent(code));
    expect(response.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", response);
  });

  it("refuses other methods with a JSON 405", async () => {
    const request = new Request("http://localhost/api/v1/tnd-value/EUR", { method: "POST" });
    const response = await tndValueAction({ request, params: { code: "EUR" }, context: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain("GET");
    await expectApiResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", response);
  });
});

function cookiePair(setCookie: string | null): string {
  expect(setCookie).toBeTruthy();
  return setCookie!.split(";")[0]!;
}

async function selectCurrency(fields: Record<string, string>, lang?: string): Promise<Response> {
  const request = new Request(`http://localhost${lang ? `/${lang}` : ""}/currency`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  try {
    return await currencyAction({ request, params: lang ? { lang } : {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the currency selector (POST /currency)", () => {
  it("remembers a known currency in the cookie and goes back with a 303", async () => {
    const response = await selectCurrency({ code: "eur", redirectTo: "/fr/accommodation?page=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/fr/accommodation?page=2");
    const setCookie = response.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^currency=/);
    const next = new Request("http://localhost/fr/accommodation", { headers: { Cookie: cookiePair(setCookie) } });
    expect(await getDisplayCurrency(next)).toEqual(TEST_EUR);
  });

  it("works under a language prefix and can go back to TND", async () => {
    const response = await selectCurrency({ code: "TND", redirectTo: "/es" }, "es");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/es");
    const next = new Request("http://localhost/es", { headers: { Cookie: cookiePair(response.headers.get("Set-Cookie")) } });
    expect(await getDisplayCurrency(next)).toEqual(TND);
  });

  it.each(["XYZ", "EURO", "", "<b>"])("does not remember an unknown code %j: back with an error toast", async (code) => {
    const response = await selectCurrency({ code, redirectTo: "/fr/host" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/fr/host");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^toast=/);
    expect(setCookie).not.toMatch(/currency=/);
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "evil", "/\t/evil.example"])(
    "refuses redirectTo %j with a 400 and sets nothing",
    async (redirectTo) => {
      const response = await selectCurrency({ code: "EUR", redirectTo });
      expect(response.status).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
      expect(response.headers.get("Set-Cookie")).toBeNull();
    },
  );

  it("goes to the (prefixed) home page when redirectTo is missing", async () => {
    expect((await selectCurrency({ code: "DZD" })).headers.get("Location")).toBe("/");
    expect((await selectCurrency({ code: "DZD" }, "fr")).headers.get("Location")).toBe("/fr");
  });

  it("answers 404 under a prefix that is not a language", async () => {
    expect((await selectCurrency({ code: "EUR", redirectTo: "/" }, "zz")).status).toBe(404);
  });

  it("sends a GET to the home page", async () => {
    const get = (url: string, params: Record<string, string>) =>
      currencyLoader({ request: new Request(url), params, context: {} });
    const plain = await get("http://localhost/currency", {});
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/");
    expect((await get("http://localhost/fr/currency", { lang: "fr" })).headers.get("Location")).toBe("/fr");
  });
});

describe("display currency", () => {
  it("is TND without a cookie, and TND again when the cookie names a currency that is gone", async () => {
    expect(await getDisplayCurrency(new Request("http://localhost/"))).toEqual(TND);
    const chosen = await selectCurrency({ code: "LYD", redirectTo: "/" });
    const cookie = cookiePair(chosen.headers.get("Set-Cookie"));
    expect(await getDisplayCurrency(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toEqual(TEST_LYD);
    await Currency.destroy({ where: { code: "LYD" } });
    expect(await getDisplayCurrency(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toEqual(TND);
    await createCurrencies(TEST_EUR, TEST_DZD, TEST_LYD);
  });

  it("lists the table's currencies in the operators' order (position, then code)", async () => {
    const rows = await Currency.findAll();
    const expected = [...rows].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code)).map((row) => row.code);
    expect((await listCurrencies()).map((c) => c.code)).toEqual(expected);
    // Moving a currency to the front moves it in the list.
    const lyd = rows.find((row) => row.code === "LYD")!;
    await Currency.update({ position: -1 }, { where: { code: "LYD" } });
    expect((await listCurrencies())[0]!.code).toBe("LYD");
    await Currency.update({ position: lyd.position }, { where: { code: "LYD" } });
  });
});
