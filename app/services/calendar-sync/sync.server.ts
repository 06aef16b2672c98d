import { Op } from "sequelize";
import { CalendarFeed } from "~/db/models/calendar-feed.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { judgeCalendar, nextSyncAt, nightsFromEvents, type FeedErrorKey } from "~/domain/calendar-sync";
import { parseCalendar } from "~/domain/calendar-sync-ical";
import type { IsoDate } from "~/domain/stay-dates";
import { applyFeedNights, type AppliedNights } from "~/services/calendar-sync/apply-nights.server";
import { sendConflictEmail } from "~/services/calendar-sync/conflict-email.server";
import { createFeedFetcher, type FeedFetcher } from "~/services/calendar-sync/feed-fetcher.server";
import { feedViews, type FeedView } from "~/services/calendar-sync/feeds.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { env } from "~/utils/env.server";

// One sync of a feed: read it (an iCal URL through the fetcher, or the channel manager's
// bookings), and either apply its nights or change nothing and record why. Every outcome sets
// the feed's last attempt and next sync (backoff after failures). The "calendar-sync:tick" job
// of the database-backed runner syncs the feeds that are due, once across instances.

export type FeedReading = { ok: true; nights: IsoDate[]; eventCount: number } | { ok: false; error: FeedErrorKey; detail: string };

/** How a feed's nights are read: iCal feeds by default; the channel manager registers its own. */
export type FeedReader = (feed: CalendarFeed, now: Date) => Promise<FeedReading>;

export interface SyncDependencies {
  fetcher?: FeedFetcher;
  channelManagerReader?: FeedReader;
}

let channelManagerReader: FeedReader | null = null;

/** Set by the channel-manager service when it loads (it reads bookings from the provider). */
export function registerChannelManagerReader(reader: FeedReader): void {
  channelManagerReader = reader;
}

export function icalReader(fetcher: FeedFetcher): FeedReader {
  return async (feed, now) => {
    if (!feed.url) return { ok: false, error: "unreachable", detail: "no URL" };
    const answer = await fetcher.fetch(feed.url);
    if (!answer.ok) return answer;
    const parsed = parseCalendar(answer.body);
    if (!parsed.ok) return { ok: false, error: "notCalendar", detail: answer.body.slice(0, 80).replace(/\s+/g, " ") };
    return { ok: true, nights: nightsFromEvents(parsed.events, now), eventCount: parsed.events.length };
  };
}

export interface SyncOutcome {
  ok: boolean;
  applied: AppliedNights | null;
}

/** Syncs one feed now. A failure is recorded on the feed (never thrown): nothing else changes. */
export async function syncFeed(feed: CalendarFeed, now: Date = new Date(), dependencies: SyncDependencies = {}): Promise<SyncOutcome> {
  const minutes = env.calendarSyncMinutes;
  const reader =
    feed.source === "channel-manager"
      ? (dependencies.channelManagerReader ?? channelManagerReader)
      : icalReader(dependencies.fetcher ?? createFeedFetcher());
  let reading: FeedReading;
  try {
    reading = reader ? await reader(feed, now) : { ok: false, error: "channelManager", detail: "no channel manager" };
  } catch (error) {
    reading = { ok: false, error: "unreachable", detail: error instanceof Error ? error.message : String(error) };
  }
  if (reading.ok) {
    const verdict = judgeCalendar(reading, feed.lastNightCount);
    if (!verdict.accept) reading = { ok: false, error: verdict.error!, detail: "no event where the last fetch had nights" };
  }
  if (!reading.ok) {
    const failures = feed.failures + 1;
    await CalendarFeed.update(
      {
        lastAttemptAt: now,
        lastError: reading.error,
        lastErrorDetail: reading.detail.slice(0, 500),
        failures,
        nextSyncAt: nextSyncAt(now, failures, minutes),
      },
      { where: { id: feed.id } },
    );
    return { ok: false, applied: null };
  }
  const applied = await applyFeedNights(feed, reading.nights, now);
  await CalendarFeed.update(
    {
      lastAttemptAt: now,
      lastSuccessAt: now,
      lastError: null,
      lastErrorDetail: null,
      failures: 0,
      nextSyncAt: nextSyncAt(now, 0, minutes),
      lastNightCount: reading.nights.length,
    },
    { where: { id: feed.id } },
  );
  if (applied.newConflicts.length > 0) await notifyConflicts(feed, applied.newConflicts);
  return { ok: true, applied };
}

async function notifyConflicts(feed: CalendarFeed, conflicts: AppliedNights["newConflicts"]): Promise<void> {
  const listing = await Listing.findByPk(feed.listingId, { attributes: ["id", "title", "hostId"] });
  const host = listing ? await User.findByPk(listing.hostId) : null;
  if (listing && host) await sendConflictEmail(host, listing, feed.source, conflicts.map((conflict) => conflict.night));
}

/** "Sync now": syncs the feed and answers its state. */
export async function syncFeedNow(feed: CalendarFeed, now: Date = new Date(), dependencies: SyncDependencies = {}): Promise<FeedView> {
  await syncFeed(feed, now, dependencies);
  const fresh = await CalendarFeed.findByPk(feed.id);
  const [view] = await feedViews([fresh ?? feed], now);
  return view!;
}

/** Syncs every feed whose next sync is due (at most `limit`, the longest-waiting first). */
export async function syncDueFeeds(now: Date = new Date(), dependencies: SyncDependencies = {}, limit = 50): Promise<number> {
  const due = await CalendarFeed.findAll({
    where: { [Op.or]: [{ nextSyncAt: null }, { nextSyncAt: { [Op.lte]: now } }] },
    order: [["nextSyncAt", "ASC"], ["id", "ASC"]],
    limit,
  });
  for (const feed of due) await syncFeed(feed, now, dependencies);
  return due.length;
}

export const SYNC_TICK_JOB = "calendar-sync:tick";

/**
 * The next tick of the sync, one per period: its unique key is the period's start, so however
 * many instances schedule it, the row exists once, and a restart finds it in the database.
 */
export async function scheduleSyncTick(now: Date = new Date()): Promise<void> {
  const period = env.calendarSyncMinutes * 60_000;
  const runAt = new Date(Math.floor(now.getTime() / period) * period + period);
  await enqueueJob(SYNC_TICK_JOB, null, { runAt, uniqueKey: `${SYNC_TICK_JOB}:${runAt.toISOString()}`, maxAttempts: 1 });
}

registerJobHandler(SYNC_TICK_JOB, async (_payload, { now }) => {
  // The next tick is scheduled first, so a failing sync never stops the clock.
  await scheduleSyncTick(now);
  await syncDueFeeds(now);
});
