// The profile, settings, password and favorites twins of the pages (issue 22 point 1, ADR 225):
// the same service functions and rules as /profile, /profile/settings, /profile/mode,
// /profile/security and the heart, every answer held against the OpenAPI document.
import { describe, expect, it } from "vitest";
import { Favorite } from "~/db/models/favorite.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { action as favoriteAction, loader as favoriteLoader } from "~/routes/api.v1.favorites.$kind.$id";
import { action as favoritesAction, loader as favoritesLoader } from "~/routes/api.v1.favorites._index";
import { action as meAction, loader as meLoader } from "~/routes/api.v1.me";
import { action as passwordAction, loader as passwordLoader } from "~/routes/api.v1.me.password";
import { createSession, findActiveSession } from "~/utils/auth-sessions.server";
import { verifyPassword } from "~/utils/password.server";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../factories/account-factories";
import { createBookingUser, createPublicGuesthouse, createPublicListing } from "../factories/booking-factories";
import { createPartner } from "../factories/experience-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

type Params = Record<string, string | undefined>;

function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const all = new Headers(headers);
  if (body !== undefined && !all.has("Content-Type")) all.set("Content-Type", "application/json");
  if (token) all.set("Authorization", `Bearer ${token}`);
  return new Request(`http://localhost/api/v1${path}`, { method, headers: all, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}
const args = (request: Request, params: Params = {}) => ({ request, params, context: {} });

async function tokenOf(userId: number) {
  return (await createSession(userId, "api")).id;
}

describe("GET and PATCH /api/v1/me", () => {
  it("answers the bearer's profile and settings; 401 without a token", async () => {
    const user = await createAccount({ firstName: "Amira" });
    const token = await tokenOf(user.id);
    const anonymous = await meLoader(args(call("GET", "/me", null)));
    expect(anonymous.status).toBe(401);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/me", anonymous);
    const response = await meLoader(args(call("GET", "/me", token)));
    expect(response.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/me", response)).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: "Amira",
      birthDate: "1990-04-12",
      gender: "female",
      country: "TN",
      nationality: "TN",
      about: null,
      hostMode: false,
      language: "en",
      currency: "TND",
      timeZone: "Africa/Tunis",
    });
  });

  it("saves profile fields, settings and host mode by the pages' rules, and refuses bad ones with the forms' translated messages, saving nothing", async () => {
    const user = await createAccount();
    const token = await tokenOf(user.id);
    const changed = await meAction(args(call("PATCH", "/me", token, { firstName: "  Yasmine ", birthDate: "1985-02-03", about: "Hôte à Djerba", language: "fr", currency: "EUR", timeZone: "Europe/Paris", hostMode: true })));
    expect(changed.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", changed)).toMatchObject({
      firstName: "Yasmine",
      birthDate: "1985-02-03",
      about: "Hôte à Djerba",
      language: "fr",
      currency: "EUR",
      timeZone: "Europe/Paris",
      hostMode: true,
    });
    const stored = (await User.findByPk(user.id))!;
    expect({ firstName: stored.firstName, language: stored.language, currency: stored.currency, hostMode: stored.hostMode }).toEqual({ firstName: "Yasmine", language: "fr", currency: "EUR", hostMode: true });

    // The profile form's rules and messages (French by Accept-Language); nothing of the PATCH is saved.
    const refused = await meAction(args(call("PATCH", "/me", token, { lastName: "Ben Salah", phone: "12", birthDate: "2020-01-01", currency: "XXX" }, { "Accept-Language": "fr" })));
    expect(refused.status).toBe(400);
    const body = (await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", refused)) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.fields).toEqual({
      phone: "Le numéro de téléphone doit contenir au moins 6 chiffres",
      birthDate: "Vous devez avoir 18 ans ou plus",
    });
    expect((await User.findByPk(user.id))!.lastName).not.toBe("Ben Salah");

    // A currency Darna does not display: the settings page's message, on the field.
    const currency = await meAction(args(call("PATCH", "/me", token, { currency: "XXX" }, { "Accept-Language": "fr" })));
    expect(currency.status).toBe(400);
    expect(((await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", currency)) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      currency: "Veuillez choisir une valeur de la liste",
    });
    const wrongType = await meAction(args(call("PATCH", "/me", token, { hostMode: "yes", about: null })));
    expect(wrongType.status).toBe(400);
    await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", wrongType);
    const cleared = await meAction(args(call("PATCH", "/me", token, { about: null, hostMode: false })));
    expect(await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", cleared)).toMatchObject({ about: null, hostMode: false });

    expect((await meAction(args(call("PATCH", "/me", null, {})))).status).toBe(401);
    const notJson = await meAction(args(call("PATCH", "/me", token, "{x")));
    expect(notJson.status).toBe(400);
    await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", notJson);
    const post = await meAction(args(call("POST", "/me", token, {})));
    expect(post.status).toBe(405);
    await expectApiResponseMatchesOpenApi("patch", "/api/v1/me", post);
  });
});

describe("POST /api/v1/me/password", () => {
  it("changes the password by /profile/security's rules, e-mails the user and signs out the other sessions but not the caller", async () => {
    const user = await createAccount();
    const token = await tokenOf(user.id);
    const other = await tokenOf(user.id);

    const wrong = await passwordAction(args(call("POST", "/me/password", token, { currentPassword: "nope-nope-nope", password: "n3w-passw0rd!", confirmPassword: "n3w-passw0rd!" }, { "Accept-Language": "fr" })));
    expect(wrong.status).toBe(400);
    expect(((await expectApiResponseMatchesOpenApi("post", "/api/v1/me/password", wrong)) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      currentPassword: "Le mot de passe actuel n'est pas correct",
    });
    const mismatch = await passwordAction(args(call("POST", "/me/password", token, { currentPassword: TEST_PASSWORD, password: "n3w-passw0rd!", confirmPassword: "other-passw0rd" })));
    expect(mismatch.status).toBe(400);
    expect(Object.keys(((await expectApiResponseMatchesOpenApi("post", "/api/v1/me/password", mismatch)) as { error: { fields: object } }).error.fields)).toEqual(["confirmPassword"]);
    const missing = await passwordAction(args(call("POST", "/me/password", token, {})));
    expect(missing.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/me/password", missing);
    expect(await verifyPassword((await User.findByPk(user.id))!.passwordHash, TEST_PASSWORD)).toBe(true);

    const done = await passwordAction(args(call("POST", "/me/password", token, { currentPassword: TEST_PASSWORD, password: "n3w-passw0rd!", confirmPassword: "n3w-passw0rd!" })));
    expect(done.status).toBe(204);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/me/password", done);
    expect(await verifyPassword((await User.findByPk(user.id))!.passwordHash, "n3w-passw0rd!")).toBe(true);
    expect(await lastEmailTo(user.email, "password-changed")).toBeDefined();
    expect(await findActiveSession(token, { kind: "api" })).not.toBeNull();
    expect(await findActiveSession(other, { kind: "api" })).toBeNull();

    expect((await passwordAction(args(call("POST", "/me/password", null, {})))).status).toBe(401);
    const get = await passwordLoader(args(call("GET", "/me/password", token)));
    expect(get.status).toBe(405);
  });
});

describe("favorites: POST/DELETE /api/v1/favorites/{kind}/{id}, GET /api/v1/favorites", () => {
  it("adds and removes properties, establishments and partners by the heart's rules, and lists them paginated", async () => {
    const traveler = await createBookingUser();
    const token = await tokenOf(traveler.id);
    const property = await createPublicListing();
    const { listing: guesthouse } = await createPublicGuesthouse();
    const { partner } = await createPartner();
    const { partner: suspended } = await createPartner();
    await Partner.update({ status: "suspended" }, { where: { id: suspended.id } });

    const add = (kind: string, id: number, who: string | null = token, method = "POST") =>
      favoriteAction(args(call(method, `/favorites/${kind}/${id}`, who), { kind, id: String(id) }));

    const anonymous = await add("properties", property.id, null);
    expect(anonymous.status).toBe(401);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/favorites/{kind}/{id}", anonymous);

    for (const [kind, id] of [["properties", property.id], ["establishments", guesthouse.id], ["partners", partner.id], ["properties", property.id]] as const) {
      const response = await add(kind, id);
      expect(response.status, `${kind} ${id}`).toBe(200);
      expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/favorites/{kind}/{id}", response)).toEqual({ kind, id, favorite: true });
    }
    expect(await Favorite.count({ where: { userId: traveler.id } })).toBe(3);

    // The heart's refusals: the wrong kind for a listing, a suspended partner, an unknown id or kind — translated.
    for (const [kind, id] of [["establishments", property.id], ["partners", suspended.id], ["properties", 987654321]] as const) {
      const refused = await favoriteAction(args(call("POST", `/favorites/${kind}/${id}`, token, undefined, { "Accept-Language": "fr" }), { kind, id: String(id) }));
      expect(refused.status, `${kind} ${id}`).toBe(404);
      const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/favorites/{kind}/{id}", refused)) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: "not_found", message: "Erreur lors de l'ajout ou du retrait d'un favori" });
    }
    expect((await favoriteAction(args(call("POST", "/favorites/cars/1", token), { kind: "cars", id: "1" }))).status).toBe(404);
    expect((await favoriteAction(args(call("POST", "/favorites/properties/x", token), { kind: "properties", id: "x" }))).status).toBe(404);

    const list = await favoritesLoader(args(call("GET", "/favorites?pageSize=2", token)));
    expect(list.status).toBe(200);
    const page = (await expectApiResponseMatchesOpenApi("get", "/api/v1/favorites", list)) as { items: Array<{ kind: string; id: number; nightlyPrice: number | null }>; total: number; page: number; pageSize: number };
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((item) => [item.kind, item.id])).toEqual([["properties", property.id], ["establishments", guesthouse.id]]);
    expect(Number.isInteger(page.items[0]!.nightlyPrice)).toBe(true);
    const second = (await expectApiResponseMatchesOpenApi("get", "/api/v1/favorites", await favoritesLoader(args(call("GET", "/favorites?pageSize=2&page=2", token)))));
    expect(second).toMatchObject({ items: [{ kind: "partners", id: partner.id, nightlyPrice: null, photo: null }], total: 3, page: 2 });
    const partners = (await expectApiResponseMatchesOpenApi("get", "/api/v1/favorites", await favoritesLoader(args(call("GET", "/favorites?kind=partners", token))))) as { total: number };
    expect(partners.total).toBe(1);
    const tooBig = await favoritesLoader(args(call("GET", "/favorites?pageSize=101", token, undefined, { "Accept-Language": "fr" })));
    expect(tooBig.status).toBe(400);
    expect(((await expectApiResponseMatchesOpenApi("get", "/api/v1/favorites", tooBig)) as { error: { fields: object } }).error.fields).toHaveProperty("pageSize");

    // Another user's favorites stay theirs.
    const stranger = await tokenOf((await createBookingUser()).id);
    expect(await (await favoritesLoader(args(call("GET", "/favorites", stranger)))).json()).toMatchObject({ items: [], total: 0 });

    const removed = await add("properties", property.id, token, "DELETE");
    expect(await expectApiResponseMatchesOpenApi("delete", "/api/v1/favorites/{kind}/{id}", removed)).toEqual({ kind: "properties", id: property.id, favorite: false });
    const again = await add("properties", property.id, token, "DELETE");
    expect(again.status).toBe(200);
    expect(await Favorite.count({ where: { userId: traveler.id } })).toBe(2);

    expect((await favoriteLoader(args(call("GET", `/favorites/properties/${property.id}`, token), { kind: "properties", id: String(property.id) }))).status).toBe(405);
    expect((await favoritesAction(args(call("POST", "/favorites", token, {})))).status).toBe(405);
    expect((await add("properties", property.id, token, "PUT")).status).toBe(405);
  });
});
