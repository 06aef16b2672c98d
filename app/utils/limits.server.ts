// Per-user and per-address limits (issue 12, point 3; ADR 090) behind one small interface, so a
// later change can keep the counts in Redis (several instances) without touching the callers.
// Today they are in memory, per process.
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/** Counts events per key in a sliding window: "at most `max` per `windowMs`". */
export interface RateLimiter {
  hit(key: string, now?: number): LimitDecision;
}

/** Counts what is open at once per key: "at most `max` open". */
export interface ConcurrencyLimiter {
  acquire(key: string): boolean;
  release(key: string): void;
}

export function memoryRateLimiter(limit: { max: number; windowMs: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  let sweptAt = 0;
  return {
    hit(key, now = Date.now()) {
      if (now - sweptAt > limit.windowMs) {
        // Forget keys whose hits all left the window, so the map does not grow without bound.
        for (const [other, times] of hits) if (times.every((time) => now - time >= limit.windowMs)) hits.delete(other);
        sweptAt = now;
      }
      const recent = (hits.get(key) ?? []).filter((time) => now - time < limit.windowMs);
      if (recent.length >= limit.max) {
        hits.set(key, recent);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + limit.windowMs - now) / 1000)) };
      }
      recent.push(now);
      hits.set(key, recent);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}

export function memoryConcurrencyLimiter(max: number): ConcurrencyLimiter {
  const open = new Map<string, number>();
  return {
    acquire(key) {
      const count = open.get(key) ?? 0;
      if (count >= max) return false;
      open.set(key, count + 1);
      return true;
    },
    release(key) {
      const count = (open.get(key) ?? 0) - 1;
      if (count > 0) open.set(key, count);
      else open.delete(key);
    },
  };
}

/** The limits, read from the environment when the limiters are made (the e2e and bench servers raise them). */
export function limitSettings() {
  return {
    /** Messages one user sends per minute, by API, page form or socket together. */
    messagesPerMinute: env.messagesPerMinute,
    /** Sign-ups from one address per hour. */
    signupsPerHour: env.signupsPerHourPerIp,
    /** Realtime sockets open at once per user, and per address. */
    socketsPerUser: env.wsConnectionsPerUser,
    socketsPerAddress: env.wsConnectionsPerIp,
  };
}

export function getLimiters() {
  return singleton("limiters", () => {
    const limits = limitSettings();
    return {
      messages: memoryRateLimiter({ max: limits.messagesPerMinute, windowMs: 60_000 }),
      signups: memoryRateLimiter({ max: limits.signupsPerHour, windowMs: 60 * 60_000 }),
      socketsPerUser: memoryConcurrencyLimiter(limits.socketsPerUser),
      socketsPerAddress: memoryConcurrencyLimiter(limits.socketsPerAddress),
    };
  });
}
