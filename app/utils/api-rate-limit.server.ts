// Per-token rate limits of the API (issue 22 point 2, ADR 220): a fixed window per token, told to
// the client in the RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset fields of the IETF
// draft (draft-ietf-httpapi-ratelimit-headers-06; the per-address limit of server.ts answers
// the combined `RateLimit` field of draft 7). The counting sits behind `ApiRateLimitStore`, async,
// so a store kept in Redis (several instances) can replace the in-memory one without touching
// the callers: setApiRateLimitStore().
import type { Redis } from "ioredis";
import { env } from "~/utils/env.server";
import { getLimitsRedis } from "~/utils/limits.server";
import { singleton } from "~/utils/singleton.server";

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

/** Counts one request of `key` in the window `[windowStart, windowStart + windowMs)`. */
export interface ApiRateLimitStore {
  increment(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

export function memoryRateLimitStore(): ApiRateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = 0;
  return {
    async increment(key, windowMs, now) {
      if (now - sweptAt > windowMs) {
        for (const [other, window] of windows) if (window.resetAt <= now) windows.delete(other);
        sweptAt = now;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
  };
}

/**
 * The same fixed windows kept in Redis (issue 20 point 2, ADR 201): windows aligned on the clock,
 * so every instance counts a token's requests in one key; the key expires with its window.
 */
export function redisRateLimitStore(redis: Redis, prefix: string): ApiRateLimitStore {
  return {
    async increment(key, windowMs, now) {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const redisKey = `${prefix}api-token:${key}:${windowStart}`;
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs + 1_000).exec();
      return { count: Number(results?.[0]?.[1] ?? 0), resetAt: windowStart + windowMs };
    },
  };
}

const STORE = "api-token-rate-limit";

function store(): { current: ApiRateLimitStore } {
  return singleton(STORE, () => {
    const redis = getLimitsRedis();
    return { current: redis ? redisRateLimitStore(redis, env.redisKeyPrefix) : memoryRateLimitStore() };
  });
}

/** Replaces the store (a Redis-backed one, or a fresh one in tests). */
export function setApiRateLimitStore(next: ApiRateLimitStore): void {
  store().current = next;
}

/** Counts a request of the token named `key` against API_TOKEN_RATE_LIMIT per API_TOKEN_RATE_WINDOW_SECONDS. */
export async function hitApiRateLimit(key: string, now: number = Date.now()): Promise<RateLimitState> {
  const limit = env.apiTokenRateLimit;
  const windowMs = env.apiTokenRateWindowSeconds * 1000;
  const { count, resetAt } = await store().current.increment(key, windowMs, now);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    allowed: count <= limit,
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}
