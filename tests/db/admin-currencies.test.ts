// /admin/currencies (issue 2, point 4: operator-set rates): operators set a currency's rate and
// symbol and add currencies; the rate is what the tnd-value API and the pages use next. Bad input
// comes back with translated errors next to the fields and what was typed; nobody else may post.
import { beforeAll, describe, expect, it } from "vitest";
import { Currency } from "~/db/models/currency.server";
import * as currenciesRoute from "~/routes/($lang).admin.currencies";
import * as loginRoute from "~/routes/($lang).auth._index";
import { loader as tndValueLoader } from "~/routes/api.v1.tnd-value.$code";
import { findCurrency } from "~/utils/currency.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createCurrencies, TEST_EUR } from "../factories/currency";

const operator = new CookieJar();
const traveler = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  await createCurrencies(TEST_EUR);
  await logIn(operator, (await createAccount({ role: "operator" })).email);
  await logIn(traveler, (await createAccount()).email);
});

function post(jar: CookieJar, form: Record<string, string>, path = "/admin/currencies") {
  return callRoute(currenciesRoute.action, makeRequest(path, { form, jar }), { jar });
}

type Answer = { intent: string; code: string | null; reply: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

describe("/admin/currencies", () => {
  it("lists the currencies with their rates for operators only", async () => {
    const page = await callRoute(currenciesRoute.loader, makeRequest("/admin/currencies", { jar: operator }));
    expect(page.status).toBe(200);
    expect((page.data as { currencies: { code: string; valueMicros: number }[] }).currencies).toContainEqual(
      expect.objectContaining({ code: "EUR", valueMicros: TEST_EUR.valueMicros }),
    );
    expect((await callRoute(currenciesRoute.loader, makeRequest("/admin/currencies", { jar: traveler }))).status).toBe(403);
    const anonymous = await callRoute(currenciesRoute.loader, makeRequest("/admin/currencies"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("sets a rate and a symbol; the API and the pages use it at once", async () => {
    const saved = await post(operator, { intent: "update", code: "EUR", symbol: "EUR", rate: "0,3105" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/currencies");
    expect(await toastOf(saved)).toMatchObject({ type: "success", message: "admin:currencies.saved" });
    expect(await findCurrency("EUR")).toEqual({ code: "EUR", symbol: "EUR", valueMicros: 310_500, decimals: 2 });
    const api = await tndValueLoader({ request: new Request("http://localhost/api/v1/tnd-value/EUR"), params: { code: "EUR" }, context: {} });
    expect(await api.json()).toEqual({ value: 0.3105 });
    // Under a language prefix the redirect keeps it.
    expect((await post(operator, { intent: "update", code: "EUR", symbol: "€", rate: "0.2915" }, "/fr/admin/currencies")).location).toBe(
      "/fr/admin/currencies",
    );
  });

  it.each([
    [{ rate: "" }, "rate", "admin:currencies.errors.required"],
    [{ rate: "-1" }, "rate", "admin:currencies.errors.rate"],
    [{ rate: "0" }, "rate", "admin:currencies.errors.rate"],
    [{ rate: "0.1234567" }, "rate", "admin:currencies.errors.rate"],
    [{ rate: "abc" }, "rate", "admin:currencies.errors.rate"],
    [{ symbol: "" }, "symbol", "admin:currencies.errors.required"],
    [{ symbol: "ABCDEFGHI" }, "symbol", "admin:currencies.errors.symbol"],
  ])("refuses %j with the field's message, keeping what was typed and the rate unchanged", async (change, field, message) => {
    const form = { intent: "update", code: "EUR", symbol: "€", rate: "0.5", ...change };
    const answer = await post(operator, form);
    expect(answer.status).toBe(400);
    const { code, reply } = answer.data as Answer;
    expect(code).toBe("EUR");
    expect(reply.error?.[field]).toEqual([message]);
    // Everything typed comes back (Conform drops empty fields).
    expect(reply.initialValue).toMatchObject(Object.fromEntries(Object.entries(form).filter(([, value]) => value !== "")));
    expect((await findCurrency("EUR"))!.valueMicros).toBe(TEST_EUR.valueMicros);
  });

  it("never changes TND, and says so", async () => {
    const answer = await post(operator, { intent: "update", code: "TND", symbol: "DT", rate: "2" });
    expect(answer.status).toBe(400);
    expect((answer.data as Answer).reply.error?.rate).toEqual(["admin:currencies.errors.tndFixed"]);
    expect((await findCurrency("TND"))!.valueMicros).toBe(1_000_000);
  });

  it("adds a currency at the end of the list, once", async () => {
    const added = await post(operator, { intent: "add", code: "jpy", symbol: "¥", rate: "48.5", decimals: "0" });
    expect(added.status).toBe(302);
    expect(await toastOf(added)).toMatchObject({ message: "admin:currencies.added" });
    expect(await findCurrency("JPY")).toEqual({ code: "JPY", symbol: "¥", valueMicros: 48_500_000, decimals: 0 });
    const positions = (await Currency.findAll()).map((row) => row.position);
    expect((await Currency.findByPk("JPY"))!.position).toBe(Math.max(...positions));

    const again = await post(operator, { intent: "add", code: "JPY", symbol: "¥", rate: "50", decimals: "0" });
    expect(again.status).toBe(409);
    expect((again.data as Answer).reply.error?.code).toEqual(["admin:currencies.errors.exists"]);
    expect((await findCurrency("JPY"))!.valueMicros).toBe(48_500_000);
  });

  it.each([
    [{ code: "TND" }, "code", "admin:currencies.errors.code"],
    [{ code: "EURO" }, "code", "admin:currencies.errors.code"],
    [{ code: "" }, "code", "admin:currencies.errors.required"],
    [{ decimals: "5" }, "decimals", "admin:currencies.errors.decimals"],
    [{ rate: "1,2,3" }, "rate", "admin:currencies.errors.rate"],
  ])("refuses to add %j", async (change, field, message) => {
    const answer = await post(operator, { intent: "add", code: "SEK", symbol: "kr", rate: "3.4", decimals: "2", ...change });
    expect(answer.status).toBe(400);
    expect((answer.data as Answer).reply.error?.[field]).toEqual([message]);
    expect(await Currency.findByPk("SEK")).toBeNull();
  });

  it("refuses every post but an operator's", async () => {
    const form = { intent: "update", code: "EUR", symbol: "€", rate: "9" };
    expect((await post(traveler, form)).status).toBe(403);
    expect((await callRoute(currenciesRoute.action, makeRequest("/admin/currencies", { form }))).status).toBe(302);
    expect((await findCurrency("EUR"))!.valueMicros).toBe(TEST_EUR.valueMicros);
  });
});
