// POST /api/v1/auth/token and POST /api/v1/GestionDesUtulisateur/profile, held against the
// OpenAPI document.
import { describe, expect, it } from "vitest";
import { UserSession } from "~/db/models/user-session.server";
import * as profileRoute from "~/routes/api.v1.GestionDesUtulisateur.profile";
import * as tokenRoute from "~/routes/api.v1.auth.token";
import * as securityRoute from "~/routes/($lang).profile.security";
import * as loginRoute from "~/routes/($lang).auth._index";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const TOKEN = "/api/v1/auth/token";
const PROFILE = "/api/v1/GestionDesUtulisateur/profile";

function tokenRequest(body: unknown, headers: Record<string, string> = {}) {
  return makeRequest(TOKEN, { json: body, headers });
}

async function issueToken(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = (await tokenRoute.action({ request: tokenRequest({ email, password }), params: {}, context: {} })) as Response;
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function profileRequest(body: unknown, token?: string) {
  return makeRequest(PROFILE, { json: body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

async function callProfile(body: unknown, token?: string): Promise<Response> {
  return (await profileRoute.action({ request: profileRequest(body, token), params: {}, context: {} })) as Response;
}

describe("POST /api/v1/auth/token", () => {
  it("answers { token, user } for a right pair, as documented", async () => {
    const user = await createAccount({ firstName: "Api" });
    const response = (await tokenRoute.action({
      request: tokenRequest({ email: user.email.toUpperCase(), password: TEST_PASSWORD }),
      params: {},
      context: { clientIp: "10.9.9.9" },
    })) as Response;
    const body = (await expectApiResponseMatchesOpenApi("post", TOKEN, response)) as { token: string; user: { id: number } };
    expect(body.user.id).toBe(user.id);
    const session = (await UserSession.findByPk(body.token))!;
    expect([session.kind, session.userId, session.ip]).toEqual(["api", user.id, "10.9.9.9"]);
  });

  it("answers the same translated 401 for any wrong pair", async () => {
    const user = await createAccount();
    for (const body of [
      { email: user.email, password: "wrong" },
      { email: "nobody@example.tn", password: TEST_PASSWORD },
    ]) {
      const response = (await tokenRoute.action({ request: tokenRequest(body, { "Accept-Language": "fr" }), params: {}, context: {} })) as Response;
      const error = (await expectApiResponseMatchesOpenApi("post", TOKEN, response)) as { error: { code: string; message: string } };
      expect(response.status).toBe(401);
      expect(error.error).toEqual({ code: "invalid_credentials", message: "Nom d'utilisateur ou mot de passe incorrect." });
    }
  });

  it("answers 400 with per-field messages for a bad body", async () => {
    const response = (await tokenRoute.action({ request: tokenRequest({ email: "nope" }), params: {}, context: {} })) as Response;
    const error = (await expectApiResponseMatchesOpenApi("post", TOKEN, response)) as { error: { fields: Record<string, string> } };
    expect(response.status).toBe(400);
    expect(error.error.fields).toEqual({ email: "Invalid email address", password: "This field is required" });
  });

  it("shares the login form's rate limit: 429 with Retry-After", async () => {
    const user = await createAccount();
    // Four failures through the login page, the fifth through the API…
    for (let i = 0; i < 4; i += 1) {
      await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: user.email, password: "bad", website: "" } }));
    }
    await tokenRoute.action({ request: tokenRequest({ email: user.email, password: "bad" }), params: {}, context: {} });
    // …and now even the right password is refused.
    const response = (await tokenRoute.action({ request: tokenRequest({ email: user.email, password: TEST_PASSWORD }), params: {}, context: {} })) as Response;
    await expectApiResponseMatchesOpenApi("post", TOKEN, response);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("limits failures per address and e-mail, with a translated 429", async () => {
    const user = await createAccount();
    for (let i = 0; i < 5; i += 1) {
      await tokenRoute.action({ request: tokenRequest({ email: user.email, password: "bad" }), params: {}, context: { clientIp: "192.0.2.40" } });
    }
    const response = (await tokenRoute.action({
      request: tokenRequest({ email: user.email, password: TEST_PASSWORD }, { "Accept-Language": "fr" }),
      params: {},
      context: { clientIp: "192.0.2.40" },
    })) as Response;
    const body = (await expectApiResponseMatchesOpenApi("post", TOKEN, response)) as { error: { message: string } };
    expect(response.status).toBe(429);
    expect(body.error.message).toMatch(/^Trop de tentatives/);
  });

  it("limits failures per address across e-mails, from the client address the server hands on", async () => {
    const user = await createAccount();
    const context = { clientIp: "203.0.113.201" };
    for (let i = 0; i < 20; i += 1) {
      await tokenRoute.action({ request: tokenRequest({ email: `guess-${i}-${user.id}@example.tn`, password: "bad" }), params: {}, context });
    }
    const blocked = (await tokenRoute.action({ request: tokenRequest({ email: user.email, password: TEST_PASSWORD }), params: {}, context })) as Response;
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = (await tokenRoute.action({
      request: tokenRequest({ email: user.email, password: TEST_PASSWORD }),
      params: {},
      context: { clientIp: "203.0.113.202" },
    })) as Response;
    expect(other.status).toBe(200);
  });

  it("answers 405 to GET", async () => {
    const response = (await tokenRoute.loader({ request: makeRequest(TOKEN), params: {}, context: {} })) as Response;
    expect(response.status).toBe(405);
  });
});

describe("POST /api/v1/GestionDesUtulisateur/profile", () => {
  it("answers the bearer's own profile", async () => {
    const user = await createAccount();
    const token = await issueToken(user.email);
    const response = await callProfile({ ID_Utulisateur: user.id }, token);
    const body = (await expectApiResponseMatchesOpenApi("post", PROFILE, response)) as {
      userProfile: { ID_Utulisateur: number; email: string };
      hasProperties: boolean;
    };
    expect(body.userProfile).toMatchObject({ ID_Utulisateur: user.id, email: user.email });
    expect(body.hasProperties).toBe(false);
    // The id may come as a string too, as some clients send it.
    expect((await callProfile({ ID_Utulisateur: String(user.id) }, token)).status).toBe(200);
  });

  it("401 without a token, with a bad token, and with a page session id", async () => {
    const user = await createAccount();
    const noToken = await callProfile({ ID_Utulisateur: user.id });
    await expectApiResponseMatchesOpenApi("post", PROFILE, noToken);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect((await callProfile({ ID_Utulisateur: user.id }, "x".repeat(43))).status).toBe(401);

    const webSession = await (await import("~/utils/auth-sessions.server")).createSession(user.id, "web");
    expect((await callProfile({ ID_Utulisateur: user.id }, webSession.id)).status).toBe(401);
  });

  it("403 when ID_Utulisateur is another user's", async () => {
    const user = await createAccount();
    const other = await createAccount();
    const token = await issueToken(user.email);
    const response = await callProfile({ ID_Utulisateur: other.id }, token);
    await expectApiResponseMatchesOpenApi("post", PROFILE, response);
    expect(response.status).toBe(403);
  });

  it("a revoked token stops working; API tokens are listed with the sessions", async () => {
    const user = await createAccount();
    const token = await issueToken(user.email);
    const jar = new CookieJar();
    await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: user.email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
    const page = await callRoute(securityRoute.loader, makeRequest("/profile/security", { jar }));
    const sessions = (page.data as { sessions: Array<{ kind: string }> }).sessions;
    expect(sessions.map((session) => session.kind).sort()).toEqual(["api", "web"]);
    await callRoute(securityRoute.action, makeRequest("/profile/security", { form: { intent: "revoke-others" }, jar }));
    expect((await callProfile({ ID_Utulisateur: user.id }, token)).status).toBe(401);
  });
});
