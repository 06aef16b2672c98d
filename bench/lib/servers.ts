// Starting and stopping the servers a benchmark measures. Every process is started here, bound
// to loopback where we choose the address, and stopped by its pid.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A free TCP port on loopback (never 3000). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    if (port !== 3000 && port !== 0) return port;
  }
}

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Builds the app into `buildDir` unless a build newer than every source file is already there
 * (or any build is there and BENCH_REUSE_BUILD=1).
 */
export function ensureBuild(buildDir: string): void {
  const serverEntry = path.join(ROOT, buildDir, "node/server.js");
  const builtAt = fs.existsSync(serverEntry) ? fs.statSync(serverEntry).mtimeMs : 0;
  const sources = ["app", "locales", "public", "vite.config.ts", "package-lock.json"].map((p) => path.join(ROOT, p));
  const reuse = process.env.BENCH_REUSE_BUILD === "1" && builtAt > 0;
  if (reuse || builtAt > Math.max(...sources.map(newestMtime))) {
    console.log(`bench: using the existing build in ${buildDir}/`);
    return;
  }
  console.log(`bench: building the app into ${buildDir}/ …`);
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["vite:build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`bench: the build failed (exit ${result.status})`);
  // The second half of `npm run build`: the server, migrations and seeders compiled for plain node
  // (the seeders read the locale files only when compiled; under tsx they fail).
  const server = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (server.status !== 0) throw new Error(`bench: the server build failed (exit ${server.status})`);
  // The third: the service worker (ADR 234), part of what a first view downloads.
  const worker = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-service-worker.mjs")], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (worker.status !== 0) throw new Error(`bench: the service worker build failed (exit ${worker.status})`);
}

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

function track(name: string, child: ChildProcess, url: string): RunningServer {
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    name,
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid!, "SIGTERM");
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A bare node:http server answering "hello" on loopback, in its own process. */
export async function startHelloServer(): Promise<RunningServer> {
  const port = await freePort();
  const source = `require("node:http").createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("hello");
  }).listen(${port}, "127.0.0.1", () => console.log("listening"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "pipe"] });
  const server = track("hello", child, `http://127.0.0.1:${port}`);
  await waitFor(() => server.output().includes("listening"), 10_000, "the hello server did not start");
  return server;
}

/** One compiled Darna server process (see spawnDarna). */
export interface DarnaProcess {
  url: string;
  pid: number;
  output: () => string;
  /** The exit code once the process has exited, null while it runs. */
  exitCode: () => number | null;
  /** SIGTERM, then SIGKILL if it still runs after the spawn's killAfterMs; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

export interface SpawnOptions {
  /** How long stop() waits after SIGTERM before SIGKILL (default 10 s). */
  killAfterMs?: number;
  /** Keep only the last this many characters of the output (default: all of it). */
  keepOutputChars?: number;
  /** Flags for node before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

/**
 * The one way a bench starts Darna: the compiled server (`BUILD_DIR/node/server.js` under plain
 * node, NODE_ENV=production, as production and the e2e journeys run it; under tsx the demo
 * seeders cannot load the locales) on a free loopback port, with no request log and a rate limit
 * too high to matter; `env` adds the database, data folder and the rest. Does not wait for it.
 */
export async function spawnDarna(buildDir: string, env: Record<string, string>, options: SpawnOptions = {}): Promise<DarnaProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT, buildDir, "node/server.js")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BUILD_DIR: buildDir,
      APP_URL: url,
      LOG_REQUESTS: "false",
      RATE_LIMIT_PER_MINUTE: "1000000000",
      ...env,
    },
  });
  const keep = options.keepOutputChars ?? Number.POSITIVE_INFINITY;
  let output = "";
  const append = (chunk: unknown) => {
    output += String(chunk);
    if (output.length > keep) output = output.slice(-keep);
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    pid: child.pid!,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (running()) process.kill(child.pid!, "SIGTERM");
      const timer = setTimeout(() => running() && process.kill(child.pid!, "SIGKILL"), options.killAfterMs ?? 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface DarnaServer extends RunningServer {
  dataDir: string;
}

export interface DarnaServerOptions {
  /** A folder holding an already migrated `darna.sqlite` (removed by stop()); default: a new one. */
  dataDir?: string;
  /** Load the demo data into the empty database (default true). */
  seedDemo?: boolean;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /** Called as soon as the process exists, so a caller's own deadline can stop it while it starts. */
  onSpawn?: (server: DarnaServer) => void;
  /** How long it may take to answer /healthz 200 (default 60 s). */
  healthTimeoutMs?: number;
}

/**
 * Darna's production server (spawnDarna) with a fresh SQLite database in a temporary folder
 * seeded with the demo data, and message and socket limits too high to matter; resolves once it
 * is healthy, seeded and its home page answers 200.
 */
export async function startDarnaServer(buildDir: string, options: DarnaServerOptions = {}): Promise<DarnaServer> {
  const seedDemo = options.seedDemo ?? true;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "darna-bench-"));
  // BENCH_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (--cpu-prof).
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`] : [];
  const child = await spawnDarna(
    buildDir,
    {
      DATABASE_URL: `sqlite:${path.join(dataDir, "darna.sqlite")}`,
      DATA_DIR: dataDir,
      SEED_DEMO: String(seedDemo),
      MESSAGES_PER_MINUTE: "1000000000",
      WS_CONNECTIONS_PER_IP: "1000000000",
      WS_CONNECTIONS_PER_USER: "1000000000",
      REDIS_URL: "",
      ...options.env,
    },
    { nodeArgs: profile },
  );
  const server: DarnaServer = {
    name: "darna",
    url: child.url,
    pid: child.pid,
    output: child.output,
    dataDir,
    async stop() {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  options.onSpawn?.(server);
  try {
    await waitFor(async () => (await fetchStatus(`${server.url}/healthz`)) === 200, options.healthTimeoutMs ?? 60_000, "darna did not become healthy");
    if (seedDemo) await waitFor(() => server.output().includes("demo data seeded"), 120_000, "darna did not seed its demo data");
    await waitFor(async () => (await fetchStatus(`${server.url}/`)) === 200, 30_000, "the home page did not answer 200");
  } catch (error) {
    console.error(server.output().slice(-2000));
    await server.stop();
    throw error;
  }
  return server;
}

async function fetchStatus(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench: ${message} within ${timeoutMs / 1000} s`);
}
