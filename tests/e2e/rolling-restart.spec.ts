// Rolling restart under load (issue 20 point 4, ADR 204): two production servers A and B on one
// MariaDB database (a fresh one, dropped afterwards) and Redis (a key prefix and channel of their
// own), behind the round-robin proxy of support/round-robin-proxy.ts, under autocannon load on the
// home page and a dated search for the whole run. A gets SIGTERM and exits 0, a new A starts and
// serves, then the same for B. No answer is a 5xx and no request fails, and the new instances serve.
// Skipped when MariaDB or Redis does not answer, except under CI (CI set), where it fails.
import crypto from "node:crypto";
import net from "node:net";
import autocannon, { type Result } from "autocannon";
import mysql from "mysql2/promise";
import { expect, test } from "./support/fixtures";
import { startRoundRobinProxy, type RoundRobinProxy } from "./support/round-robin-proxy";
import { startExtraServer, type ExtraServer } from "./support/server";

const MYSQL_URL = process.env.ROLLING_MYSQL_URL || "mysql://root@127.0.0.1:3306";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

function answers(url: string, fallbackPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || fallbackPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => done(true));
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = async (server: ExtraServer) => {
  try {
    return (await fetch(`${server.baseURL}/healthz`)).status === 200;
  } catch {
    return false;
  }
};

test("a rolling restart of A then B under load answers every request, none with a 5xx", async () => {
  // A fresh MariaDB database takes its migrations first (~10 s on an idle 2-core machine, 30 s under heavy load).
  test.setTimeout(300_000);
  // No browser here: the js-off project would only run the same requests again.
  test.skip(test.info().project.name === "js-off", "no browser involved; run once (js-on)");
  const [mysqlUp, redisUp] = await Promise.all([answers(MYSQL_URL, 3306), answers(REDIS_URL, 6379)]);
  test.skip(!process.env.CI && !(mysqlUp && redisUp), "MariaDB or Redis does not answer on this machine");

  const suffix = crypto.randomBytes(4).toString("hex");
  const database = `darna_rolling_${suffix}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  let proxy: RoundRobinProxy | null = null;
  const servers: ExtraServer[] = [];
  try {
    proxy = await startRoundRobinProxy({ backends: [] });
    const env = {
      DATABASE_URL: `${MYSQL_URL}/${database}`,
      REDIS_URL,
      REDIS_KEY_PREFIX: `darna-rolling-${suffix}:`,
      REALTIME_CHANNEL: `darna-rolling-${suffix}`,
      APP_URL: proxy.url,
      SEED_DEMO: "false",
      RUN_JOBS: "true",
      JOB_INTERVAL_MS: "500",
      RATE_LIMIT_PER_MINUTE: "100000000",
    };
    const start = async () => {
      const server = await startExtraServer(env);
      servers.push(server);
      await until(() => ready(server), 60_000, "an instance to be ready");
      return server;
    };
    // A migrates the fresh database first; B finds it migrated.
    const a = await start();
    const b = await start();
    proxy.setBackends([a.baseURL, b.baseURL]);

    const load = autocannon({
      url: proxy.url,
      connections: 8,
      duration: 120,
      timeout: 10,
      requests: [{ setupRequest: (request) => ({ ...request, path: "/" }) }, { setupRequest: (request) => ({ ...request, path: "/accommodation?checkIn=2031-06-10&checkOut=2031-06-13&adults=2" }) }],
    });
    const finished = new Promise<Result>((resolve) => load.once("done", resolve));
    const servedBy = (server: ExtraServer) => proxy!.stats().byBackend[server.baseURL] ?? 0;
    await until(() => servedBy(a) > 5 && servedBy(b) > 5, 60_000, "both instances to serve");

    // Replace one instance: SIGTERM (it finishes what it holds and exits 0), start the new one,
    // wait until the proxy sends it traffic, only then the next.
    const replace = async (old: ExtraServer, other: ExtraServer) => {
      const exited = new Promise<number | null>((resolve) => old.process.once("exit", (code) => resolve(code)));
      old.process.kill("SIGTERM");
      expect(await exited, old.output()).toBe(0);
      const fresh = await start();
      proxy!.setBackends([fresh.baseURL, other.baseURL]);
      await until(() => servedBy(fresh) > 5, 60_000, "the new instance to serve");
      return fresh;
    };
    const a2 = await replace(a, b);
    const b2 = await replace(b, a2);
    expect(servedBy(a2)).toBeGreaterThan(5);
    expect(servedBy(b2)).toBeGreaterThan(5);

    load.stop();
    const result = await finished;
    const stats = proxy.stats();
    const fiveHundreds = Object.entries(stats.statuses).filter(([status]) => Number(status) >= 500);
    expect(fiveHundreds, JSON.stringify(stats)).toEqual([]);
    expect(result["5xx"], JSON.stringify(result)).toBe(0);
    expect(result.errors + result.timeouts, JSON.stringify(result)).toBe(0);
    expect(result.requests.sent).toBeGreaterThan(30);
    console.log(
      `rolling restart: ${result.requests.sent} requests, ${result["2xx"]} 2xx, statuses ${JSON.stringify(stats.statuses)}, ${stats.retries} retried on the other instance`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
});
