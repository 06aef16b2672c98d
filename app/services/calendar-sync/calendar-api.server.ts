// The calendar-sync and channel-manager API answers (/api/v1/host/listings/{id}/calendars…,
// /api/v1/host/channel-manager…): the shapes of app/schemas/calendar-sync.ts, errors translated.
import type { z } from "zod";
import type { CalendarsResponseSchema, FeedStateSchema } from "~/schemas/calendar-sync";
import { exportLinks } from "~/services/calendar-sync/export.server";
import { listFeeds, type FeedView } from "~/services/calendar-sync/feeds.server";
import type { Actor } from "~/services/listings/listing-access.server";

type Translate = (key: string) => string;

export function feedStateBody(feed: FeedView, t: Translate): z.output<typeof FeedStateSchema> {
  return {
    id: feed.id,
    source: feed.source,
    url: feed.url,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    lastAttemptAt: feed.lastAttemptAt?.toISOString() ?? null,
    error: feed.error ? t(feed.error) : null,
    blockedNights: feed.blockedNights,
    stale: feed.stale,
  };
}

/** GET /api/v1/host/listings/{id}/calendars: the first export URL (the listing, or its first room) and the feeds. */
export async function apiCalendars(actor: Actor, listingId: number, t: Translate): Promise<z.output<typeof CalendarsResponseSchema>> {
  const feeds = await listFeeds(actor, listingId);
  const exports = await exportLinks(actor, listingId);
  return { exportUrl: exports[0]?.url ?? "", feeds: feeds.filter((feed) => feed.source !== "channel-manager").map((feed) => feedStateBody(feed, t)) };
}
