// Personal access tokens (issue 22 point 2, ADR 220): made on /profile/security (plain form
// posts) and with /api/v1/tokens, shown once, stored hashed, listed with their last use,
// revocable; expired or revoked tokens answer 401; a password change revokes them, signing out
// does not.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PersonalAccessToken } from "~/db/models/personal-access-token.server";
import { API_SCOPES } from "~/domain/api-scopes";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import * as tokenItemRoute from "~/routes/api.v1.tokens.$id";
import * as tokensRoute from "~/routes/api.v1.tokens._index";
import * as securityRoute from "~/routes/($lang).profile.security";
import * as logoutRoute from "~/routes/($lang).auth.logout";
import { changePassword, requestPasswordReset, resetPassword } from "~/services/accounts/user.server";
import { createToken } from "~/services/api-tokens/tokens.server";
import { hashToken } from "~/utils/personal-access-tokens.server";
import { createSession } from "~/utils/auth-sessions.server";
import { tokenCookie } from "~/utils/auth.server";
import { getSequelize } from "~/db/sequelize.server";
import { createAccount, lastEmailTo, linkIdFrom, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
const call = (handler: unknown, request: Request, params: Record<string, string> = {}) =>
  (handler as Handler)({ request, params, context: {} });

function api(pathname: string, token: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  return makeRequest(pathname, { method: init.method, json: init.json, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
}

async function signedInJar(userId: number): Promise<CookieJar> {
  const session = await createSession(userId, "web");
  const jar = new CookieJar();
  jar.store(new Headers({ "Set-Cookie": await tokenCookie.serialize(session.id) }));
  return jar;
}

function tokenForm(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams({ intent: "create-token" });
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}

async function postForm(jar: CookieJar, body: URLSearchParams, pathname = "/profile/security") {
  const request = new Request(new URL(pathname, "http://localhost:4321"), {
    method: "POST",
    headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return callRoute(securityRoute.action, request, { jar });
}

describe("/profile/security: personal access tokens (no JavaScript: plain form posts)", () => {
  it("makes a token shown once, stores only its hash, lists it with scopes, expiry and last use, and revokes it", async () => {
    const user = await createAccount();
    const jar = await signedInJar(user.id);
    const lastDay = addDays(dateInTunis(new Date()), 30);
    const made = await postForm(jar, tokenForm({ name: "Channel sync", scopes: ["read", "calendar:write"], expiresOn: lastDay }));
    expect(made.status).toBe(200);
    const { createdToken } = made.data as { createdToken: { name: string; token: string } };
    expect(createdToken.name).toBe("Channel sync");
    expect(createdToken.token).toMatch(/^darna_pat_[A-Za-z0-9_-]{43}$/);

    // Stored hashed: no column of the table holds the token.
    const row = (await PersonalAccessToken.findOne({ where: { userId: user.id } }))!;
    expect(row.tokenHash).toBe(hashToken(createdToken.token));
    const [raw] = await getSequelize().query("SELECT * FROM personal_access_tokens WHERE user_id = :id", { replacements: { id: user.id } });
    expect(JSON.stringify(raw)).not.toContain(createdToken.token.slice(10));

    // Listed (never the token itself), working until the end of its last day (Tunis), not used yet.
    const page = await callRoute(securityRoute.loader, makeRequest("/profile/security", { jar }));
    const tokens = (page.data as { tokens: Array<Record<string, unknown>> }).tokens;
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: "Channel sync", scopes: ["read", "calendar:write"], lastUsedAt: null, expired: false });
    expect(JSON.stringify(page.data)).not.toContain(createdToken.token);
    expect(tokens[0]!.expiresAt).toBe(tunisInstant(addDays(lastDay, 1)).toISOString());

    // Used: it answers, and the list shows when.
    const listed = await call(tokensRoute.loader, api("/api/v1/tokens", createdToken.token));
    expect(listed.status).toBe(200);
    const after = await callRoute(securityRoute.loader, makeRequest("/profile/security", { jar }));
    expect((after.data as { tokens: Array<{ lastUsedAt: string | null }> }).tokens[0]!.lastUsedAt).not.toBeNull();

    // Revoked from the page: 401 from then on.
    const revoked = await postForm(jar, new URLSearchParams({ intent: "revoke-token", token: String(row.id) }), "/fr/profile/security");
    expect(revoked.location).toBe("/fr/profile/security");
    expect(await toastOf(revoked)).toMatchObject({ type: "success", message: "profile:tokens.revoked" });
    const refused = await call(tokensRoute.loader, api("/api/v1/tokens", createdToken.token));
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("refuses a form without a name, scopes or a valid expiry with translated field errors, and another user's token", async () => {
    const user = await createAccount();
    const jar = await signedInJar(user.id);
    const errorsOf = (answer: { data: unknown }) => (answer.data as { tokenForm: { error: Record<string, string[]> } }).tokenForm.error;
    const bad = await postForm(jar, tokenForm({ name: " ", scopes: "admin", expiresOn: "2026-02-30" }));
    expect(bad.status).toBe(400);
    const errors = errorsOf(bad);
    expect(errors.name).toEqual(["profile:tokens.errors.nameRequired"]);
    expect(errors["scopes[0]"] ?? errors.scopes).toBeTruthy();
    expect(errors.expiresOn).toEqual(["profile:tokens.errors.expiresOn"]);
    const today = dateInTunis(new Date());
    const none = await postForm(jar, tokenForm({ name: "x", expiresOn: addDays(today, 30) }));
    expect(errorsOf(none).scopes).toEqual(["profile:tokens.errors.scopesRequired"]);
    // The last day is after today and within a year (the service's check, ADR 226).
    for (const [expiresOn, key] of [
      [today, "expiresOnPast"],
      [addDays(today, -3), "expiresOnPast"],
      [addDays(today, 366), "expiresOnTooFar"],
    ] as const) {
      const refused = await postForm(jar, tokenForm({ name: "x", scopes: "read", expiresOn }));
      expect(refused.status, expiresOn).toBe(400);
      expect(errorsOf(refused).expiresOn, expiresOn).toEqual([`profile:tokens.errors.${key}`]);
    }
    expect((await postForm(jar, tokenForm({ name: "x", scopes: "read", expiresOn: addDays(today, 365) }))).status).toBe(200);
    await PersonalAccessToken.destroy({ where: { userId: user.id } });
    expect(await PersonalAccessToken.count({ where: { userId: user.id } })).toBe(0);
    // Every message exists in the three languages.
    for (const language of ["en", "fr", "es"]) {
      const profile = JSON.parse(fs.readFileSync(path.join("locales", language, "profile.json"), "utf8")) as { tokens: Record<string, Record<string, string>> };
      for (const key of ["nameRequired", "nameTooLong", "scopesRequired", "scope", "expiry", "expiresOn", "expiresOnPast", "expiresOnTooFar", "tooMany", "notFound"]) expect(profile.tokens.errors[key], `${language} ${key}`).toBeTruthy();
      for (const scope of API_SCOPES) expect(profile.tokens.scope[scope.replace(":", "_")], `${language} ${scope}`).toBeTruthy();
    }

    const other = await createAccount();
    const theirs = await createToken(other.id, { name: "theirs", scopes: ["read"], expiresInDays: 30 });
    const refused = await postForm(jar, new URLSearchParams({ intent: "revoke-token", token: String(theirs.id) }));
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "profile:tokens.errors.notFound" });
    expect(await PersonalAccessToken.count({ where: { id: theirs.id } })).toBe(1);
  });
});

describe("/api/v1/tokens", () => {
  it("makes (201, shown once), lists and revokes (204) tokens, as documented", async () => {
    const user = await createAccount();
    const session = (await createSession(user.id, "api")).id;
    const made = await call(tokensRoute.action, api("/api/v1/tokens", session, { json: { name: "CI", scopes: ["read", "listings:write"], expiresInDays: 7 } }));
    expect(made.status).toBe(201);
    const created = (await expectApiResponseMatchesOpenApi("post", "/api/v1/tokens", made)) as { id: number; token: string; scopes: string[] };
    expect(created.scopes).toEqual(["read", "listings:write"]);

    const listed = await call(tokensRoute.loader, api("/api/v1/tokens", session));
    const list = (await expectApiResponseMatchesOpenApi("get", "/api/v1/tokens", listed)) as { items: Array<Record<string, unknown>>; total: number };
    expect(list.total).toBe(1);
    expect(list.items[0]).not.toHaveProperty("token");

    const invalid = await call(tokensRoute.action, api("/api/v1/tokens?lng=es", session, { json: { name: "", scopes: [], expiresInDays: 0 } }));
    expect(invalid.status).toBe(400);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/tokens", invalid)) as { error: { fields: Record<string, string> } };
    expect(error.error.fields.scopes).toBe("Elige al menos un alcance");

    // Someone else's token id: 404, and it still works.
    const other = await createAccount();
    const otherSession = (await createSession(other.id, "api")).id;
    const notTheirs = await call(tokenItemRoute.action, api(`/api/v1/tokens/${created.id}`, otherSession, { method: "DELETE" }), { id: String(created.id) });
    expect(notTheirs.status).toBe(404);
    expect((await call(tokensRoute.loader, api("/api/v1/tokens", created.token))).status).toBe(200);

    const revoked = await call(tokenItemRoute.action, api(`/api/v1/tokens/${created.id}`, session, { method: "DELETE" }), { id: String(created.id) });
    expect(revoked.status).toBe(204);
    expect((await call(tokensRoute.loader, api("/api/v1/tokens", created.token))).status).toBe(401);
  });

  it("lets a personal access token make tokens only with scopes it holds itself", async () => {
    const user = await createAccount();
    const limited = await createToken(user.id, { name: "limited", scopes: ["read", "profile:write"], expiresInDays: 30 });
    const wider = await call(tokensRoute.action, api("/api/v1/tokens?lng=fr", limited.token, { json: { name: "wider", scopes: ["payouts:write"], expiresInDays: 30 } }));
    expect(wider.status).toBe(403);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/tokens", wider)) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("insufficient_scope");
    const same = await call(tokensRoute.action, api("/api/v1/tokens", limited.token, { json: { name: "narrower", scopes: ["read"], expiresInDays: 30 } }));
    expect(same.status).toBe(201);
  });

  it("answers 401 for an expired token, which the list marks expired", async () => {
    const user = await createAccount();
    const old = await createToken(user.id, { name: "old", scopes: ["read"], expiresInDays: 30 }, { now: new Date(Date.now() - 31 * 86_400_000) });
    const response = await call(tokensRoute.loader, api("/api/v1/tokens", old.token));
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const session = (await createSession(user.id, "api")).id;
    const list = (await (await call(tokensRoute.loader, api("/api/v1/tokens", session))).json()) as { items: Array<{ expired: boolean }> };
    expect(list.items.map((item) => item.expired)).toEqual([true]);
  });
});

describe("signing out and changing the password (ADR 220)", () => {
  it("signing out keeps the tokens; changing the password revokes them", async () => {
    const user = await createAccount();
    const token = await createToken(user.id, { name: "kept", scopes: ["read"], expiresInDays: 30 });
    const jar = await signedInJar(user.id);
    await callRoute(logoutRoute.action, makeRequest("/auth/logout", { method: "POST", form: {}, jar }), { jar });
    expect((await call(tokensRoute.loader, api("/api/v1/tokens", token.token))).status).toBe(200);

    await changePassword(user.id, { currentPassword: TEST_PASSWORD, password: "another passw0rd" }, { keepSessionId: null, baseUrl: "http://localhost" });
    expect((await call(tokensRoute.loader, api("/api/v1/tokens", token.token))).status).toBe(401);
    expect(await PersonalAccessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("resetting the password from the e-mail link revokes them too", async () => {
    const user = await createAccount();
    const token = await createToken(user.id, { name: "reset", scopes: ["read"], expiresInDays: 30 });
    await requestPasswordReset(user.email, { baseUrl: "http://localhost" });
    const linkId = linkIdFrom(await lastEmailTo(user.email, "reset-password"), "/reset-password/");
    await resetPassword(linkId, "a brand new passw0rd", { baseUrl: "http://localhost" });
    expect((await call(tokensRoute.loader, api("/api/v1/tokens", token.token))).status).toBe(401);
  });
});

describe("API twins of /profile/security (tests/support/api-parity/tokens.ts)", () => {
  it("names operations the document has", async () => {
    const { parity } = await import("../support/api-parity/tokens");
    const { getOpenApiDocument } = await import("~/openapi/document.server");
    const document = getOpenApiDocument();
    for (const entry of parity) {
      if (!("api" in entry)) continue;
      for (const operation of entry.api) {
        const [method, template] = operation.split(" ") as [string, string];
        expect(document.paths[template]?.[method.toLowerCase() as "get"], operation).toBeTruthy();
      }
    }
  });
});
