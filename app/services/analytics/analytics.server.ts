import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { bucketsOf } from "./analytics-buckets";

/** The named events of SPEC.md §7, plus page views. */
export const ANALYTICS_EVENTS = [
  "Page View",
  "Created Account",
  "Created Establishment",
  "Created Property",
  "Completed Reservation",
  "Booked Trip",
  "Reviewed Stay",
  // Issue 21 point 8: a Friend Trip request sent (free) or started (paid).
  "Requested Friend Trip",
  // Issue 21 point 8: a traveler booked places on an experience slot (ADR 182).
  "Booked Experience",
  // Not in SPEC.md §7: sent once by a page that hydrated, to tell visits with JavaScript from
  // visits without (ADR 171).
  "Page Hydrated",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export interface TrackOptions {
  userId?: number | null;
  path?: string | null;
  /** Rounded to a whole number, as SPEC.md asks for "Completed Reservation". */
  value?: number | null;
  properties?: Record<string, unknown>;
  /** When it happened (now by default). */
  at?: Date;
}

/** Records one first-party analytics event. Analytics never breaks a page: failures are logged. */
export async function trackEvent(name: AnalyticsEventName, options: TrackOptions = {}): Promise<void> {
  try {
    const at = options.at ?? new Date();
    const path = options.path?.slice(0, 2048) ?? null;
    const source = typeof options.properties?.source === "string" ? options.properties.source : null;
    await AnalyticsEvent.create({
      ...bucketsOf(name, path, source, at),
      createdAt: at,
      name,
      path,
      userId: options.userId ?? null,
      value: typeof options.value === "number" && Number.isFinite(options.value) ? Math.round(options.value) : null,
      properties: options.properties ? JSON.stringify(options.properties) : null,
    });
  } catch (error) {
    console.error(`analytics: could not record "${name}"`, error instanceof Error ? error.message : error);
  }
}

/**
 * A document request's page view (entry.server.tsx, for every GET document, whatever its status:
 * a not-found page is a page view too, as it is when reached by a client navigation).
 */
export async function recordPageView(
  request: Request,
  { userId = null, status }: { userId?: number | null; status?: number } = {},
): Promise<void> {
  const url = new URL(request.url);
  const properties: Record<string, unknown> = { source: "document" };
  if (status !== undefined) properties.status = status;
  await trackEvent("Page View", { path: url.pathname + url.search, userId, properties });
}

/**
 * A client-side navigation's page view, reported by the browser after hydration
 * (PageViewReporter → POST /api/v1/analytics/page-view). `path` is a local path with its query.
 */
export async function recordNavigationPageView(path: string, userId: number | null = null): Promise<void> {
  await trackEvent("Page View", { path, userId, properties: { source: "navigation" } });
}

/** Sent once by a page after it hydrated (PageViewReporter): what the JavaScript-off share is measured against. */
export async function recordHydration(path: string, userId: number | null = null): Promise<void> {
  await trackEvent("Page Hydrated", { path, userId });
}
