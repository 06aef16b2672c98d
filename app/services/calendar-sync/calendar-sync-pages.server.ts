// The calendar page's "Calendar sync" section (/dashboard/calendrier/{id}): its data, and the
// actions of its forms (intent feed-add, feed-sync, feed-remove, export-regenerate). Plain form
// posts answered with a redirect and a toast, so it all works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { FEED_SOURCES, type FeedSource } from "~/domain/calendar-sync";
import { AddFeedSchema } from "~/schemas/calendar-sync";
import { exportLinks, regenerateExportToken, type ExportLink } from "~/services/calendar-sync/export.server";
import { addFeed, listConflicts, listFeeds, removeFeed, requireFeed, type FeedView } from "~/services/calendar-sync/feeds.server";
import { syncFeedNow } from "~/services/calendar-sync/sync.server";
import type { Actor } from "~/services/listings/listing-access.server";
import { isAppError } from "~/utils/app-error";
import { redirectWithToast } from "~/utils/toast.server";

export interface FeedRow extends Omit<FeedView, "lastSuccessAt" | "lastAttemptAt"> {
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
}

export interface CalendarSyncSection {
  exports: ExportLink[];
  feeds: FeedRow[];
  /** Sources without a feed yet (what the add form offers). */
  freeSources: FeedSource[];
  conflicts: Array<{ night: string; source: FeedSource; reference: string }>;
}

export function feedRow(feed: FeedView): FeedRow {
  return { ...feed, lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null, lastAttemptAt: feed.lastAttemptAt?.toISOString() ?? null };
}

export async function calendarSyncSection(actor: Actor, listingId: number, now: Date = new Date()): Promise<CalendarSyncSection> {
  const [exports, feeds, conflicts] = await Promise.all([exportLinks(actor, listingId), listFeeds(actor, listingId, now), listConflicts({ listingId }, now)]);
  const taken = new Set(feeds.map((feed) => feed.source));
  return {
    exports,
    feeds: feeds.map(feedRow),
    freeSources: FEED_SOURCES.filter((source) => !taken.has(source)),
    conflicts: conflicts.map((conflict) => ({ night: conflict.night, source: conflict.source, reference: conflict.reference })),
  };
}

export const CALENDAR_SYNC_INTENTS = ["feed-add", "feed-sync", "feed-remove", "export-regenerate"] as const;

export function isCalendarSyncIntent(value: unknown): boolean {
  return (CALENDAR_SYNC_INTENTS as readonly unknown[]).includes(value);
}

export type CalendarSyncActionData = { syncError: string; fields?: Record<string, string[]> };

/** Runs a section form's intent; answers a redirect with a toast, or the form's errors (400). */
export async function calendarSyncAction(actor: Actor, listingId: number, formData: FormData, backTo: string) {
  const intent = formData.get("intent");
  const feedId = Number(formData.get("feedId"));
  try {
    switch (intent) {
      case "feed-add": {
        const submission = parseWithZod(formData, { schema: AddFeedSchema });
        if (submission.status !== "success") {
          const fields = submission.error ?? {};
          const first = Object.values(fields).flat()[0] ?? "listing:errors.invalidUrl";
          return data<CalendarSyncActionData>({ syncError: first!, fields: fields as Record<string, string[]> }, { status: 400 });
        }
        const feed = await addFeed(actor, listingId, submission.value);
        // The first fetch runs at once: the host sees what it blocks (or why it failed).
        const view = await syncFeedNow(feed);
        return redirectWithToast(backTo, view.error ? { type: "error", message: "calendar-sync:toast.syncFailed" } : { type: "success", message: "calendar-sync:toast.feedAdded" });
      }
      case "feed-sync": {
        const feed = await requireFeed(actor, listingId, feedId);
        const view = await syncFeedNow(feed);
        return redirectWithToast(backTo, view.error ? { type: "error", message: "calendar-sync:toast.syncFailed" } : { type: "success", message: "calendar-sync:toast.synced" });
      }
      case "feed-remove":
        await removeFeed(actor, listingId, feedId);
        return redirectWithToast(backTo, { type: "success", message: "calendar-sync:toast.feedRemoved" });
      case "export-regenerate":
        await regenerateExportToken(actor, listingId, String(formData.get("unitKey") ?? ""));
        return redirectWithToast(backTo, { type: "success", message: "calendar-sync:toast.exportRegenerated" });
      default:
        return null;
    }
  } catch (error) {
    if (!isAppError(error) || error.status === 403) throw error;
    return data<CalendarSyncActionData>({ syncError: error.key }, { status: error.status });
  }
}
