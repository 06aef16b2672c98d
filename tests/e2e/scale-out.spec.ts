// Scale-out (issue 20 point 3, ADR 203): two production instances, A and B, on one MariaDB
// database of their own (created, migrated by A's start, dropped at the end), Redis (a key prefix
// and a realtime channel of this run) and an S3-compatible store (s3rver, started here), behind a
// small round-robin proxy started here. Each instance has a DATA_DIR of its own, so nothing can
// pass through the disk. The test proves, in order: sign up on A / sign in on B; a photo uploaded
// through A is served by B; 100 concurrent bookings of the same nights over both → one holds; a
// message sent on A reaches a socket on B; hold expiry, the iCal sync tick, the reservation
// e-mails and the webhook deliveries run once across both; the global rate limit is shared;
// SIGKILL of A mid-traffic loses no committed booking and B keeps serving.
// Skipped when MariaDB or Redis is unreachable, except under CI (CI set), where that fails.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import sharp from "sharp";
import { WebSocket } from "ws";
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from "../support/s3-server";
import { expect, test } from "./support/fixtures";
import { startRoundRobinProxy } from "./support/round-robin-proxy";
import { startExtraServer, type ExtraServer } from "./support/server";

// The server only: the test creates a database of its own there (CI_MYSQL_URL's database part is ignored).
const MYSQL_URL = process.env.SCALE_OUT_MYSQL_URL || process.env.CI_MYSQL_URL || "mysql://root@127.0.0.1:3306";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const RATE_LIMIT = 40;

function tcpAnswers(url: string, defaultPort: number, timeoutMs = 1_500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => done(true));
  });
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A random client address: every request but the rate-limit ones counts for a client of its own. */
function randomClient(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

/** A local receiver for webhook deliveries and iCal feeds, counting what it sees. */
async function startCountingServer() {
  const deliveries = new Map<string, number>();
  const feedFetches = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/hooks") {
      const id = String(req.headers["darna-delivery"]);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      req.resume();
      return void res.writeHead(200).end("ok");
    }
    if (req.url?.startsWith("/feed/")) {
      feedFetches.set(req.url, (feedFetches.get(req.url) ?? 0) + 1);
      res.writeHead(200, { "Content-Type": "text/calendar" });
      return void res.end("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scale-out//EN\r\nEND:VCALENDAR\r\n");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    feedFetches,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Seed {
  hostId: number;
  hostToken: string;
  listingId: number;
  travelers: Array<{ id: number; token: string }>;
}

/** Users, a listing and API tokens in the shared database (support/scale-out-seed.ts, a child process). */
function seed(databaseUrl: string, travelers: number): Promise<Seed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "e2e", "support", "scale-out-seed.ts"), String(travelers)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: "false", LOG_SQL: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`seed failed (${code}): ${err}`));
      resolve(JSON.parse(out.trim().split("\n").pop()!) as Seed);
    });
  });
}

function isoDays(fromToday: number): string {
  return new Date(Date.now() + fromToday * 86_400_000).toISOString().slice(0, 10);
}

/** Every outbox message (.json) in the given data directories. */
function outboxMessages(dataDirs: string[]): Array<{ to: string; template: string; subject: string; links: string[]; createdAt: string }> {
  return dataDirs.flatMap((dir) => {
    const outbox = path.join(dir, "outbox");
    if (!fs.existsSync(outbox)) return [];
    return fs
      .readdirSync(outbox)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")) as { to: string; template: string; subject: string; links: string[]; createdAt: string });
  });
}

test("two instances behind a proxy on MariaDB, Redis and S3: shared sessions, photos, bookings, sockets, jobs and limits; a killed instance loses nothing", async ({
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "no browser involved: runs once, in the js-on project");
  for (const [name, url, port] of [
    ["MariaDB", MYSQL_URL, 3306],
    ["Redis", REDIS_URL, 6379],
  ] as const) {
    if (await tcpAnswers(url, port)) continue;
    // CI runs both: there, a missing one is a failure, not a reason to skip.
    if (process.env.CI) throw new Error(`${name} is not reachable at ${url}; CI must run one for the scale-out test`);
    test.skip(true, `${name} is not reachable at ${url} (CI runs one)`);
  }
  test.setTimeout(180_000);
  const started = Date.now();

  const run = crypto.randomBytes(5).toString("hex");
  const database = `darna_scaleout_${run}`;
  const serverUrl = new URL(MYSQL_URL);
  serverUrl.pathname = "/";
  const admin = await mysql.createConnection(serverUrl.toString());
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  serverUrl.pathname = `/${database}`;
  const databaseUrl = serverUrl.toString();
  const dataDirs = [fs.mkdtempSync(path.join(os.tmpdir(), "darna-scale-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "darna-scale-b-"))];
  const cleanups: Array<() => Promise<unknown>> = [];
  let db: mysql.Connection | null = null;
  try {
    const s3: LocalS3 = await startLocalS3(`darna-scale-${run}`);
    cleanups.push(() => s3.close());
    const counting = await startCountingServer();
    cleanups.push(() => counting.close());

    // The proxy's port is known before the instances start: it is their APP_URL (links, origins).
    const proxyPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const appUrl = `http://127.0.0.1:${proxyPort}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      APP_URL: appUrl,
      STORAGE_URL: s3.storageUrl,
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      REDIS_URL,
      REDIS_KEY_PREFIX: `darna:scale-out:${run}:`,
      REALTIME_CHANNEL: `darna:realtime:scale-out:${run}`,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      SIGNUPS_PER_HOUR_PER_IP: "100000",
      RUN_JOBS: "true",
      JOB_INTERVAL_MS: "100",
      CALENDAR_SYNC_ALLOW_PRIVATE: "true",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      PAYMENT_CARD_PROVIDER: "sandbox",
      CHANNEL_MANAGER_URL: "http://127.0.0.1:9",
    };
    // Both start at once on the empty database, as a deployment starts its instances: each runs
    // the migrations on its start, one after the other (a lock in the database, ADR 203).
    const [a, b] = (await Promise.all(dataDirs.map((dir) => startExtraServer({ ...shared, DATA_DIR: dir }, 90_000)))) as [ExtraServer, ExtraServer];
    cleanups.push(() => a.stop(), () => b.stop());
    for (const instance of [a, b]) await until("both ready", async () => (await fetch(`${instance.baseURL}/healthz`)).status === 200, 90_000);
    // Neither had to start over: without the lock, the second failed half-way through a migration
    // ("Duplicate key name …") and retried.
    for (const instance of [a, b]) expect(instance.errorOutput()).not.toContain("database not ready");
    const proxy = await startRoundRobinProxy({ backends: [a.baseURL, b.baseURL], port: proxyPort });
    cleanups.push(() => proxy.close());
    db = await mysql.createConnection(databaseUrl);

    /** A request to `base` as a client of its own (or `client`), with the site's Origin on writes. */
    const call = (base: string, pathname: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string>; body?: FormData; client?: string } = {}) => {
      const headers: Record<string, string> = { "X-Forwarded-For": init.client ?? randomClient(), Origin: appUrl, Accept: "application/json" };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      let body: string | FormData | undefined = init.body;
      if (init.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        headers.Accept = "text/html";
        body = new URLSearchParams(init.form).toString();
      }
      return fetch(`${base}${pathname}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
    };

    await test.step("sign up on A, verify and sign in on B, the session works on A", async () => {
      const email = `scale-${run}@example.tn`;
      const signedUp = await call(a.baseURL, "/auth/signup", {
        form: {
          firstName: "Sami", lastName: "Scale", email, password: "scale password", confirmPassword: "scale password",
          birthDay: "14", birthMonth: "7", birthYear: "1990", gender: "male", country: "TN", phone: "+216 98 111 222",
          nationality: "", acceptTerms: "on", website: "",
        },
      });
      expect(signedUp.status, a.errorOutput()).toBe(302);
      expect(signedUp.headers.get("location")).toContain("/auth/check-email");
      // The e-mail was written by A (its own outbox); its link is followed on B.
      const message = await until("the verification e-mail", () => outboxMessages([dataDirs[0]!]).find((m) => m.to === email && m.template === "verify-email"));
      const link = new URL(message.links.find((href) => href.includes("/verify/"))!);
      expect(link.origin).toBe(appUrl);
      const verified = await call(b.baseURL, link.pathname, { method: "POST", form: {} });
      expect(verified.status).toBe(302);
      const token = await call(b.baseURL, "/api/v1/auth/token", { json: { email, password: "scale password" } });
      expect(token.status).toBe(200);
      const { token: bearer } = (await token.json()) as { token: string };
      const me = await call(a.baseURL, "/api/v1/me", { token: bearer });
      expect(me.status).toBe(200);
      expect(JSON.stringify(await me.json())).toContain(email);
    });

    const fixtures = await seed(databaseUrl, 10);

    await test.step("a photo uploaded through A is served by B (object storage, not A's disk)", async () => {
      const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
      const form = new FormData();
      form.append("photos", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "terrace.jpg");
      const uploaded = await call(a.baseURL, `/api/v1/host/listings/${fixtures.listingId}/photos`, { token: fixtures.hostToken, body: form });
      const answer = await uploaded.text();
      expect(uploaded.status, answer).toBe(201);
      const urls = [...new Set(answer.match(/\/uploads\/[^"\s,]+/g))];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const served = await call(b.baseURL, url);
        expect(served.status, url).toBe(200);
        expect(served.headers.get("content-type")).toMatch(/^image\//);
        expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      // Nothing was written under either instance's uploads folder.
      for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, "uploads")) ? fs.readdirSync(path.join(dir, "uploads"), { recursive: true }).filter((f) => String(f).match(/\.(webp|jpe?g|avif)$/)) : []).toEqual([]);
    });

    await test.step("100 concurrent bookings of the same nights through the proxy: exactly one holds", async () => {
      const before = { ...proxy.stats().byBackend };
      const stay = { propertyId: fixtures.listingId, checkIn: isoDays(60), checkOut: isoDays(63), adults: 1, acceptTerms: true };
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) => call(proxy.url, "/api/v1/reservations", { token: fixtures.travelers[index % 10]!.token, json: stay })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201), statuses.join(",")).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(99);
      for (const upstream of [a.baseURL, b.baseURL]) expect((proxy.stats().byBackend[new URL(upstream).origin] ?? 0) - (before[new URL(upstream).origin] ?? 0), upstream).toBe(50);
      const [rows] = await db!.query("SELECT COUNT(*) AS n FROM reservations WHERE listing_id = ? AND status NOT IN ('cancelled','expired','declined')", [fixtures.listingId]);
      expect((rows as Array<{ n: number }>)[0]!.n).toBe(1);
    });

    await test.step("a message sent on A reaches a socket connected to B", async () => {
      const [traveler] = fixtures.travelers;
      const conversation = await call(a.baseURL, "/api/v1/conversations", {
        token: traveler!.token,
        json: { propertyId: fixtures.listingId, checkIn: isoDays(70), checkOut: isoDays(72), message: "Hello from instance A" },
      });
      expect(conversation.status).toBe(201);
      const { conversationUID } = (await conversation.json()) as { conversationUID: string };
      const socket = new WebSocket(`${b.baseURL.replace(/^http/, "ws")}/ws`, { origin: appUrl });
      const events: Array<Record<string, unknown>> = [];
      socket.on("message", (raw) => events.push(JSON.parse(String(raw)) as Record<string, unknown>));
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      socket.send(JSON.stringify({ event: "register", token: fixtures.hostToken }));
      await until("the socket registered on B", () => events.some((event) => event.event === "registered"), 10_000);
      const text = `Across instances ${Array.from(crypto.randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;
      const sent = await call(a.baseURL, `/api/v1/conversations/${conversationUID}/messages`, { token: traveler!.token, json: { message: text } });
      expect(sent.status).toBe(201);
      await until("the message on B's socket", () => events.some((event) => event.event === "message" && (event.message as { body?: string }).body === text), 10_000);
      socket.close();
    });

    await test.step("hold expiry, the iCal sync tick, reservation e-mails and webhook deliveries each run once across both", async () => {
      const endpoint = await call(proxy.url, "/api/v1/webhooks/endpoints", {
        token: fixtures.hostToken,
        json: { url: `${counting.url}/hooks`, events: ["reservation.expired"] },
      });
      expect(endpoint.status, await endpoint.clone().text()).toBe(201);
      for (const source of ["airbnb", "booking", "other"]) {
        const feed = await call(proxy.url, `/api/v1/host/listings/${fixtures.listingId}/calendars`, { token: fixtures.hostToken, json: { source, url: `${counting.url}/feed/${source}.ics` } });
        expect(feed.status, await feed.clone().text()).toBe(201);
      }
      const references: string[] = [];
      for (let index = 0; index < 10; index++) {
        const booked = await call(proxy.url, "/api/v1/reservations", {
          token: fixtures.travelers[index]!.token,
          json: { propertyId: fixtures.listingId, checkIn: isoDays(100 + 3 * index), checkOut: isoDays(102 + 3 * index), adults: 1, acceptTerms: true },
        });
        expect(booked.status).toBe(201);
        references.push(((await booked.json()) as { reference: string }).reference);
      }
      // Everything becomes due at once, for both runners (polling every 100 ms) to race for.
      counting.feedFetches.clear();
      await db!.query("UPDATE calendar_feeds SET next_sync_at = NULL WHERE listing_id = ?", [fixtures.listingId]);
      await db!.query("UPDATE reservations SET hold_expires_at = UTC_TIMESTAMP() - INTERVAL 1 MINUTE WHERE reference IN (?)", [references]);
      await db!.query(
        "UPDATE jobs SET run_at = UTC_TIMESTAMP() - INTERVAL 1 SECOND WHERE status = 'pending' AND (name = 'reservation:expire-hold' OR name = 'calendar-sync:tick')",
      );
      let state = "";
      await until(
        "ten holds cancelled by their expiry, ten deliveries and three feed fetches",
        async () => {
          const [rows] = await db!.query("SELECT status, COUNT(*) AS n FROM reservations WHERE reference IN (?) GROUP BY status", [references]);
          const [jobRows] = await db!.query("SELECT name, status, attempts, last_error, COUNT(*) AS n FROM jobs GROUP BY name, status, attempts, last_error");
          state = JSON.stringify({ reservations: rows, jobs: jobRows, deliveries: counting.deliveries.size, feeds: [...counting.feedFetches.keys()] });
          const expired = (rows as Array<{ status: string; n: number }>).find((row) => row.status === "cancelled")?.n ?? 0;
          return expired === 10 && counting.deliveries.size >= 10 && counting.feedFetches.size >= 3;
        },
        30_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${state}`);
      });
      // Time for a second runner to do anything twice.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect([...counting.deliveries.values()]).toEqual(Array(10).fill(1));
      expect(Object.fromEntries(counting.feedFetches)).toEqual({ "/feed/airbnb.ics": 1, "/feed/booking.ics": 1, "/feed/other.ics": 1 });
      const [jobs] = await db!.query("SELECT name, status, attempts, COUNT(*) AS n FROM jobs WHERE status <> 'pending' GROUP BY name, status, attempts");
      for (const row of jobs as Array<{ name: string; status: string; attempts: number; n: number }>) {
        expect({ name: row.name, status: row.status, attempts: row.attempts }).toEqual({ name: row.name, status: "done", attempts: 1 });
      }
      const [expiries] = await db!.query("SELECT COUNT(*) AS n FROM jobs WHERE name = 'reservation:expire-hold' AND status = 'done'");
      expect((expiries as Array<{ n: number }>)[0]!.n).toBeGreaterThanOrEqual(10);
      // Every e-mail was sent by one instance only (each queued e-mail is a job).
      const sent = outboxMessages(dataDirs).map((m) => `${m.to}|${m.template}|${m.subject}|${m.links.join(" ")}`);
      expect(sent.length).toBeGreaterThan(10);
      expect(sent.filter((key, index) => sent.indexOf(key) !== index)).toEqual([]);
    });

    await test.step("the global rate limit is shared: the limit is reached across A and B together", async () => {
      const client = randomClient();
      const statuses: number[] = [];
      const answeredBy = { a: 0, b: 0 };
      for (let index = 0; index < RATE_LIMIT + 10; index++) {
        const base = index % 2 === 0 ? a.baseURL : b.baseURL;
        const response = await call(base, "/api/v1/me", { client });
        statuses.push(response.status);
        if (response.status === 429) answeredBy[base === a.baseURL ? "a" : "b"] += 1;
      }
      // Alone, each instance would have let RATE_LIMIT + 10 / 2 = 25 requests through.
      expect(statuses.filter((status) => status !== 429), statuses.join(",")).toHaveLength(RATE_LIMIT);
      expect(statuses.slice(RATE_LIMIT).every((status) => status === 429)).toBe(true);
      expect(answeredBy).toEqual({ a: 5, b: 5 });
    });

    await test.step("SIGKILL of A mid-traffic: every booking answered 201 is in the database and B keeps serving", async () => {
      const outcomes: Array<{ status: number; reference?: string; checkIn: string }> = [];
      let next = 0;
      const total = 60;
      const worker = async () => {
        while (next < total) {
          const index = next++;
          const checkIn = isoDays(135 + 3 * index);
          const response = await call(proxy.url, "/api/v1/reservations", {
            token: fixtures.travelers[index % 10]!.token,
            json: { propertyId: fixtures.listingId, checkIn, checkOut: isoDays(137 + 3 * index), adults: 1, acceptTerms: true },
          }).catch(() => null);
          // An answer cut off by the kill counts as lost (status 0), like a refused one.
          const body = response && response.status === 201 ? ((await response.json().catch(() => null)) as { reference: string } | null) : null;
          outcomes.push({ status: response && (response.status !== 201 || body) ? response.status : 0, reference: body?.reference, checkIn });
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      await until("traffic under way", () => outcomes.length >= 12, 30_000);
      a.process.kill("SIGKILL");
      await Promise.all(workers);
      const committed = outcomes.filter((outcome) => outcome.status === 201);
      const lost = outcomes.filter((outcome) => outcome.status !== 201);
      // Only requests in flight on A when it died may fail (a proxy does not replay a POST).
      expect(lost.length, JSON.stringify(lost)).toBeLessThanOrEqual(6);
      expect(lost.every((outcome) => outcome.status === 502 || outcome.status === 0), JSON.stringify(lost)).toBe(true);
      expect(committed.length).toBeGreaterThanOrEqual(total - 6);
      const [rows] = await db!.query("SELECT reference FROM reservations WHERE reference IN (?)", [committed.map((outcome) => outcome.reference)]);
      expect((rows as Array<{ reference: string }>).map((row) => row.reference).sort()).toEqual(committed.map((outcome) => outcome.reference).sort());
      // B keeps serving alone through the proxy.
      expect((await fetch(`${b.baseURL}/healthz`)).status).toBe(200);
      for (let index = 0; index < 4; index++) {
        const response = await call(proxy.url, "/api/v1/reservations", {
          token: fixtures.travelers[index]!.token,
          json: { propertyId: fixtures.listingId, checkIn: isoDays(320 + 3 * index), checkOut: isoDays(322 + 3 * index), adults: 1, acceptTerms: true },
        });
        expect(response.status).toBe(201);
      }
    });
    console.log(`scale-out: ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await db?.end().catch(() => {});
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => {});
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});
