// Several Darna instances on one MariaDB database and Redis behind the round-robin proxy of
// tests/e2e/support/round-robin-proxy.ts (in a process of its own, so its CPU is not the load
// generator's): what the scale-out benches (instances, rolling-restart) share.
//
//   BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306) and REDIS_URL (default redis://127.0.0.1:6379).
// The database (darna_bench_<random>) is created here and dropped by cleanup(); Redis keys and
// the realtime channel get a prefix of their own.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import type { ProxyStats } from "../../tests/e2e/support/round-robin-proxy";
import { ensureBuild, ROOT, spawnDarna, waitFor, type DarnaProcess } from "./servers";

const BUILD_DIR = "build-bench";

/** An instance: stop() sends SIGTERM and waits for the exit (SIGKILL after 30 s), resolving with its code. */
export type Instance = DarnaProcess;

/**
 * The compiled server (`node build-bench/node/server.js`, as production runs it): compiled here
 * from the sources (scripts/build-server.mjs) when older than the Remix build. Not tsx: under tsx
 * the demo seeders that translate stop at their first i18n import (import.meta.glob is Vite's).
 */
function ensureCompiledServer() {
  const entry = path.join(ROOT, BUILD_DIR, "node/server.js");
  const remix = path.join(ROOT, BUILD_DIR, "server/index.js");
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs > fs.statSync(remix).mtimeMs) return;
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, env: { ...process.env, BUILD_DIR }, stdio: "inherit" });
  if (result.status !== 0) throw new Error("bench: compiling the server failed");
}

async function startInstance(env: Record<string, string>, onSpawn: (instance: Instance) => void): Promise<Instance> {
  const instance = await spawnDarna(BUILD_DIR, env, { killAfterMs: 30_000, keepOutputChars: 8_000 });
  onSpawn(instance);
  const healthy = async () => {
    const code = instance.exitCode();
    if (code !== null) throw new Error(`bench: an instance exited (${code}):\n${instance.output()}`);
    try {
      return (await fetch(`${instance.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status === 200;
    } catch {
      return false;
    }
  };
  await waitFor(healthy, 180_000, "an instance did not become ready");
  return instance;
}

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
  startInstance(): Promise<Instance>;
  /** A listing page that answers 200 (from the demo catalogue). */
  propertyPath(): Promise<string>;
  cleanup(): Promise<void>;
}

async function startCluster(label: string): Promise<Cluster> {
  const suffix = crypto.randomBytes(4).toString("hex");
  const database = `darna_bench_${label}_${suffix}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  ensureCompiledServer();
  // One data folder (local uploads) and one session secret for all the instances, as in production.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-bench-cluster-"));
  const instances: Instance[] = [];
  let proxy: ProxyProcess | null = null;
  const cleanup = async () => {
    for (const instance of instances.splice(0)) await instance.stop().catch(() => {});
    await proxy?.stop().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => {});
    await admin.end().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    proxy = await startProxyProcess();
  } catch (error) {
    await cleanup();
    throw error;
  }
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    DATABASE_URL: `${MYSQL_URL}/${database}`,
    REDIS_URL,
    REDIS_KEY_PREFIX: `darna-bench-${suffix}:`,
    REALTIME_CHANNEL: `darna-bench-${suffix}`,
    SEED_DEMO: "true",
    RUN_JOBS: "true",
  };
  return {
    proxy,
    startInstance: () => startInstance(env, (instance) => instances.push(instance)),
    async propertyPath() {
      const [rows] = await admin.query(`SELECT id FROM \`${database}\`.listings ORDER BY id LIMIT 20`);
      for (const { id } of rows as Array<{ id: number }>) {
        const response = await fetch(`${proxy!.url}/property-details/${id}`);
        await response.arrayBuffer();
        // The page may redirect (to its language, its canonical form): load where it lands.
        if (response.status === 200) return new URL(response.url).pathname + new URL(response.url).search;
      }
      throw new Error("bench: no listing page answers 200 (was the demo catalogue seeded?)");
    },
    cleanup,
  };
}

/**
 * What the scale-out benches share: the build, a cluster labelled `label` with instances A and B
 * behind the proxy (both serving), everything stopped and dropped when `run` returns (its exit
 * code), throws (exit 1) or the bench is interrupted (130, 143).
 */
export async function runClusterBench(label: string, run: (cluster: Cluster, a: Instance, b: Instance) => Promise<number>): Promise<never> {
  let cluster: Cluster | null = null;
  const stop = async (code: number): Promise<never> => {
    await cluster?.cleanup();
    process.exit(code);
  };
  process.once("SIGINT", () => void stop(130));
  process.once("SIGTERM", () => void stop(143));
  try {
    ensureBuild(BUILD_DIR);
    cluster = await startCluster(label);
    const a = await cluster.startInstance();
    const b = await cluster.startInstance();
    cluster.proxy.setBackends([a.url, b.url]);
    return await stop(await run(cluster, a, b));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return await stop(1);
  }
}
