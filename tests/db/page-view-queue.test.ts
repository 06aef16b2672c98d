// ADR 232 (issue 18 point 8): document page views are queued by entry.server.tsx and written in
// batches: nothing is written on the request path, a flush writes the whole queue in one INSERT
// (the same rows recordPageView writes), the timer flushes on its own, a full queue flushes at
// once, and a failed write is logged and dropped without throwing.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { recordPageView } from "~/services/analytics/analytics.server";
import { flushPageViews, queuePageView, queuedPageViews } from "~/services/analytics/page-view-queue.server";

beforeEach(async () => {
  await flushPageViews();
  await AnalyticsEvent.destroy({ where: {} });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const rows = async () =>
  (await AnalyticsEvent.findAll({ order: [["id", "ASC"]] })).map((row) => ({
    name: row.name,
    path: row.path,
    userId: row.userId,
    page: row.page,
    day: row.day,
    properties: JSON.parse(row.properties ?? "null"),
  }));

describe("page-view queue", () => {
  it("writes nothing until flushed, then every queued view in one INSERT, the same rows recordPageView writes", async () => {
    const bulk = vi.spyOn(AnalyticsEvent, "bulkCreate");
    const single = vi.spyOn(AnalyticsEvent, "create");
    queuePageView(new Request("http://localhost/fr/accommodation?page=2"), { status: 200 });
    queuePageView(new Request("http://localhost/no-such-page"), { userId: 42, status: 404 });
    queuePageView(new Request("http://localhost/property-details/3"), { status: 200 });
    expect(queuedPageViews()).toBe(3);
    expect(await AnalyticsEvent.count()).toBe(0);
    await flushPageViews();
    // One multi-row INSERT (bulkCreate), no row-by-row create.
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(bulk.mock.calls[0]![0]).toHaveLength(3);
    expect(single).not.toHaveBeenCalled();
    const queued = await rows();
    expect(queued.map((row) => [row.path, row.userId, row.page, row.properties])).toEqual([
      ["/fr/accommodation?page=2", null, "search", { source: "document", status: 200 }],
      ["/no-such-page", 42, "other", { source: "document", status: 404 }],
      ["/property-details/3", null, "property", { source: "document", status: 200 }],
    ]);
    await AnalyticsEvent.destroy({ where: {} });
    await recordPageView(new Request("http://localhost/fr/accommodation?page=2"), { status: 200 });
    const [direct] = await rows();
    expect({ ...direct }).toEqual({ ...queued[0] });
  });

  it("flushes on its own after the interval, and at once when 200 views wait", async () => {
    queuePageView(new Request("http://localhost/"));
    await vi.waitFor(async () => expect(await AnalyticsEvent.count()).toBe(1), { timeout: 3_000, interval: 50 });
    expect(queuedPageViews()).toBe(0);
    vi.useFakeTimers();
    for (let i = 0; i < 200; i++) queuePageView(new Request(`http://localhost/?n=${i}`));
    expect(queuedPageViews()).toBe(0);
    vi.useRealTimers();
    await flushPageViews();
    expect(await AnalyticsEvent.count()).toBe(201);
  });

  it("a failed write is logged and dropped, never thrown", async () => {
    vi.spyOn(AnalyticsEvent, "bulkCreate").mockRejectedValue(new Error("SQLITE_BUSY: database is locked"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    queuePageView(new Request("http://localhost/"));
    await expect(flushPageViews()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
    expect(queuedPageViews()).toBe(0);
  });
});
