// Shared limits (issue 20 point 2, ADR 201): two instances, each with its own Redis connection and
// the same key prefix, count together. Runs against a real Redis (CI has one on 127.0.0.1:6379;
// REDIS_TEST_URL overrides); each run uses keys of its own.
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { redisRateLimitStore } from "~/utils/api-rate-limit.server";
import { createRedisLimiters, memoryRateLimiter } from "~/utils/limits.server";
import { requestRateLimit } from "~/utils/request-rate-limit.server";

const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `darna-test:${crypto.randomBytes(6).toString("hex")}:`;
const connections: Redis[] = [];
const connect = () => {
  const redis = new Redis(redisUrl);
  connections.push(redis);
  return redis;
};
const settings = { messagesPerMinute: 3, signupsPerHour: 2, socketsPerUser: 2, socketsPerAddress: 3 };

afterAll(async () => {
  const redis = connections[0] ?? connect();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await Promise.all(connections.map((connection) => connection.quit()));
});

describe("limits shared through Redis", () => {
  it("two instances share an API token's window: the count goes on across both, and a new window starts afresh", async () => {
    const a = redisRateLimitStore(connect(), prefix);
    const b = redisRateLimitStore(connect(), prefix);
    const now = Date.UTC(2026, 10, 28, 12, 0, 10);
    expect(await a.increment("token:7", 60_000, now)).toEqual({ count: 1, resetAt: Date.UTC(2026, 10, 28, 12, 1, 0) });
    expect((await b.increment("token:7", 60_000, now + 1_000)).count).toBe(2);
    expect((await a.increment("token:7", 60_000, now + 2_000)).count).toBe(3);
    expect((await b.increment("token:8", 60_000, now)).count).toBe(1);
    expect((await b.increment("token:7", 60_000, now + 60_000)).count).toBe(1);
  });

  it("two instances share the message count: the limit is reached across both", async () => {
    const a = createRedisLimiters(connect(), prefix, settings);
    const b = createRedisLimiters(connect(), prefix, settings);
    expect((await a.messages.hit("user:1")).allowed).toBe(true);
    expect((await b.messages.hit("user:1")).allowed).toBe(true);
    expect((await a.messages.hit("user:1")).allowed).toBe(true);
    const refused = await b.messages.hit("user:1");
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await a.messages.hit("user:2")).allowed).toBe(true); // another user counts apart
    expect((await a.signups.hit("ip:10.0.0.1")).allowed).toBe(true);
    expect((await b.signups.hit("ip:10.0.0.1")).allowed).toBe(true);
    expect((await a.signups.hit("ip:10.0.0.1")).allowed).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });

  it("in memory (no REDIS_URL) each process counts alone", async () => {
    const a = memoryRateLimiter({ max: 1, windowMs: 60_000 });
    const b = memoryRateLimiter({ max: 1, windowMs: 60_000 });
    expect((await a.hit("user:1")).allowed).toBe(true);
    expect((await b.hit("user:1")).allowed).toBe(true);
    expect((await a.hit("user:1")).allowed).toBe(false);
  });

  it("sockets open at once per user are counted across instances, and a stopped instance's stop counting", async () => {
    const a = createRedisLimiters(connect(), prefix, settings);
    const b = createRedisLimiters(connect(), prefix, settings);
    const c = createRedisLimiters(connect(), prefix, settings);
    await new Promise((resolve) => setTimeout(resolve, 50)); // heartbeats written
    expect(await a.socketsPerUser.acquire("user:7")).toBe(true);
    expect(await b.socketsPerUser.acquire("user:7")).toBe(true);
    expect(await c.socketsPerUser.acquire("user:7")).toBe(false);
    await b.socketsPerUser.release("user:7");
    expect(await c.socketsPerUser.acquire("user:7")).toBe(true);
    expect(await b.socketsPerUser.acquire("user:7")).toBe(false);
    // c goes away without releasing (its heartbeat is gone, as after a crash): its socket stops counting.
    await c.close();
    expect(await b.socketsPerUser.acquire("user:7")).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it("the requests-per-minute limit of two servers is reached across both", async () => {
    const servers: http.Server[] = [];
    const bases: string[] = [];
    for (let index = 0; index < 2; index++) {
      const app = express();
      app.set("trust proxy", "loopback");
      app.use(requestRateLimit({ limit: 4, redis: connect(), prefix }));
      app.get("/page", (_req, res) => void res.send("ok"));
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      servers.push(server);
      bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await fetch(`${bases[index % 2]}/page`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address still gets in.
    expect((await fetch(`${bases[0]}/page`, { headers: { "X-Forwarded-For": "203.0.113.10" } })).status).toBe(200);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
