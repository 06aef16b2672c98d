// Friend Trip's pages and API (issue 21 points 1 and 7): the request form with translated errors
// next to fields, a free request to the confirmation, a paid one to the gateway; operators only at
// /admin/friend-trip (403 for others); the API's answers hold against openapi.json.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FriendTripRequest } from "~/db/models/friend-trip.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import * as adminRequest from "~/routes/($lang).admin.friend-trip.$id";
import * as adminList from "~/routes/($lang).admin.friend-trip._index";
import * as adminPacks from "~/routes/($lang).admin.friend-trip.packs";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as confirmationRoute from "~/routes/($lang).friend-trip-confirmation";
import * as page from "~/routes/($lang).friend-trip";
import * as apiPacks from "~/routes/api.v1.friend-trip.packs";
import * as apiRequests from "~/routes/api.v1.friend-trip.requests";
import { savePackSettings } from "~/services/friend-trip/friend-trip-packs.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const today = dateInTunis(new Date());
const prices = { basic: 150_000, custom: 350_000, premium: 700_000 };
const operator = new CookieJar();
const traveler = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

function form(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    firstName: "Lucía",
    lastName: "Pages",
    nationality: "Spanish",
    startDate: addDays(today, 5),
    endDate: addDays(today, 9),
    purpose: "relax",
    email: `lucia-${Date.now()}@example.com`,
    phone: "+34 612 345 678",
    pack: "basic",
    consent: "on",
    ...overrides,
  };
}

let operatorId = 0;

beforeAll(async () => {
  const account = await createAccount({ role: "operator" });
  operatorId = account.id;
  await logIn(operator, account.email);
  await logIn(traveler, (await createAccount()).email);
});

beforeEach(async () => {
  await savePackSettings(operatorId, { prices, promotion: null });
});

describe("/friend-trip", () => {
  it("bad input answers 400 with translated keys next to the fields", async () => {
    const result = await callRoute(page.action, makeRequest("/es/friend-trip?pack=basic", { form: form({ startDate: addDays(today, 5), endDate: addDays(today, 2), consent: undefined, purpose: "party" }) }));
    expect(result.status).toBe(400);
    const errors = (result.data as { reply: { error: Record<string, string[]> } }).reply.error;
    expect(errors.endDate).toEqual(["friend-trip:errors.endBeforeStart"]);
    expect(errors.consent).toEqual(["friend-trip:errors.consent"]);
    expect(errors.purpose).toEqual(["friend-trip:errors.purpose"]);
  });

  it("a free pack lands on /friend-trip-confirmation with the 'sent' toast; a paid one goes to the gateway", async () => {
    await savePackSettings(operatorId, { prices: { ...prices, basic: 0 }, promotion: null });
    const free = await callRoute(page.action, makeRequest("/fr/friend-trip?pack=basic", { form: form({ interests: "food" }) }));
    expect(free.location).toMatch(/^\/fr\/friend-trip-confirmation\?request=FT/);
    expect((await toastOf(free))?.message).toBe("friend-trip:sent");
    const saved = (await FriendTripRequest.findOne({ where: { reference: free.location!.split("=")[1]! } }))!;
    expect(JSON.parse(saved.interests)).toEqual(["food"]);
    const shown = await callRoute(confirmationRoute.loader, makeRequest(free.location!));
    expect(shown.data).toMatchObject({ state: "sent" });

    const paid = await callRoute(page.action, makeRequest("/friend-trip?pack=custom", { form: form({ pack: "custom" }) }));
    expect(paid.location).toMatch(/^\/sandbox-gateway\/pay\/FTP/);
  });
});

describe("/admin/friend-trip", () => {
  it("answers 403 to a traveler and sends a visitor to log in", async () => {
    for (const route of [adminList.loader, adminPacks.loader]) {
      expect((await callRoute(route, makeRequest("/admin/friend-trip", { jar: traveler }))).status).toBe(403);
    }
    expect((await callRoute(adminRequest.action, makeRequest("/admin/friend-trip/1", { jar: traveler, form: { status: "contacted" } }), { params: { id: "1" } })).status).toBe(403);
    expect((await callRoute(adminList.loader, makeRequest("/admin/friend-trip"))).location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("operators list, filter, move a request on with notes, and set prices and the promotion", async () => {
    await savePackSettings(operatorId, { prices: { ...prices, premium: 0 }, promotion: null });
    const created = await callRoute(page.action, makeRequest("/friend-trip?pack=premium", { form: form({ pack: "premium", lastName: "Adminsdottir" }) }));
    const reference = created.location!.split("=")[1]!;
    const listed = await callRoute(adminList.loader, makeRequest("/admin/friend-trip?status=new&q=Adminsdottir", { jar: operator }));
    const requests = (listed.data as { requests: Array<{ id: number; reference: string }> }).requests;
    expect(requests.map((r) => r.reference)).toEqual([reference]);
    const id = String(requests[0]!.id);
    const moved = await callRoute(adminRequest.action, makeRequest(`/admin/friend-trip/${id}`, { jar: operator, form: { status: "contacted", notes: "WhatsApp sent" } }), { params: { id } });
    expect(moved.location).toBe(`/admin/friend-trip/${id}`);
    const back = await callRoute(adminRequest.action, makeRequest(`/admin/friend-trip/${id}`, { jar: operator, form: { status: "new" } }), { params: { id } });
    expect(back.status).toBe(409);
    expect((await FriendTripRequest.findByPk(Number(id)))).toMatchObject({ status: "contacted", notes: "WhatsApp sent" });

    const badPrice = await callRoute(adminPacks.action, makeRequest("/admin/friend-trip/packs", { jar: operator, form: { basic: "abc", custom: "1", premium: "2", freeUntil: "2030-01-01" } }));
    expect(badPrice.status).toBe(400);
    const saved = await callRoute(adminPacks.action, makeRequest("/admin/friend-trip/packs", { jar: operator, form: { basic: "120.5", custom: "300", premium: "650", freeUntil: addDays(today, 30), offerEndsOn: addDays(today, 7) } }));
    expect(saved.location).toBe("/admin/friend-trip/packs");
    const packs = await callRoute(page.loader, makeRequest("/friend-trip"));
    expect((packs.data as { packs: Array<{ basePrice: number; price: number }> }).packs[0]).toMatchObject({ basePrice: 120_500, price: 0 });
  });
});

describe("API /api/v1/friend-trip", () => {
  it("GET packs: prices in TND, the promotion only while valid", async () => {
    const response = await apiPacks.loader({ request: makeRequest("/api/v1/friend-trip/packs"), params: {}, context: {} });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/friend-trip/packs", response)) as Array<Record<string, unknown>>;
    expect(body).toEqual([
      { code: "basic", price: 150_000, currency: "TND" },
      { code: "custom", price: 350_000, currency: "TND" },
      { code: "premium", price: 700_000, currency: "TND" },
    ]);
    await savePackSettings(operatorId, { prices, promotion: { freeUntil: addDays(today, 30), offerEndsOn: addDays(today, 7) } });
    const promoted = await apiPacks.loader({ request: makeRequest("/api/v1/friend-trip/packs"), params: {}, context: {} });
    const withPromotion = (await expectApiResponseMatchesOpenApi("get", "/api/v1/friend-trip/packs", promoted)) as Array<Record<string, unknown>>;
    expect(withPromotion[0]).toMatchObject({ price: 0, promotion: { offerEndsOn: addDays(today, 7) } });
  });

  it("POST requests: 201 with a paymentUrl for a paid pack, 422 with field errors, 400 for a body that is not JSON", async () => {
    const body = { ...form({ consent: undefined, pack: "premium" }), interests: ["culture"], consent: true };
    const created = await apiRequests.action({ request: makeRequest("/api/v1/friend-trip/requests", { json: body }), params: {}, context: {} });
    expect(created.status).toBe(201);
    const answer = (await expectApiResponseMatchesOpenApi("post", "/api/v1/friend-trip/requests", created)) as { status: string; paymentUrl?: string; price: number };
    expect(answer).toMatchObject({ status: "awaiting_payment", price: 700_000 });
    expect(answer.paymentUrl).toMatch(/^\/sandbox-gateway\/pay\/FTP/);

    const invalid = await apiRequests.action({ request: makeRequest("/api/v1/friend-trip/requests", { json: { ...body, consent: false, email: "nope" } }), params: {}, context: {} });
    expect(invalid.status).toBe(422);
    const fields = ((await expectApiResponseMatchesOpenApi("post", "/api/v1/friend-trip/requests", invalid)) as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(["consent", "email"]);

    const notJson = await apiRequests.action({
      request: makeRequest("/api/v1/friend-trip/requests", { method: "POST", headers: { "Content-Type": "application/json" } }),
      params: {},
      context: {},
    });
    expect(notJson.status).toBe(400);
  });
});
