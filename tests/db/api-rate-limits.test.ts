// Per-token rate limits (issue 22 point 2, ADR 220): RateLimit-Limit / RateLimit-Remaining /
// RateLimit-Reset (draft-ietf-httpapi-ratelimit-headers-06 field names) on every answer to a token
// holder, 429 with Retry-After beyond API_TOKEN_RATE_LIMIT per API_TOKEN_RATE_WINDOW_SECONDS,
// counted per token behind the ApiRateLimitStore interface.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as tokensRoute from "~/routes/api.v1.tokens._index";
import * as notificationsRoute from "~/routes/api.v1.notifications._index";
import { memoryRateLimitStore, setApiRateLimitStore, type ApiRateLimitStore } from "~/utils/api-rate-limit.server";
import { createToken } from "~/services/api-tokens/tokens.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createAccount } from "../factories/account-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
const get = (handler: unknown, path: string, token: string) =>
  (handler as Handler)({ request: new Request(`http://localhost:4321${path}`, { headers: { Authorization: `Bearer ${token}` } }), params: {}, context: {} });

beforeEach(() => {
  process.env.API_TOKEN_RATE_LIMIT = "3";
  process.env.API_TOKEN_RATE_WINDOW_SECONDS = "60";
  setApiRateLimitStore(memoryRateLimitStore());
});
afterEach(() => {
  delete process.env.API_TOKEN_RATE_LIMIT;
  delete process.env.API_TOKEN_RATE_WINDOW_SECONDS;
  setApiRateLimitStore(memoryRateLimitStore());
});

describe("rate limits per token", () => {
  it("counts down RateLimit-Remaining, then answers 429 with Retry-After, per token", async () => {
    const user = await createAccount();
    const { token } = await createToken(user.id, { name: "bot", scopes: ["read"], expiresInDays: 30 });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await get(notificationsRoute.loader, "/api/v1/notifications", token);
      expect(response.status).toBe(200);
      expect(response.headers.get("RateLimit-Limit")).toBe("3");
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
      remaining.push(response.headers.get("RateLimit-Remaining")!);
      await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications", response);
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const refused = await get(notificationsRoute.loader, "/api/v1/notifications?lng=fr", token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications", refused)) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "too_many_requests", message: "Trop de requêtes. Patientez un instant puis réessayez." });

    // Another token of the same user has its own count; so does a session token.
    const other = await createToken(user.id, { name: "other", scopes: ["read"], expiresInDays: 30 });
    expect((await get(tokensRoute.loader, "/api/v1/tokens", other.token)).status).toBe(200);
    const session = (await createSession(user.id, "api")).id;
    const bySession = await get(tokensRoute.loader, "/api/v1/tokens", session);
    expect(bySession.status).toBe(200);
    expect(bySession.headers.get("RateLimit-Remaining")).toBe("2");
  });

  it("opens a new window once the old one has passed, and asks the store for each request", async () => {
    const calls: string[] = [];
    const memory = memoryRateLimitStore();
    let clock = Date.now();
    const store: ApiRateLimitStore = {
      increment(key, windowMs) {
        calls.push(key);
        return memory.increment(key, windowMs, clock);
      },
    };
    setApiRateLimitStore(store);
    const user = await createAccount();
    const { token, id } = await createToken(user.id, { name: "bot", scopes: ["read"], expiresInDays: 30 });
    for (let i = 0; i < 3; i++) await get(tokensRoute.loader, "/api/v1/tokens", token);
    expect((await get(tokensRoute.loader, "/api/v1/tokens", token)).status).toBe(429);
    clock += 61_000;
    const again = await get(tokensRoute.loader, "/api/v1/tokens", token);
    expect(again.status).toBe(200);
    expect(again.headers.get("RateLimit-Remaining")).toBe("2");
    expect(new Set(calls)).toEqual(new Set([`pat:${id}`]));
  });

  it("sends no RateLimit fields to anonymous callers and does not count unknown tokens", async () => {
    const anonymous = await get(tokensRoute.loader, "/api/v1/tokens", "darna_pat_" + "x".repeat(43));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("RateLimit-Limit")).toBeNull();
  });
});
