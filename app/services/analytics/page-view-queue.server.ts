// Document page views off the request path (issue 18 point 8, ADR 232): entry.server.tsx queues
// the row in memory and answers; the queue is written in one multi-row INSERT every
// FLUSH_INTERVAL_MS, or as soon as FLUSH_ROWS rows wait, and on shutdown (server.ts calls
// flushPageViews through the build). A failed write is logged and dropped, like trackEvent's:
// analytics never fails or slows a page. A crash loses at most the last interval's views.
import type { CreationAttributes } from "sequelize";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { bucketsOf } from "./analytics-buckets";

const FLUSH_INTERVAL_MS = 1_000;
const FLUSH_ROWS = 200;

type PageViewRow = CreationAttributes<AnalyticsEvent>;

let queue: PageViewRow[] = [];
let timer: NodeJS.Timeout | null = null;
let writing: Promise<void> = Promise.resolve();

/** Queues a document request's page view (same row as recordPageView writes); never waits. */
export function queuePageView(request: Pick<Request, "url">, { userId = null, status }: { userId?: number | null; status?: number } = {}): void {
  const url = new URL(request.url);
  const path = (url.pathname + url.search).slice(0, 2048);
  const at = new Date();
  const properties: Record<string, unknown> = { source: "document" };
  if (status !== undefined) properties.status = status;
  queue.push({ ...bucketsOf("Page View", path, "document", at), createdAt: at, name: "Page View", path, userId, value: null, properties: JSON.stringify(properties) });
  if (queue.length >= FLUSH_ROWS) void flushPageViews();
  else timer ??= setTimeout(() => void flushPageViews(), FLUSH_INTERVAL_MS).unref();
}

/** Writes every queued page view now, in one INSERT; resolves when it (and any earlier write) is done. */
export function flushPageViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const rows = queue;
  queue = [];
  writing = writing.then(async () => {
    if (rows.length === 0) return;
    try {
      await AnalyticsEvent.bulkCreate(rows);
    } catch (error) {
      console.error(`analytics: could not record ${rows.length} page views`, error instanceof Error ? error.message : error);
    }
  });
  return writing;
}

/** How many page views wait to be written (tests). */
export function queuedPageViews(): number {
  return queue.length;
}
