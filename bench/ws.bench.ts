// Realtime messaging bench (issue 7 point 8): BENCH_SOCKETS websockets (default 5,000) on loopback
// against Darna's production server (server.ts, its /ws and the register/private_message protocol
// of app/services/messaging/messaging-realtime.server.ts), then messages between travelers and hosts.
//
//   npm run bench -- ws          (ADR 081 for the figures and what they mean)
//
// 1. Builds into build-bench/ when sources are newer (as the other benches do; BENCH_REUSE_BUILD=1
//    keeps any existing build).
// 2. Seeds a temporary SQLite database (in BENCH_DB_DIR, default the OS temp folder) with the app's
//    models: BENCH_PAIRS conversations (default sockets / 4), each between its own traveler and
//    host, and an API token per user (ws-seed.ts).
// 3. Starts server.ts (NODE_ENV=production, no demo data, no jobs, no Redis) on a free port.
// 4. BENCH_WS_WORKERS client processes (default 2, ws-load.ts) each take whole conversations and
//    open every user's share of the sockets (sockets / (2 × pairs) each: 2 by default),
//    BENCH_WS_CONCURRENCY upgrades+registers in flight per process (default 50), with the site's
//    Origin, then `register` with the user's token.
// 5. Every traveler sends BENCH_MESSAGES messages (default 1) with `private_message`, all
//    conversations together at BENCH_RATE messages/s (default 50); each message must reach every
//    socket of both users (the sender's too). Latency: send → arrival on each socket, timed in the
//    client process that holds both ends. BENCH_WS_TIMELINE=1 also prints it per second of sending.
// Prints sockets opened, time to open, server memory and CPU, messages sent, deliveries and
// delivery latency p50/p99/max. Bounded: after BENCH_TIMEOUT_SECONDS (default 120, a build
// excepted) it prints what it has so far and exits 1. The client processes, the server (by pid)
// and the database folder are removed on every way out.
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ParentMessage, WorkerCounts, WorkerMessage } from "./ws-load";
import { ensureBuild, startDarnaServer, type DarnaServer } from "./lib/servers";
import { percentile } from "./lib/stats";

const numberFrom = (name: string, fallback: number, min: number, max: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Math.min(max, Math.max(min, Number.isFinite(value) ? Math.floor(value) : fallback));
};
const SOCKETS = numberFrom("BENCH_SOCKETS", 5_000, 2, 20_000);
const PAIRS = numberFrom("BENCH_PAIRS", Math.max(1, Math.floor(SOCKETS / 4)), 1, Math.floor(SOCKETS / 2));
const PER_USER = Math.max(1, Math.floor(SOCKETS / (2 * PAIRS)));
const MESSAGES = numberFrom("BENCH_MESSAGES", 1, 1, 100);
const RATE = numberFrom("BENCH_RATE", 50, 1, 100_000);
const WORKERS = numberFrom("BENCH_WS_WORKERS", 2, 1, 16);
const CONCURRENCY = numberFrom("BENCH_WS_CONCURRENCY", 50, 1, 1_000);
const TIMEOUT_MS = numberFrom("BENCH_TIMEOUT_SECONDS", 120, 10, 3_600) * 1000;
// BENCH_WS_INSTANCES=2: two servers on the same database, fanning out through Redis (REDIS_URL,
// default redis://127.0.0.1:6379, a channel and key prefix of this run's own); each user's sockets
// are spread over both, so half of the deliveries cross Redis.
const INSTANCES = numberFrom("BENCH_WS_INSTANCES", 1, 1, 2);
const DRAIN_MS = 15_000;
// BENCH_BUILD_DIR: another build folder (a bench running at the same time keeps its own).
const BUILD_DIR = process.env.BENCH_BUILD_DIR || "build-bench";

let dataDir: string | null = null;
let server: DarnaServer | null = null;
let secondServer: DarnaServer | null = null;
const workers: ChildProcess[] = [];
let phase = "starting";
let benchStarted = performance.now();
let openMs: number | null = null;
let sendMs: number | null = null;
let serverRssMb: number | null = null;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");

/** This process's soft limit on open files (each socket is one on the server and one on a client). */
function openFilesLimit(): string {
  try {
    return /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Share of the last 60 s in which some runnable task waited for a CPU (Linux PSI), or "n/a". */
function cpuPressure(): string {
  try {
    const match = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"));
    return match ? `${Math.round(Number(match[1]))}%` : "n/a";
  } catch {
    return "n/a";
  }
}

/** Resident memory of a process in MB, from /proc (Linux), or null. */
function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in seconds, from /proc (Linux), or NaN. */
function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks, 100/s).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the server(s) and of all client processes together. */
function cpuNow(): { server: number; clients: number } {
  return {
    server: cpuSeconds(server?.pid) + (secondServer ? cpuSeconds(secondServer.pid) : 0),
    clients: workers.reduce((total, worker) => total + cpuSeconds(worker.pid), 0),
  };
}

const cpuUse: Record<string, string> = {};
function noteCpu(label: string, from: { server: number; clients: number }, wallMs: number) {
  const to = cpuNow();
  const share = (used: number) => (Number.isFinite(used) ? `${used.toFixed(1)} s (${Math.round((used / (wallMs / 1000)) * 100)}% of a core)` : "n/a");
  cpuUse[label] = `server ${share(to.server - from.server)}, clients ${share(to.clients - from.clients)}`;
}

/** Sends `message` to every worker and waits for each one's answer of `type` (or the timeout). */
function ask<T extends WorkerMessage["type"]>(
  message: ParentMessage | ((index: number) => ParentMessage),
  type: T,
  timeoutMs: number,
): Promise<Array<Extract<WorkerMessage, { type: T }> | null>> {
  return Promise.all(
    workers.map(
      (worker, index) =>
        new Promise<Extract<WorkerMessage, { type: T }> | null>((resolve) => {
          const timer = setTimeout(() => done(null), timeoutMs);
          const onMessage = (answer: WorkerMessage) => {
            if (answer.type === type) done(answer as Extract<WorkerMessage, { type: T }>);
          };
          const onExit = () => done(null);
          function done(answer: Extract<WorkerMessage, { type: T }> | null) {
            clearTimeout(timer);
            worker.off("message", onMessage);
            worker.off("exit", onExit);
            resolve(answer);
          }
          worker.on("message", onMessage);
          worker.once("exit", onExit);
          if (!worker.connected) return done(null);
          worker.send(typeof message === "function" ? message(index) : message);
        }),
    ),
  );
}

function sum(answers: Array<WorkerCounts | null>): WorkerCounts {
  const total: WorkerCounts = { registered: 0, failed: 0, closedAfterOpen: 0, sent: 0, expected: 0, delivered: 0, serverErrors: 0, firstError: null };
  for (const answer of answers) {
    if (!answer) continue;
    for (const key of ["registered", "failed", "closedAfterOpen", "sent", "expected", "delivered", "serverErrors"] as const) total[key] += answer[key];
    total.firstError ??= answer.firstError;
  }
  return total;
}

/** Deliveries grouped by the second their message was sent in: count, p50 and max latency. */
function printTimeline(reports: Array<{ latencies: number[]; sentAfter: number[] } | null>) {
  const bySecond = new Map<number, number[]>();
  for (const report of reports) {
    report?.latencies.forEach((latency, index) => {
      const second = Math.floor(report.sentAfter[index]! / 1000);
      bySecond.set(second, [...(bySecond.get(second) ?? []), latency]);
    });
  }
  for (const [second, values] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    values.sort((a, b) => a - b);
    console.log(`  sent in second ${second}: ${values.length} deliveries, p50 ${ms(percentile(values, 50))}, max ${ms(values.at(-1)!)}`);
  }
}

async function printReport() {
  const reports = await ask({ type: "report" }, "report", 5_000);
  const total = sum(reports);
  const latencies = reports.flatMap((report) => report?.latencies ?? []).sort((a, b) => a - b);
  if (process.env.BENCH_WS_TIMELINE === "1") printTimeline(reports);
  const missing = reports.filter((report) => report === null).length;
  console.log(
    `sockets opened and registered: ${total.registered}/${PAIRS * 2 * PER_USER}` +
      (total.failed > 0 ? ` (${total.failed} failed)` : "") +
      (openMs !== null ? ` in ${seconds(openMs)} (${Math.round(total.registered / (openMs / 1000))}/s)` : " (still opening)"),
  );
  if (total.closedAfterOpen > 0) console.log(`sockets closed by the server after registering: ${total.closedAfterOpen}`);
  if (serverRssMb !== null) console.log(`server memory with the sockets open: ${serverRssMb.toFixed(0)} MB RSS${INSTANCES > 1 ? " (both)" : ""}`);
  for (const [label, use] of Object.entries(cpuUse)) console.log(`CPU while ${label}: ${use}`);
  console.log(
    `messages: ${total.sent} sent at ${RATE}/s, ${total.delivered}/${total.expected} deliveries` +
      (sendMs !== null ? ` in ${seconds(sendMs)}` : "") +
      ` (each to the ${PER_USER * 2} sockets of its two users)`,
  );
  console.log(
    `delivery latency (send → each socket): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}`,
  );
  const over = (limit: number) => {
    const first = latencies.findIndex((value) => value > limit);
    return first === -1 ? 0 : latencies.length - first;
  };
  if (latencies.length > 0) {
    const share = (count: number) => `${count} (${((count / latencies.length) * 100).toFixed(1)}%)`;
    console.log(`deliveries slower than 50 ms: ${share(over(50))}, than 250 ms: ${share(over(250))}, than 1 s: ${share(over(1_000))}`);
  }
  if (total.serverErrors > 0 || total.firstError) console.log(`errors: ${total.serverErrors} from the server; first: ${total.firstError}`);
  if (missing > 0) console.log(`(${missing} client process(es) did not report)`);
  console.log(`total ${seconds(performance.now() - benchStarted)} (build excepted); load average now ${os.loadavg()[0]!.toFixed(1)}, CPU pressure ${cpuPressure()} (avg60)`);
  return total;
}

let cleanedUp = false;
let cleaning: Promise<void> | null = null;
/** Stops everything once; every caller waits for the same clean-up. */
function cleanUp(): Promise<void> {
  cleanedUp = true;
  cleaning ??= stopEverything();
  return cleaning;
}

async function stopEverything() {
  // Clients first (their sockets close), then the server by pid, then its database folder.
  for (const worker of workers) {
    if (worker.exitCode === null && worker.signalCode === null && worker.pid) {
      try {
        process.kill(worker.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  await secondServer?.stop().catch(() => {});
  await server?.stop().catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

let failing = false;
async function fail(reason: string): Promise<void> {
  if (failing) return;
  failing = true;
  console.error(`bench ws: ${reason} (during ${phase})`);
  if (workers.length > 0) await printReport().catch(() => {});
  const serverOutput = server?.output().trim();
  if (serverOutput) console.error(`server output (end):\n${serverOutput.slice(-2_000)}`);
  await cleanUp();
  process.exit(1);
}

process.once("SIGINT", () => void fail("interrupted"));
process.once("SIGTERM", () => void fail("terminated"));

async function main() {
  ensureBuild(BUILD_DIR);
  benchStarted = performance.now();
  const deadline = setTimeout(() => void fail(`timed out after ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS);
  deadline.unref();

  console.log(
    `bench ws: ${INSTANCES} instance(s), ${PAIRS * 2 * PER_USER} sockets = ${PAIRS} conversations × 2 users × ${PER_USER} sockets, ${WORKERS} client processes, ` +
      `${CONCURRENCY} opening at once per process; ${MESSAGES} message(s) per traveler at ${RATE}/s`,
  );
  console.log(
    `machine: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}, CPU pressure ${cpuPressure()} (avg60), open files limit ${openFilesLimit()}`,
  );
  const limit = Number(openFilesLimit());
  if (Number.isFinite(limit) && limit < SOCKETS + 256) {
    // Node raises its soft limit to the hard one at start; the server holds every socket.
    console.log(`bench ws: warning: ${limit} open files allowed, ${SOCKETS} sockets asked: raise the hard limit (ulimit -Hn) or lower BENCH_SOCKETS`);
  }
  phase = "seeding";
  dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DB_DIR || os.tmpdir(), "darna-bench-ws-"));
  const seedStarted = performance.now();
  const { seedWsBench } = await import("./ws-seed");
  const pairs = await seedWsBench(dataDir, PAIRS);
  if (failing) return;
  console.log(`seeded ${PAIRS * 2} users, ${PAIRS} conversations in ${seconds(performance.now() - seedStarted)}`);

  phase = "starting the server";
  const serverStarted = performance.now();
  const run = crypto.randomBytes(4).toString("hex");
  const redisEnv: Record<string, string> =
    INSTANCES > 1 ? { REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379", REALTIME_CHANNEL: `darna-bench-ws-${run}`, REDIS_KEY_PREFIX: `darna-bench-ws-${run}:` } : {};
  server = await startDarnaServer(BUILD_DIR, {
    dataDir,
    seedDemo: false,
    env: { RUN_JOBS: "false", ...redisEnv },
    onSpawn: (starting) => (server = starting),
  });
  if (failing) return;
  if (INSTANCES > 1) {
    // Its stop() removes the same folder: harmless, it is removed last anyway.
    secondServer = await startDarnaServer(BUILD_DIR, { dataDir, seedDemo: false, env: { RUN_JOBS: "false", ...redisEnv }, onSpawn: (starting) => (secondServer = starting) });
    if (failing) return;
  }
  const servers = [server, ...(secondServer ? [secondServer] : [])];
  const urls = servers.map((running) => `ws://${new URL(running.url).host}/ws`);
  const origins = servers.map((running) => running.url);
  for (const running of servers) console.log(`server: pid ${running.pid} at ${running.url}, answering after ${seconds(performance.now() - serverStarted)}`);

  phase = "opening sockets";
  const ready: Array<Promise<void>> = [];
  for (let i = 0; i < WORKERS; i += 1) {
    const worker = fork(path.join(import.meta.dirname, "ws-load.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    worker.on("exit", (code, signal) => {
      if (!cleanedUp && code !== 0) void fail(`client process ${worker.pid} exited (${code ?? signal})`);
    });
    workers.push(worker);
    ready.push(new Promise((resolve) => worker.on("message", (message: WorkerMessage) => message.type === "ready" && resolve())));
  }
  await Promise.all(ready);
  if (failing) return;
  // Whole conversations per process, as evenly as they divide.
  const share = (index: number) => pairs.filter((_, pairIndex) => pairIndex % WORKERS === index);
  const progress = new Map<ChildProcess, WorkerCounts>();
  const onProgress = (worker: ChildProcess) => (message: WorkerMessage) => {
    if (message.type === "progress") progress.set(worker, message);
  };
  const listeners = workers.map((worker) => {
    const listener = onProgress(worker);
    worker.on("message", listener);
    return listener;
  });
  const openStarted = performance.now();
  const ticker = setInterval(() => {
    const total = sum([...progress.values()]);
    console.log(`  … ${total.registered} registered, ${total.failed} failed (${seconds(performance.now() - openStarted)})`);
  }, 5_000);
  const openCpu = cpuNow();
  const opened = await ask(
    (index) => ({ type: "open", urls, origins, perUser: PER_USER, concurrency: CONCURRENCY, pairs: share(index) }),
    "opened",
    TIMEOUT_MS,
  );
  clearInterval(ticker);
  if (failing) return;
  workers.forEach((worker, index) => worker.off("message", listeners[index]!));
  openMs = performance.now() - openStarted;
  noteCpu("opening", openCpu, openMs);
  serverRssMb = (rssMb(server.pid) ?? 0) + (secondServer ? (rssMb(secondServer.pid) ?? 0) : 0);
  const openTotal = sum(opened);
  console.log(`opened: ${openTotal.registered} registered, ${openTotal.failed} failed in ${seconds(openMs)}`);

  phase = "sending messages";
  const sendStarted = performance.now();
  const sendCpu = cpuNow();
  await ask({ type: "send", messages: MESSAGES, ratePerSecond: RATE / WORKERS, drainMs: DRAIN_MS }, "sent", TIMEOUT_MS);
  sendMs = performance.now() - sendStarted;
  if (failing) return;
  noteCpu("sending", sendCpu, sendMs);

  phase = "reporting";
  clearTimeout(deadline);
  const total = await printReport();
  await cleanUp();
  const complete = total.registered === PAIRS * 2 * PER_USER && total.sent > 0 && total.delivered >= total.expected;
  process.exit(complete ? 0 : 1);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
