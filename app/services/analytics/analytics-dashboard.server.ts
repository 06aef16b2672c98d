// The operator's analytics dashboard (issue 17 point 5, ADR 171): SQL aggregates over the daily
// rollups (days up to the last rolled-up day) and the raw events after it, for a period of Tunis
// days [from, to]. Each query groups on plain bucket columns (day, week, name, page, source), so
// the same SQL runs on SQLite and MariaDB, served by the indexes of migration 0185.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { addDays, toDayNumber, type IsoDate } from "~/domain/stay-dates";
import { weekOf } from "./analytics-buckets";

/** The SPEC.md §7 events the dashboard counts (page views included). */
export const SPEC_EVENTS = [
  "Page View",
  "Created Account",
  "Created Establishment",
  "Created Property",
  "Booked Trip",
  "Completed Reservation",
  "Reviewed Stay",
  // Issue 21 point 8 (ADR 184): Friend Trip requests and experience bookings.
  "Requested Friend Trip",
  "Booked Experience",
] as const;

export const FUNNEL_STEPS = ["search", "property", "booking", "paid"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface AnalyticsPeriod {
  from: IsoDate;
  /** Inclusive. */
  to: IsoDate;
}

export interface AnalyticsDashboard {
  period: AnalyticsPeriod;
  /** The last day read from the rollups (later days come from raw events); null before any rollup. */
  rolledUpTo: IsoDate | null;
  pageViewsPerDay: Array<{ day: IsoDate; views: number }>;
  /** conversion: this step ÷ the step before (null for the first step or when the step before is 0). */
  funnel: Array<{ step: FunnelStep; count: number; conversion: number | null }>;
  /** Weeks (Monday) that meet the period; only the period's days are counted. Values in whole TND. */
  weeks: Array<{ week: IsoDate; bookings: number; bookingValue: number; paid: number; paidValue: number }>;
  events: Array<{ name: (typeof SPEC_EVENTS)[number]; count: number }>;
  destinations: Array<{ destination: string; searches: number }>;
  /** documents: page views served as documents; hydrated: pages whose JavaScript started. */
  javaScript: { documents: number; hydrated: number; withoutJavaScript: number; share: number | null };
}

const TOP_DESTINATIONS = 10;

type Row = Record<string, string | number | null>;

/**
 * Sums a rollup SELECT and the matching raw SELECT (both grouped by `keys`) into one result,
 * grouped again by `keys`. `rolled` reads analytics_daily-like tables for days ≤ the watermark,
 * `raw` reads analytics_events for the days after it.
 */
async function aggregate(
  sql: { rolled: string; raw: string; keys: string; sums?: string[]; order?: string; limit?: number },
  replacements: Record<string, unknown>,
) {
  const sums = sql.sums ?? ["n"];
  const query =
    `SELECT ${sql.keys}, ${sums.map((column) => `SUM(${column}) AS ${column}`).join(", ")} FROM (` +
    `${sql.rolled} UNION ALL ${sql.raw}) parts GROUP BY ${sql.keys}` +
    (sql.order ? ` ORDER BY ${sql.order}` : "") +
    (sql.limit ? ` LIMIT ${sql.limit}` : "");
  return getSequelize().query<Row>(query, { type: QueryTypes.SELECT, replacements });
}

const num = (value: unknown) => Number(value ?? 0);

export async function analyticsDashboard(period: AnalyticsPeriod): Promise<AnalyticsDashboard> {
  const sequelize = getSequelize();
  const [mark] = await sequelize.query<{ day: string | null }>("SELECT MAX(day) AS day FROM analytics_rollups", { type: QueryTypes.SELECT });
  const rolledUpTo = mark?.day ?? null;
  // Rollups for from … min(to, watermark); raw events for the days after the watermark.
  const replacements = { from: period.from, to: period.to, mark: rolledUpTo ?? "" };
  const rolledDays = "day >= :from AND day <= :to AND day <= :mark";
  const rawDays = "day >= :from AND day <= :to AND day > :mark";

  const perDay = await aggregate(
    {
      keys: "day",
      rolled: `SELECT day, SUM(events) AS n FROM analytics_daily WHERE ${rolledDays} AND name = 'Page View' GROUP BY day`,
      raw: `SELECT day, COUNT(*) AS n FROM analytics_events WHERE ${rawDays} AND name = 'Page View' GROUP BY day`,
    },
    replacements,
  );
  const totals = await aggregate(
    {
      keys: "name, page, source",
      rolled: `SELECT name, page, source, SUM(events) AS n FROM analytics_daily WHERE ${rolledDays} GROUP BY name, page, source`,
      raw:
        `SELECT name, COALESCE(page, '') AS page, COALESCE(source, '') AS source, COUNT(*) AS n FROM analytics_events ` +
        `WHERE ${rawDays} GROUP BY name, COALESCE(page, ''), COALESCE(source, '')`,
    },
    replacements,
  );
  const weekly = await aggregate(
    {
      keys: "week, name",
      sums: ["n", "v"],
      rolled:
        `SELECT week, name, SUM(events) AS n, SUM(value_sum) AS v FROM analytics_daily ` +
        `WHERE ${rolledDays} AND name IN ('Booked Trip', 'Completed Reservation') GROUP BY week, name`,
      raw:
        `SELECT week, name, COUNT(*) AS n, COALESCE(SUM(value), 0) AS v FROM analytics_events ` +
        `WHERE ${rawDays} AND name IN ('Booked Trip', 'Completed Reservation') GROUP BY week, name`,
    },
    replacements,
  );
  const destinations = await aggregate(
    {
      keys: "destination",
      rolled: `SELECT destination, SUM(searches) AS n FROM analytics_daily_destinations WHERE ${rolledDays} GROUP BY destination`,
      raw:
        `SELECT destination, COUNT(*) AS n FROM analytics_events WHERE ${rawDays} AND name = 'Page View' ` +
        `AND page = 'search' AND destination IS NOT NULL GROUP BY destination`,
      order: "n DESC, destination",
      limit: TOP_DESTINATIONS,
    },
    replacements,
  );

  const count = (match: (row: Row) => boolean) => totals.filter(match).reduce((sum, row) => sum + num(row.n), 0);
  const funnelCounts: Record<FunnelStep, number> = {
    search: count((row) => row.name === "Page View" && row.page === "search"),
    property: count((row) => row.name === "Page View" && row.page === "property"),
    booking: count((row) => row.name === "Booked Trip"),
    paid: count((row) => row.name === "Completed Reservation"),
  };
  const documents = count((row) => row.name === "Page View" && row.source === "document");
  const hydrated = count((row) => row.name === "Page Hydrated");
  const withoutJavaScript = Math.max(0, documents - hydrated);

  const views = new Map(perDay.map((row) => [String(row.day), num(row.n)]));
  const weeks = new Map<string, AnalyticsDashboard["weeks"][number]>();
  for (let week = weekOf(period.from); week <= period.to; week = addDays(week, 7)) {
    weeks.set(week, { week, bookings: 0, bookingValue: 0, paid: 0, paidValue: 0 });
  }
  for (const row of weekly) {
    const entry = weeks.get(String(row.week));
    if (!entry) continue;
    if (row.name === "Booked Trip") Object.assign(entry, { bookings: num(row.n), bookingValue: num(row.v) });
    else Object.assign(entry, { paid: num(row.n), paidValue: num(row.v) });
  }

  return {
    period,
    rolledUpTo,
    pageViewsPerDay: daysOf(period).map((day) => ({ day, views: views.get(day) ?? 0 })),
    funnel: FUNNEL_STEPS.map((step, index) => {
      const previous = index === 0 ? 0 : funnelCounts[FUNNEL_STEPS[index - 1]!];
      return { step, count: funnelCounts[step], conversion: index === 0 || previous === 0 ? null : funnelCounts[step] / previous };
    }),
    weeks: [...weeks.values()],
    events: SPEC_EVENTS.map((name) => ({ name, count: count((row) => row.name === name) })),
    destinations: destinations.map((row) => ({ destination: String(row.destination), searches: num(row.n) })),
    javaScript: { documents, hydrated, withoutJavaScript, share: documents === 0 ? null : withoutJavaScript / documents },
  };
}

function daysOf({ from, to }: AnalyticsPeriod): IsoDate[] {
  const days: IsoDate[] = [];
  for (let offset = 0; offset <= toDayNumber(to) - toDayNumber(from); offset += 1) days.push(addDays(from, offset));
  return days;
}
