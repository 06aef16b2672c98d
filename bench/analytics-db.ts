// One dialect of the analytics bench (run by analytics.bench.ts in its own process, with
// DATABASE_URL set to a temporary SQLite file or a temporary MariaDB database): migrates, bulk-loads
// BENCH_ANALYTICS_EVENTS events (default 1,000,000) spread over the year before today plus a
// few thousand today, times the dashboard on the raw events, runs the rollup job's work (which
// prunes page views older than 90 days), then times the dashboard again, and prints one JSON line.
import mysql from "mysql2/promise";
import { QueryTypes } from "sequelize";
import { migrate } from "~/db/migrator.server";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import { bucketsOf } from "~/services/analytics/analytics-buckets";
import { analyticsDashboard, type AnalyticsPeriod } from "~/services/analytics/analytics-dashboard.server";
import { rollUpAnalytics } from "~/services/analytics/analytics-rollup.server";
import { percentile } from "./lib/stats";

const EVENTS = Math.max(10_000, Math.min(Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000) || 1_000_000, 5_000_000));
const TODAY_EVENTS = 3_000;
const RUNS = Math.max(3, Math.min(Number(process.env.BENCH_ANALYTICS_RUNS ?? 15) || 15, 200));
const BATCH = 5_000;

// A fixed seed: every run loads the same data.
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(20_261_126);

const CITIES = ["Hammamet", "Sousse", "Djerba", "Tunis", "Monastir", "La Marsa", "Nabeul", "Mahdia", "Sidi Bou Saïd", "Tabarka", "Kélibia", "Bizerte", "Tozeur", "Kairouan", "Sfax", "Gammarth", "Port El Kantaoui", "Zarzis", "Douz", "Aïn Draham"];
const CITY_WEIGHTS = CITIES.map((_, rank) => 1 / Math.pow(rank + 1, 0.8));
const CITY_SUM = CITY_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
function city(): string {
  let target = random() * CITY_SUM;
  for (let index = 0; index < CITIES.length; index += 1) {
    target -= CITY_WEIGHTS[index]!;
    if (target <= 0) return CITIES[index]!;
  }
  return CITIES[0]!;
}

/** One event as the site writes it: a name, a path and its source for page views, a value for bookings. */
function randomEvent(): { name: string; path: string | null; source: string | null; value: number | null } {
  const draw = random();
  // 62 % page views (58 % of them documents), 34 % hydration beacons, 4 % named events.
  if (draw < 0.62) {
    const source = random() < 0.58 ? "document" : "navigation";
    const kind = random();
    const lang = ["", "/fr", "/es"][Math.floor(random() * 3)]!;
    const path =
      kind < 0.25
        ? `${lang}/accommodation${random() < 0.8 ? `?destination=${encodeURIComponent(city())}` : ""}`
        : kind < 0.55
          ? `${lang}/property-details/${1 + Math.floor(random() * 5_000)}`
          : `${lang}/${["", "favorites", "profile", "messages", "host"][Math.floor(random() * 5)]}`;
    return { name: "Page View", path, source, value: null };
  }
  if (draw < 0.96) return { name: "Page Hydrated", path: "/", source: null, value: null };
  const named = random();
  if (named < 0.4) return { name: "Booked Trip", path: null, source: null, value: 150 + Math.floor(random() * 1_500) };
  if (named < 0.65) return { name: "Completed Reservation", path: null, source: null, value: 150 + Math.floor(random() * 1_500) };
  if (named < 0.9) return { name: "Created Account", path: null, source: null, value: null };
  if (named < 0.95) return { name: "Reviewed Stay", path: null, source: null, value: null };
  return { name: random() < 0.7 ? "Created Property" : "Created Establishment", path: null, source: null, value: null };
}

function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

const COLUMNS = ["name", "path", "user_id", "value", "properties", "created_at", "day", "week", "page", "source", "destination"];

async function load(exec: (sql: string) => Promise<void>, today: string, mysqlTime: boolean) {
  let rows: string[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const sql = `INSERT INTO analytics_events (${COLUMNS.join(",")}) VALUES ${rows.join(",")}`;
    rows = [];
    await exec(sql);
  };
  const first = tunisInstant(addDays(today, -365)).getTime();
  const todayStart = tunisInstant(today).getTime();
  const add = async (at: Date) => {
    const event = randomEvent();
    const buckets = bucketsOf(event.name, event.path, event.source, at);
    const iso = at.toISOString();
    const createdAt = mysqlTime ? iso.slice(0, 19).replace("T", " ") : `${iso.slice(0, 23).replace("T", " ")} +00:00`;
    const properties = event.source ? JSON.stringify({ source: event.source, ...(event.source === "document" ? { status: 200 } : {}) }) : null;
    rows.push(
      `(${[event.name, event.path, null, event.value, properties, createdAt, buckets.day, buckets.week, buckets.page, buckets.source, buckets.destination].map(literal).join(",")})`,
    );
    if (rows.length >= BATCH) await flush();
  };
  // In time order, as they arrive.
  for (let index = 0; index < EVENTS; index += 1) await add(new Date(first + Math.floor(((todayStart - first) * index) / EVENTS)));
  for (let index = 0; index < TODAY_EVENTS; index += 1) await add(new Date(todayStart + Math.floor((8 * 3_600_000 * index) / TODAY_EVENTS)));
  await flush();
}

async function time(period: AnalyticsPeriod): Promise<{ p50: number; max: number; runs: number }> {
  await analyticsDashboard(period); // warm-up
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await analyticsDashboard(period);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), max: samples[samples.length - 1]!, runs: samples.length };
}

await migrate();
const sequelize = getSequelize();
const dialect = currentDialect();
const now = new Date();
const today = dateInTunis(now);

let started = performance.now();
if (dialect === "mysql") {
  const connection = await mysql.createConnection({ uri: process.env.DATABASE_URL! });
  // The secondary indexes are built once after loading (one sorted build instead of a million random inserts).
  await connection.query("ALTER TABLE analytics_events DROP INDEX analytics_events_day_buckets, DROP INDEX analytics_events_day_destination, DROP INDEX analytics_events_name_created_at");
  await load(async (sql) => void (await connection.query(sql)), today, true);
  await connection.query(
    "ALTER TABLE analytics_events ADD INDEX analytics_events_name_created_at (name, created_at), ADD INDEX analytics_events_day_buckets (day, name, page, source, value), ADD INDEX analytics_events_day_destination (day, destination)",
  );
  await connection.query("ANALYZE TABLE analytics_events");
  await connection.end();
} else {
  await sequelize.query("PRAGMA synchronous = OFF");
  await load(async (sql) => void (await sequelize.query(sql)), today, false);
  await sequelize.query("ANALYZE");
}
const loadSeconds = (performance.now() - started) / 1000;

const year = { from: addDays(today, -364), to: today };
const month = { from: addDays(today, -29), to: today };
// Before any rollup every figure comes from raw events (fewer runs: it is the slow path).
started = performance.now();
const rawYear = await analyticsDashboard(year);
const rawYearMs = performance.now() - started;

started = performance.now();
const rollup = await rollUpAnalytics(now);
const rollupSeconds = (performance.now() - started) / 1000;
const [{ rawRows }] = await sequelize.query<{ rawRows: number }>("SELECT COUNT(*) AS rawRows FROM analytics_events", { type: QueryTypes.SELECT });
const [{ dailyRows }] = await sequelize.query<{ dailyRows: number }>("SELECT COUNT(*) AS dailyRows FROM analytics_daily", { type: QueryTypes.SELECT });
const rolledYear = await analyticsDashboard(year);
// The rollup must not change a figure.
const same = JSON.stringify({ ...rawYear, rolledUpTo: null }) === JSON.stringify({ ...rolledYear, rolledUpTo: null });

const yearTiming = await time(year);
const monthTiming = await time(month);
console.log(
  "BENCH_RESULT " +
    JSON.stringify({
      dialect,
      events: EVENTS + TODAY_EVENTS,
      loadSeconds,
      rawYearMs,
      rollupSeconds,
      daysRolledUp: rollup.daysRolledUp,
      pageViewsPruned: rollup.pageViewsPruned,
      rawRowsLeft: Number(rawRows),
      dailyRows: Number(dailyRows),
      same,
      year: yearTiming,
      month: monthTiming,
    }),
);
await sequelize.close();
