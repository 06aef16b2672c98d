// Per-user and per-address limits (issue 12, point 3; ADR 090) behind one small interface. With
// REDIS_URL the counts live in Redis, shared by every instance (issue 20, ADR 201); without it, in
// memory, per process.
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/** Counts events per key in a sliding window: "at most `max` per `windowMs`". */
export interface RateLimiter {
  hit(key: string, now?: number): Promise<LimitDecision>;
}

/** Counts what is open at once per key: "at most `max` open". */
export interface ConcurrencyLimiter {
  acquire(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
}

export function memoryRateLimiter(limit: { max: number; windowMs: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  let sweptAt = 0;
  return {
    async hit(key, now = Date.now()) {
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
    async acquire(key) {
      const count = open.get(key) ?? 0;
      if (count >= max) return false;
      open.set(key, count + 1);
      return true;
    },
    async release(key) {
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

/**
 * Counts in Redis, shared by every instance (rate-limiter-flexible, fixed window per key). Redis
 * down: a per-process memory limiter answers meanwhile (its insurance), so the site keeps serving.
 */
export function redisRateLimiter(redis: Redis, limit: { max: number; windowMs: number }, keyPrefix: string): RateLimiter {
  const duration = Math.max(1, Math.round(limit.windowMs / 1000));
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: limit.max,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: limit.max, duration }),
  });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        console.error(`darna: rate limit ${keyPrefix} unavailable (${rejection instanceof Error ? rejection.message : rejection}); allowed`);
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
  };
}

// One hash per key: a field per instance holds that instance's open count. An instance that stops
// refreshing its heartbeat (it crashed) no longer counts: acquire drops its field.
const ACQUIRE = `
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[4] .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const RELEASE = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left`;
const HEARTBEAT_MS = 10_000;

/** "At most `max` open" across instances: Redis holds each instance's count per key (sockets per user, per address). */
export function redisConcurrencyLimiter(redis: Redis, max: number, keyPrefix: string, instancePrefix: string, instanceId: string): ConcurrencyLimiter {
  const keyOf = (key: string) => `${keyPrefix}:${key}`;
  return {
    async acquire(key) {
      try {
        return (await redis.eval(ACQUIRE, 1, keyOf(key), instanceId, max, 24 * 3_600_000, instancePrefix)) === 1;
      } catch (error) {
        console.error(`darna: connection limit ${keyPrefix} unavailable (${error instanceof Error ? error.message : error}); allowed`);
        return true;
      }
    },
    async release(key) {
      await redis.eval(RELEASE, 1, keyOf(key), instanceId).catch(() => {});
    },
  };
}

/** Keeps `instancePrefix + instanceId` alive while this process runs; its counts stop counting once it is gone. */
function keepInstanceAlive(redis: Redis, instanceKey: string): () => void {
  const beat = () => void redis.set(instanceKey, "1", "PX", HEARTBEAT_MS * 3).catch(() => {});
  beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The limiters over one Redis connection, keys under `prefix` (REDIS_KEY_PREFIX; tests use their own). */
export function createRedisLimiters(redis: Redis, prefix: string, limits = limitSettings()) {
  const instanceId = crypto.randomBytes(8).toString("hex");
  const instancePrefix = `${prefix}instance:`;
  const stopHeartbeat = keepInstanceAlive(redis, `${instancePrefix}${instanceId}`);
  return {
    messages: redisRateLimiter(redis, { max: limits.messagesPerMinute, windowMs: 60_000 }, `${prefix}messages`),
    signups: redisRateLimiter(redis, { max: limits.signupsPerHour, windowMs: 60 * 60_000 }, `${prefix}signups`),
    socketsPerUser: redisConcurrencyLimiter(redis, limits.socketsPerUser, `${prefix}sockets-user`, instancePrefix, instanceId),
    socketsPerAddress: redisConcurrencyLimiter(redis, limits.socketsPerAddress, `${prefix}sockets-address`, instancePrefix, instanceId),
    /** This instance stops: its open counts no longer count for the others. */
    async close() {
      stopHeartbeat();
      await redis.del(`${instancePrefix}${instanceId}`).catch(() => {});
    },
  };
}

/** The Redis connection the limits share (REDIS_URL), or null: memory, per process. */
export function getLimitsRedis(): Redis | null {
  const url = env.redisUrl;
  if (!url) return null;
  return singleton("limits-redis", () => {
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
    redis.on("error", (error) => console.error("darna: limits redis", error.message));
    return redis;
  });
}

export function getLimiters() {
  return singleton("limiters", () => {
    const limits = limitSettings();
    const redis = getLimitsRedis();
    if (redis) return createRedisLimiters(redis, env.redisKeyPrefix, limits);
    return {
      messages: memoryRateLimiter({ max: limits.messagesPerMinute, windowMs: 60_000 }),
      signups: memoryRateLimiter({ max: limits.signupsPerHour, windowMs: 60 * 60_000 }),
      socketsPerUser: memoryConcurrencyLimiter(limits.socketsPerUser),
      socketsPerAddress: memoryConcurrencyLimiter(limits.socketsPerAddress),
      async close() {},
    };
  });
}
