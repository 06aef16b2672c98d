// The search's speed and the search and property pages' weight (issue 5 point 9). Figures only.
//
// 1. Search time: bench/search-db.ts loads BENCH_LISTINGS listings (default 100,000) with a year
//    of bookings, blocks, per-date prices and pauses into a temporary SQLite database — and into
//    a temporary MariaDB/MySQL database when TEST_DATABASE_URL is set (created and dropped here) —
//    then times BENCH_SEARCHES (default 400) city + dates + guests searches through the search
//    service, each in its own process. Target: p95 ≤ 20 ms on MariaDB.
// 2. Page weight: a production build (build-bench/) serving the demo catalogue; the HTML of
//    /accommodation, /search-by-map and /property-details/{id}, with the CSS and JavaScript they
//    load, compressed with gzip as the server sends them.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ensureBuild, ROOT, startDarnaServer, type RunningServer } from "./lib/servers";
import { table } from "./lib/stats";

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  searches: number;
  meanResults: number;
}
interface DbResult {
  dialect: string;
  listings: number;
  reservations?: number;
  nights?: number;
  calendarDays?: number;
  pauses?: number;
  loadSeconds: number;
  recommended: Timing;
  byPrice: Timing;
  bufferPoolMb?: number;
  dataMb?: number;
  largerPool?: { bufferPoolMb: number; recommended: Timing; byPrice: Timing } | null;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function runSearchDb(databaseUrl: string, dataDir: string): Promise<DbResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/search-db.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: "false", LOG_SQL: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith("BENCH_RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice("BENCH_RESULT ".length)) as DbResult);
      else reject(new Error(`bench: search-db exited with ${code}\n${output.slice(-2000)}`));
    });
  });
}

async function searchTimes(): Promise<DbResult[]> {
  const results: DbResult[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-search-bench-"));
  try {
    console.log("bench: loading SQLite …");
    results.push(await runSearchDb(`sqlite:${path.join(dataDir, "bench.sqlite")}`, dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const mysql = await import("mysql2/promise");
    const name = `darna_bench_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
    const admin = await mysql.createConnection(base);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const mysqlDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-search-bench-"));
    try {
      console.log(`bench: loading MariaDB/MySQL (database ${name}) …`);
      const result = await runSearchDb(url.toString(), mysqlDir);
      const [pool] = (await admin.query("SELECT @@innodb_buffer_pool_size AS size")) as unknown as [Array<{ size: number }>];
      const [size] = (await admin.query(
        "SELECT SUM(data_length + index_length) AS size FROM information_schema.tables WHERE table_schema = ?",
        [name],
      )) as unknown as [Array<{ size: number }>];
      results.push({ ...result, bufferPoolMb: Math.round(Number(pool[0]!.size) / 2 ** 20), dataMb: Math.round(Number(size[0]!.size) / 2 ** 20) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
      fs.rmSync(mysqlDir, { recursive: true, force: true });
    }
  } else {
    console.log("bench: TEST_DATABASE_URL is not set, MariaDB skipped");
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Page weight

const gz = (data: Buffer | string) => zlib.gzipSync(data, { level: zlib.constants.Z_DEFAULT_COMPRESSION }).length;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: "text/html", "accept-language": "en" } });
  if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
  return response.text();
}

interface PageWeight {
  label: string;
  html: number;
  css: number;
  js: number;
  /** Files fetched, by URL path (to tell what one page loads more than another). */
  files: Map<string, number>;
}

/**
 * What a browser downloads for a page from this server, each file gzip-compressed as the
 * server's compression middleware sends it: the HTML, stylesheets, and — with JavaScript on —
 * every script, lazy chunk and translation chunk it loads before the network is idle. Map tiles
 * come from another server and are not counted.
 */
async function pageWeight(server: RunningServer, label: string, pathname: string, javaScriptEnabled: boolean): Promise<PageWeight> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ javaScriptEnabled, locale: "en" });
    const page = await context.newPage();
    const weight: PageWeight = { label, html: 0, css: 0, js: 0, files: new Map() };
    const pending: Array<Promise<void>> = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(server.url).origin || response.status() !== 200) return;
      const type = response.request().resourceType();
      pending.push(
        response.body().then((body) => {
          const size = gz(body);
          weight.files.set(url.pathname, size);
          if (type === "document") weight.html += size;
          else if (type === "stylesheet") weight.css += size;
          else if (type === "script" || url.pathname.endsWith(".js")) weight.js += size;
        }, () => {}),
      );
    });
    await page.goto(`${server.url}${pathname}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return weight;
  } finally {
    await browser.close();
  }
}

async function pageWeights(): Promise<PageWeight[]> {
  ensureBuild("build-bench");
  const server = await startDarnaServer("build-bench");
  try {
    const checkIn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + 34 * 86_400_000).toISOString().slice(0, 10);
    const stay = `checkIn=${checkIn}&checkOut=${checkOut}&adults=2`;
    const api = JSON.parse(await fetchText(`${server.url}/api/v1/properties?destination=Hammamet&type=villa&type=apartment&type=chalet`)) as {
      items: Array<{ id: number }>;
    };
    const propertyId = api.items[0]?.id;
    if (!propertyId) throw new Error("bench: the demo catalogue has no property in Hammamet");
    const pages: Array<[string, string]> = [
      ["/accommodation (Hammamet, dates, 2 adults)", `/accommodation?destination=Hammamet&${stay}`],
      ["/search-by-map (Hammamet, dates, 2 adults)", `/search-by-map?destination=Hammamet&${stay}`],
      [`/property-details/${propertyId} (with a quote)`, `/property-details/${propertyId}?${stay}`],
    ];
    const weights: PageWeight[] = [];
    for (const [label, pathname] of pages) {
      weights.push(await pageWeight(server, `${label}, JavaScript on`, pathname, true));
      weights.push(await pageWeight(server, `${label}, JavaScript off`, pathname, false));
    }
    // The map island: what the map page loads that the list page does not.
    const list = weights[0]!;
    const map = weights[2]!;
    const island: PageWeight = { label: "  of which the map island (Leaflet), map page only", html: 0, css: 0, js: 0, files: new Map() };
    for (const [file, size] of map.files) {
      if (list.files.has(file) || file.startsWith("/search-by-map")) continue;
      if (file.endsWith(".css")) island.css += size;
      else if (file.endsWith(".js")) island.js += size;
    }
    weights.splice(4, 0, island);
    return weights;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------

// BENCH_PARTS=db or =pages runs one half (both by default).
const parts = new Set((process.env.BENCH_PARTS ?? "db,pages").split(","));
const started = Date.now();
const timings = parts.has("db") ? await searchTimes() : [];
console.log(`\nsearch: city + dates (2–7 nights) + guests, through the search service; load average ${os.loadavg().map((v) => v.toFixed(1)).join(" ")}`);
console.log(
  table([
    ["database", "listings", "nights held", "load s", "sort", "searches", "p50 ms", "p95 ms", "p99 ms", "max ms", "mean found"],
    ...timings.flatMap((result) =>
      (
        [
          ["recommended", result.recommended, ""],
          ["price, low to high", result.byPrice, ""],
          ...(result.largerPool
            ? ([
                ["recommended", result.largerPool.recommended, `, ${result.largerPool.bufferPoolMb} MB pool`],
                ["price, low to high", result.largerPool.byPrice, `, ${result.largerPool.bufferPoolMb} MB pool`],
              ] as const)
            : []),
        ] as const
      ).map(([sort, timing, pool]) => [
        (result.dialect === "mysql" ? "MariaDB/MySQL" : "SQLite") + pool,
        String(result.listings),
        String(result.nights ?? "reused"),
        fixed(result.loadSeconds, 0),
        sort,
        String(timing.searches),
        fixed(timing.p50, 2),
        fixed(timing.p95, 2),
        fixed(timing.p99, 2),
        fixed(timing.max, 2),
        String(timing.meanResults),
      ]),
    ),
  ]),
);
for (const result of timings) {
  if (result.dialect !== "mysql") continue;
  const verdict = (p95: number) => (p95 <= 20 ? "meets" : "misses");
  console.log(`MariaDB/MySQL p95 ${fixed(result.recommended.p95, 2)} ms ${verdict(result.recommended.p95)} the 20 ms target (recommended order).`);
  if (result.largerPool) {
    const p95 = result.largerPool.recommended.p95;
    console.log(`With a ${result.largerPool.bufferPoolMb} MB buffer pool: p95 ${fixed(p95, 2)} ms ${verdict(p95)} it.`);
  }
  if (result.bufferPoolMb && result.dataMb && result.dataMb > result.bufferPoolMb) {
    console.log(
      `note: the database holds ${result.dataMb} MB, more than the server's ${result.bufferPoolMb} MB InnoDB buffer pool` +
        (result.largerPool ? "." : " (BENCH_MYSQL_BUFFER_POOL_MB=1536 also times the searches with a pool that holds it)."),
    );
  }
}

const weights = parts.has("pages") ? await pageWeights() : [];
if (weights.length > 0) console.log("\npage weight, gzip bytes (HTML + the CSS and JavaScript the page loads, map tiles excluded):");
if (weights.length > 0) console.log(
  table([
    ["page", "HTML", "CSS", "JS", "total"],
    ...weights.map((weight) => [weight.label, String(weight.html), String(weight.css), String(weight.js), String(weight.html + weight.css + weight.js)]),
  ]),
);
console.log(`\nbench: search bench done in ${fixed((Date.now() - started) / 1000, 0)} s`);
