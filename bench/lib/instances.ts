// Several Darna instances on one MariaDB database and Redis behind the round-robin proxy of
// tests/e2e/support/round-robin-proxy.ts (in a process of its own, so its CPU is not the load
// generator's): what the scale-out benches (instances, rolling-restart) share.
//
//   BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306) and REDIS_URL (default redis://127.0.0.1:6379).
// The database (darna_bench_<random>) is created here and dropped by cleanup(); Redis keys and
// the realtime channel get a prefix of their own.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import type { ProxyStats } from "../../tests/e2e/support/round-robin-proxy";
import { ROOT, startDarnaServer, waitFor, type DarnaServer } from "./servers";

export const MYSQL_URL = process.env.BENCH_MYSQL_URL || "mysql://root@127.0.0.1:3306";
export const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

export const loadAverage = () => os.loadavg()[0]!.toFixed(1);

export interface ProxyProcess {
  url: string;
  setBackends(urls: string[]): void;
  stats(): Promise<ProxyStats>;
  stop(): Promise<void>;
}

async function startProxyProcess(): Promise<ProxyProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/e2e/support/round-robin-proxy.ts"), "0"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const statsWaiters: Array<(stats: ProxyStats) => void> = [];
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    output += chunk;
    let newline: number;
    while ((newline = output.indexOf("\n")) >= 0) {
      const line = output.slice(0, newline);
      output = output.slice(newline + 1);
      if (line.startsWith("proxy stats ")) statsWaiters.shift()?.(JSON.parse(line.slice("proxy stats ".length)) as ProxyStats);
      else if (line.startsWith("proxy listening on ")) url = line.slice("proxy listening on ".length);
    }
  });
  let url = "";
  await waitFor(() => url !== "", 20_000, "the proxy did not start");
  return {
    url,
    setBackends: (urls) => child.stdin!.write(`${JSON.stringify(urls)}\n`),
    stats: () =>
      new Promise((resolve) => {
        statsWaiters.push(resolve);
        child.stdin!.write("stats\n");
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(child.pid!, "SIGTERM");
      await exited;
    },
  };
}

export interface Cluster {
  proxy: ProxyProcess;
  /** Starts one more instance on the shared database (the first one migrates and seeds the demo data). */
  startInstance(): Promise<DarnaServer>;
  /** A published listing's page path, from the search page. */
  propertyPath(): Promise<string>;
  cleanup(): Promise<void>;
}

export async function startCluster(label: string): Promise<Cluster> {
  const suffix = crypto.randomBytes(4).toString("hex");
  const database = `darna_bench_${label}_${suffix}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const instances: DarnaServer[] = [];
  let proxy: ProxyProcess | null = null;
  const cleanup = async () => {
    for (const instance of instances.splice(0)) await instance.stop().catch(() => {});
    await proxy?.stop().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => {});
    await admin.end().catch(() => {});
  };
  try {
    proxy = await startProxyProcess();
  } catch (error) {
    await cleanup();
    throw error;
  }
  const env = {
    DATABASE_URL: `${MYSQL_URL}/${database}`,
    REDIS_URL,
    REDIS_KEY_PREFIX: `darna-bench-${suffix}:`,
    REALTIME_CHANNEL: `darna-bench-${suffix}`,
    SEED_DEMO: "true",
    RUN_JOBS: "true",
  };
  return {
    proxy,
    async startInstance() {
      const instance = await startDarnaServer("build-bench", { seedDemo: instances.length === 0, env, onSpawn: (server) => instances.push(server) });
      return instance;
    },
    async propertyPath() {
      const html = await (await fetch(`${proxy!.url}/accommodation`)).text();
      const found = /href="(\/property-details\/\d+)/.exec(html)?.[1];
      if (!found) throw new Error("bench: no listing on the search page");
      return found;
    },
    cleanup,
  };
}
