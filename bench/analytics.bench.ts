// The analytics dashboard's speed (issue 17 point 5, ADR 171). bench/analytics-db.ts loads
// BENCH_ANALYTICS_EVENTS first-party events (default 1,000,000: page views, hydration beacons and
// the SPEC.md §7 events) over the year before today into a temporary SQLite database — and into a
// temporary MariaDB/MySQL database when TEST_DATABASE_URL is set (created and dropped here) — then
// times the dashboard on raw events, runs the daily rollup (pruning page views older than 90
// days), and times the dashboard for the last year and the last 30 days. Target: under 500 ms on
// MariaDB (the year, median).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib/servers";
import { table } from "./lib/stats";

interface Timing {
  p50: number;
  max: number;
  runs: number;
}
interface DbResult {
  dialect: string;
  events: number;
  loadSeconds: number;
  rawYearMs: number;
  rollupSeconds: number;
  daysRolledUp: number;
  pageViewsPruned: number;
  rawRowsLeft: number;
  dailyRows: number;
  same: boolean;
  year: Timing;
  month: Timing;
}

const TARGET_MS = 500;
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function runAnalyticsDb(databaseUrl: string, dataDir: string): Promise<DbResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/analytics-db.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: "false", LOG_SQL: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith("BENCH_RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice("BENCH_RESULT ".length)) as DbResult);
      else reject(new Error(`bench: analytics-db exited with ${code}\n${output.slice(-2000)}`));
    });
  });
}

const started = Date.now();
const results: DbResult[] = [];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-analytics-bench-"));
try {
  console.log("bench: loading SQLite …");
  results.push(await runAnalyticsDb(`sqlite:${path.join(sqliteDir, "bench.sqlite")}`, sqliteDir));
} finally {
  fs.rmSync(sqliteDir, { recursive: true, force: true });
}
const base = process.env.TEST_DATABASE_URL;
if (base) {
  const mysql = await import("mysql2/promise");
  const name = `darna_bench_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = await mysql.createConnection(base);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const mysqlDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-analytics-bench-"));
  try {
    console.log(`bench: loading MariaDB/MySQL (database ${name}) …`);
    results.push(await runAnalyticsDb(url.toString(), mysqlDir));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
    fs.rmSync(mysqlDir, { recursive: true, force: true });
  }
} else {
  console.log("bench: TEST_DATABASE_URL is not set, MariaDB skipped");
}

console.log(`\nanalytics dashboard; load average ${os.loadavg().map((v) => v.toFixed(1)).join(" ")}`);
console.log(
  table([
    ["database", "events", "load s", "raw year ms", "rollup s", "days", "pruned", "raw left", "daily rows", "same figures", "year p50 ms", "year max ms", "30 d p50 ms", "target ms"],
    ...results.map((result) => [
      result.dialect === "mysql" ? "MariaDB/MySQL" : "SQLite",
      String(result.events),
      fixed(result.loadSeconds, 0),
      fixed(result.rawYearMs, 0),
      fixed(result.rollupSeconds, 1),
      String(result.daysRolledUp),
      String(result.pageViewsPruned),
      String(result.rawRowsLeft),
      String(result.dailyRows),
      result.same ? "yes" : "NO",
      fixed(result.year.p50, 1),
      fixed(result.year.max, 1),
      fixed(result.month.p50, 1),
      String(TARGET_MS),
    ]),
  ]),
);
for (const result of results) {
  if (!result.same) console.log(`${result.dialect}: the rollup changed the figures (a bug).`);
  if (result.dialect !== "mysql") continue;
  console.log(`MariaDB/MySQL: the dashboard over a year takes ${fixed(result.year.p50, 1)} ms (median of ${result.year.runs}), ${result.year.p50 < TARGET_MS ? "under" : "over"} the ${TARGET_MS} ms target.`);
}
console.log(`\nbench: analytics bench done in ${fixed((Date.now() - started) / 1000, 0)} s`);
if (results.some((result) => !result.same)) process.exit(1);
