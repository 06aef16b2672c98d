// The analytics dashboard's aggregates on a small known data set (issue 17 point 5, ADR 171):
// exact counts per day, the funnel and its conversions, week buckets, the SPEC.md §7 events, top
// destinations and the JavaScript-off share — and the rollup job: idempotent, and the same totals
// before the rollup, after it, and after raw page views are pruned.
import { QueryTypes } from "sequelize";
import { beforeEach, describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { getSequelize } from "~/db/sequelize.server";
import { tunisInstant } from "~/domain/stay-dates";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { trackEvent, type AnalyticsEventName } from "./analytics.server";
import { analyticsDashboard, type AnalyticsDashboard } from "./analytics-dashboard.server";
import { rollUpAnalytics, scheduleAnalyticsRollup } from "./analytics-rollup.server";

const PERIOD = { from: "2026-03-02", to: "2026-03-10" };

async function event(name: AnalyticsEventName, day: string, options: { path?: string; source?: string; value?: number; minutes?: number } = {}) {
  await trackEvent(name, {
    path: options.path ?? null,
    value: options.value ?? null,
    properties: options.source ? { source: options.source } : undefined,
    at: tunisInstant(day, options.minutes ?? 12 * 60),
  });
}
const view = (day: string, path: string, source = "document", minutes?: number) => event("Page View", day, { path, source, minutes });

/** The known data set: see the expectations below for what each row adds up to. */
async function loadKnownEvents() {
  // Monday 2 March: two searches for the same place (spelt differently), a property page, the home page.
  await view("2026-03-02", "/accommodation?destination=Hammamet");
  await view("2026-03-02", "/fr/accommodation?destination=%20hammamet%20");
  await view("2026-03-02", "/property-details/5", "navigation");
  await view("2026-03-02", "/");
  await event("Page Hydrated", "2026-03-02", { path: "/" });
  await event("Page Hydrated", "2026-03-02", { path: "/accommodation?destination=Hammamet" });
  await event("Created Account", "2026-03-02");
  await event("Booked Trip", "2026-03-02", { value: 300 });
  // Tuesday 3 March.
  await view("2026-03-03", "/search-by-map?destination=Sidi%20Bou%20Sa%C3%AFd", "navigation");
  await view("2026-03-03", "/property-details/5");
  await view("2026-03-03", "/property-details/6?checkIn=2026-04-01&checkOut=2026-04-03");
  await view("2026-03-03", "/es/property-details/7");
  await event("Page Hydrated", "2026-03-03", { path: "/property-details/5" });
  await event("Booked Trip", "2026-03-03", { value: 200 });
  await event("Completed Reservation", "2026-03-04", { value: 300 });
  // The next week.
  await view("2026-03-09", "/accommodation");
  await view("2026-03-09", "/property-details/9");
  await event("Booked Trip", "2026-03-09", { value: 500 });
  // 23:30 in Tunis on the 10th is 22:30 UTC: still the 10th.
  await view("2026-03-10", "/", "document", 23 * 60 + 30);
  await event("Reviewed Stay", "2026-03-10");
  await event("Requested Friend Trip", "2026-03-03");
  await event("Requested Friend Trip", "2026-03-09");
  await event("Booked Experience", "2026-03-04");
  // Outside the period: the day before and the day after (00:30 Tunis on the 11th is 23:30 UTC on the 10th).
  await view("2026-03-01", "/accommodation?destination=Tozeur");
  await event("Booked Trip", "2026-03-01", { value: 999 });
  await view("2026-03-11", "/accommodation?destination=Tozeur", "document", 30);
}

function expectKnownFigures(dashboard: AnalyticsDashboard) {
  expect(dashboard.pageViewsPerDay).toEqual([
    { day: "2026-03-02", views: 4 },
    { day: "2026-03-03", views: 4 },
    { day: "2026-03-04", views: 0 },
    { day: "2026-03-05", views: 0 },
    { day: "2026-03-06", views: 0 },
    { day: "2026-03-07", views: 0 },
    { day: "2026-03-08", views: 0 },
    { day: "2026-03-09", views: 2 },
    { day: "2026-03-10", views: 1 },
  ]);
  expect(dashboard.funnel).toEqual([
    { step: "search", count: 4, conversion: null },
    { step: "property", count: 5, conversion: 5 / 4 },
    { step: "booking", count: 3, conversion: 3 / 5 },
    { step: "paid", count: 1, conversion: 1 / 3 },
  ]);
  expect(dashboard.weeks).toEqual([
    { week: "2026-03-02", bookings: 2, bookingValue: 500, paid: 1, paidValue: 300 },
    { week: "2026-03-09", bookings: 1, bookingValue: 500, paid: 0, paidValue: 0 },
  ]);
  expect(dashboard.events).toEqual([
    { name: "Page View", count: 11 },
    { name: "Created Account", count: 1 },
    { name: "Created Establishment", count: 0 },
    { name: "Created Property", count: 0 },
    { name: "Booked Trip", count: 3 },
    { name: "Completed Reservation", count: 1 },
    { name: "Reviewed Stay", count: 1 },
    { name: "Requested Friend Trip", count: 2 },
    { name: "Booked Experience", count: 1 },
  ]);
  expect(dashboard.destinations).toEqual([
    { destination: "hammamet", searches: 2 },
    { destination: "sidi bou said", searches: 1 },
  ]);
  // 9 documents (the two navigations are not), 3 of which hydrated.
  expect(dashboard.javaScript).toEqual({ documents: 9, hydrated: 3, withoutJavaScript: 6, share: 6 / 9 });
}

async function tableRows(table: string) {
  return getSequelize().query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`, { type: QueryTypes.SELECT });
}

beforeEach(async () => {
  const sequelize = getSequelize();
  for (const table of ["analytics_events", "analytics_daily", "analytics_daily_destinations", "analytics_rollups"]) {
    await sequelize.query(`DELETE FROM ${table}`);
  }
});

describe("analytics dashboard aggregates", () => {
  it("counts the known events per day, funnel step, week, event, destination and JavaScript use", async () => {
    await loadKnownEvents();
    const dashboard = await analyticsDashboard(PERIOD);
    expect(dashboard.rolledUpTo).toBeNull();
    expectKnownFigures(dashboard);
  });

  it("counts a period's partial first week from its first day only, and answers zeros for an empty period", async () => {
    await loadKnownEvents();
    const partial = await analyticsDashboard({ from: "2026-03-03", to: "2026-03-03" });
    expect(partial.weeks).toEqual([{ week: "2026-03-02", bookings: 1, bookingValue: 200, paid: 0, paidValue: 0 }]);
    expect(partial.funnel.map((step) => step.count)).toEqual([1, 3, 1, 0]);
    const empty = await analyticsDashboard({ from: "2025-01-01", to: "2025-01-02" });
    expect(empty.funnel.map((step) => step.conversion)).toEqual([null, null, null, null]);
    expect(empty.javaScript.share).toBeNull();
    expect(empty.destinations).toEqual([]);
  });
});

describe("analytics rollup", () => {
  it("keeps every total equal through the rollup, a second run and the pruning of raw page views", async () => {
    await loadKnownEvents();
    const before = await analyticsDashboard(PERIOD);

    const first = await rollUpAnalytics(tunisInstant("2026-03-11", 10 * 60));
    // The 1st, 2nd, 3rd, 4th, 9th and 10th had events; the 11th is today and stays raw.
    expect(first).toEqual({ daysRolledUp: 6, pageViewsPruned: 0 });
    const daily = await tableRows("analytics_daily");
    const destinations = await tableRows("analytics_daily_destinations");
    const after = await analyticsDashboard(PERIOD);
    expect(after.rolledUpTo).toBe("2026-03-10");
    expect({ ...after, rolledUpTo: null }).toEqual(before);
    expectKnownFigures(after);

    // Again: nothing to do, nothing changes.
    expect(await rollUpAnalytics(tunisInstant("2026-03-11", 11 * 60))).toEqual({ daysRolledUp: 0, pageViewsPruned: 0 });
    expect(await tableRows("analytics_daily")).toEqual(daily);
    expect(await tableRows("analytics_daily_destinations")).toEqual(destinations);

    // The rolled-up days and the raw 11th together.
    const withToday = await analyticsDashboard({ from: "2026-03-10", to: "2026-03-11" });
    expect(withToday.pageViewsPerDay).toEqual([
      { day: "2026-03-10", views: 1 },
      { day: "2026-03-11", views: 1 },
    ]);
    expect(withToday.destinations).toEqual([{ destination: "tozeur", searches: 1 }]);

    // 90 days later the raw page views of the rolled-up days go; named events stay; totals hold.
    const later = await rollUpAnalytics(tunisInstant("2026-06-10", 10 * 60));
    expect(later).toEqual({ daysRolledUp: 1, pageViewsPruned: 13 });
    expect(await AnalyticsEvent.count({ where: { name: "Page View" } })).toBe(0); // the 11th was rolled up too
    expect(await AnalyticsEvent.count({ where: { name: "Booked Trip" } })).toBe(4);
    expectKnownFigures(await analyticsDashboard(PERIOD));
    expect((await analyticsDashboard({ from: "2026-03-01", to: "2026-03-11" })).events[0]).toEqual({ name: "Page View", count: 13 });
  });

  it("runs as a daily job on the job runner, which schedules the next day's run", async () => {
    await loadKnownEvents();
    await getSequelize().query("DELETE FROM jobs WHERE name = 'analytics-rollup'");
    await scheduleAnalyticsRollup("2026-03-11");
    await scheduleAnalyticsRollup("2026-03-11"); // one job per day
    expect(await runDueJobs({ now: tunisInstant("2026-03-11", 60) })).toBe(0); // due at 02:00
    expect(await runDueJobs({ now: tunisInstant("2026-03-11", 2 * 60 + 1) })).toBe(1);
    expect((await analyticsDashboard(PERIOD)).rolledUpTo).toBe("2026-03-10");
    const jobs = await getSequelize().query<{ unique_key: string; status: string }>(
      "SELECT unique_key, status FROM jobs WHERE name = 'analytics-rollup' ORDER BY id",
      { type: QueryTypes.SELECT },
    );
    expect(jobs).toEqual([
      { unique_key: "analytics-rollup:2026-03-11", status: "done" },
      { unique_key: "analytics-rollup:2026-03-12", status: "pending" },
    ]);
  });
});
