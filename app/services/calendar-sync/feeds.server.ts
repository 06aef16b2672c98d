import { Op, QueryTypes, type Transaction } from "sequelize";
import { CalendarFeed } from "~/db/models/calendar-feed.server";
import { CalendarFeedNight } from "~/db/models/calendar-feed-night.server";
import { Listing } from "~/db/models/listing.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { getSequelize } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { isFeedStale, type FeedSource, type ImportSource } from "~/domain/calendar-sync";
import { dateInTunis, type IsoDate } from "~/domain/stay-dates";
import type { AddFeedInput } from "~/schemas/calendar-sync";
import { handOver } from "~/services/calendar-sync/apply-nights.server";
import { loadManagedListing, type Actor } from "~/services/listings/listing-access.server";
import { AppError } from "~/utils/app-error";

// A listing's imported calendars: up to one feed per source (Airbnb, Booking.com, other), added
// in the wizard's sync step, on the calendar page or through the API. The listing's three
// calendar-link columns (the wizard's fields) mirror the feeds' URLs.

const LINK_COLUMNS = {
  airbnb: "calendarUrlAirbnb",
  booking: "calendarUrlBooking",
  other: "calendarUrlChannelManager",
} as const satisfies Record<ImportSource, keyof Listing>;

export interface FeedView {
  id: number;
  source: FeedSource;
  url: string | null;
  propertyKey: string | null;
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  /** calendar-sync:feedErrors.<key>, or null after a good fetch. */
  error: string | null;
  errorDetail: string | null;
  blockedNights: number;
  stale: boolean;
}

export interface FeedConflict {
  feedId: number;
  source: FeedSource;
  night: IsoDate;
  reservationId: number;
  reference: string;
  listingId: number;
  listingTitle: string;
}

/** The listing if the actor runs its calendar: its host, an operator or a co-host (ADR 147). */
export async function requireFeedListing(actor: Actor, listingId: number): Promise<Listing> {
  return loadManagedListing(actor, listingId);
}

export function feedErrorKey(error: string | null): string | null {
  return error ? `calendar-sync:feedErrors.${error}` : null;
}

/** How many nights from today on each feed blocks. */
async function blockedCounts(feedIds: number[], now: Date): Promise<Map<number, number>> {
  if (feedIds.length === 0) return new Map();
  const rows = await getSequelize().query<{ calendar_feed_id: number; count: number | string }>(
    "SELECT calendar_feed_id, COUNT(*) AS count FROM reservation_nights WHERE calendar_feed_id IN (:feedIds) AND night >= :today GROUP BY calendar_feed_id",
    { replacements: { feedIds, today: dateInTunis(now) }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [Number(row.calendar_feed_id), Number(row.count)]));
}

export async function feedViews(feeds: CalendarFeed[], now: Date): Promise<FeedView[]> {
  const counts = await blockedCounts(
    feeds.map((feed) => feed.id),
    now,
  );
  return feeds.map((feed) => ({
    id: feed.id,
    source: feed.source,
    url: feed.url,
    propertyKey: feed.propertyKey,
    lastSuccessAt: feed.lastSuccessAt,
    lastAttemptAt: feed.lastAttemptAt,
    error: feedErrorKey(feed.lastError),
    errorDetail: feed.lastErrorDetail,
    blockedNights: counts.get(feed.id) ?? 0,
    stale: isFeedStale(feed, now),
  }));
}

const SOURCE_ORDER: Record<FeedSource, number> = { airbnb: 0, booking: 1, other: 2, "channel-manager": 3 };

/** The listing's feeds (the channel-manager link included), Airbnb first. */
export async function listFeeds(actor: Actor, listingId: number, now: Date = new Date()): Promise<FeedView[]> {
  await requireFeedListing(actor, listingId);
  const feeds = await CalendarFeed.findAll({ where: { listingId } });
  feeds.sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source]);
  return feedViews(feeds, now);
}

export async function requireFeed(actor: Actor, listingId: number, feedId: number): Promise<CalendarFeed> {
  await requireFeedListing(actor, listingId);
  const feed = Number.isSafeInteger(feedId) ? await CalendarFeed.findOne({ where: { id: feedId, listingId } }) : null;
  if (!feed) throw new AppError(404, "calendar-sync:errors.feedNotFound");
  return feed;
}

async function upsertFeed(listingId: number, source: ImportSource, url: string, now: Date, transaction: Transaction): Promise<CalendarFeed> {
  const existing = await CalendarFeed.findOne({ where: { listingId, source }, transaction });
  if (existing) {
    if (existing.url !== url) {
      // A new URL starts afresh: its first fetch decides what it blocks.
      existing.set({ url, lastSuccessAt: null, lastAttemptAt: null, lastError: null, lastErrorDetail: null, failures: 0, nextSyncAt: now, lastNightCount: 0 });
      await existing.save({ transaction });
    }
    return existing;
  }
  return CalendarFeed.create({ listingId, source, url, nextSyncAt: now }, { transaction });
}

/** Adds (or re-points) the listing's feed of `source`. */
export async function addFeed(actor: Actor, listingId: number, input: AddFeedInput, now: Date = new Date()): Promise<CalendarFeed> {
  const listing = await requireFeedListing(actor, listingId);
  return writeTransaction(async (transaction) => {
    const feed = await upsertFeed(listingId, input.source, input.url, now, transaction);
    await Listing.update({ [LINK_COLUMNS[input.source]]: input.url }, { where: { id: listing.id }, transaction });
    return feed;
  });
}

/** Deletes a feed in one transaction: its nights are freed (or handed to another feed that lists them). */
async function deleteFeedRows(feed: CalendarFeed, now: Date, transaction: Transaction): Promise<number> {
  const owned = await ReservationNight.findAll({ attributes: ["night"], where: { calendarFeedId: feed.id }, transaction });
  const freed = owned.map((row) => String(row.night).slice(0, 10)).filter((night) => night >= dateInTunis(now));
  await ReservationNight.destroy({ where: { calendarFeedId: feed.id }, transaction });
  await CalendarFeedNight.destroy({ where: { feedId: feed.id }, transaction });
  await feed.destroy({ transaction });
  await handOver(feed.listingId, null, freed, new Map(), now, transaction);
  return owned.length;
}

export async function removeFeed(actor: Actor, listingId: number, feedId: number, now: Date = new Date()): Promise<void> {
  const feed = await requireFeed(actor, listingId, feedId);
  if (feed.source === "channel-manager") throw new AppError(404, "calendar-sync:errors.feedNotFound");
  await writeTransaction(async (transaction) => {
    await deleteFeedRows(feed, now, transaction);
    await Listing.update({ [LINK_COLUMNS[feed.source as ImportSource]]: null }, { where: { id: listingId }, transaction });
  });
}

/** Removes any feed (the channel-manager link's included): used by unlinking. */
export async function removeFeedOfSource(listingId: number, source: FeedSource, now: Date = new Date()): Promise<boolean> {
  return writeTransaction(async (transaction) => {
    const feed = await CalendarFeed.findOne({ where: { listingId, source }, transaction });
    if (!feed) return false;
    await deleteFeedRows(feed, now, transaction);
    return true;
  });
}

/**
 * The wizard's sync step saves the three links: each URL given adds or re-points its feed, each
 * left empty removes it (freeing its nights). Runs after the listing's columns were saved.
 */
export async function syncFeedsWithLinks(listingId: number, links: Partial<Record<ImportSource, string | null | undefined>>, now: Date = new Date()): Promise<void> {
  await writeTransaction(async (transaction) => {
    for (const source of ["airbnb", "booking", "other"] as const) {
      const url = links[source]?.trim();
      if (url) await upsertFeed(listingId, source, url, now, transaction);
      else {
        const feed = await CalendarFeed.findOne({ where: { listingId, source }, transaction });
        if (feed) await deleteFeedRows(feed, now, transaction);
      }
    }
  });
}

/**
 * Nights a feed lists that a Darna reservation holds, from today on: computed from the live
 * tables, so a conflict clears as soon as the feed or the reservation changes.
 */
export async function listConflicts(scope: { listingId?: number }, now: Date = new Date()): Promise<FeedConflict[]> {
  const rows = await getSequelize().query<{
    feed_id: number;
    source: FeedSource;
    night: string;
    reservation_id: number;
    reference: string;
    listing_id: number;
    title: string | null;
  }>(
    `SELECT fn.feed_id, f.source, fn.night, r.id AS reservation_id, r.reference, fn.listing_id, l.title
       FROM calendar_feed_nights fn
       JOIN calendar_feeds f ON f.id = fn.feed_id
       JOIN reservation_nights rn ON rn.listing_id = fn.listing_id AND rn.night = fn.night AND rn.reservation_id IS NOT NULL
       JOIN reservations r ON r.id = rn.reservation_id
       JOIN listings l ON l.id = fn.listing_id
      WHERE fn.night >= :today${scope.listingId ? " AND fn.listing_id = :listingId" : ""}
      ORDER BY fn.night, fn.feed_id, r.id`,
    { replacements: { today: dateInTunis(now), listingId: scope.listingId ?? null }, type: QueryTypes.SELECT },
  );
  const seen = new Set<string>();
  const conflicts: FeedConflict[] = [];
  for (const row of rows) {
    const key = `${row.feed_id}|${row.night}|${row.reservation_id}`;
    if (seen.has(key)) continue; // a room type's reservation holds several slots
    seen.add(key);
    conflicts.push({
      feedId: Number(row.feed_id),
      source: row.source,
      night: String(row.night).slice(0, 10),
      reservationId: Number(row.reservation_id),
      reference: row.reference,
      listingId: Number(row.listing_id),
      listingTitle: row.title ?? "",
    });
  }
  return conflicts;
}

/** The host's feeds that are stale (for the dashboard's flag). */
export async function staleFeedsOfHost(hostId: number, now: Date = new Date()): Promise<Array<{ listingId: number; title: string; source: FeedSource }>> {
  const listings = await Listing.findAll({ attributes: ["id", "title"], where: { hostId, status: { [Op.ne]: "deleted" } } });
  if (listings.length === 0) return [];
  const titles = new Map(listings.map((listing) => [listing.id, listing.title ?? ""]));
  const feeds = await CalendarFeed.findAll({ where: { listingId: { [Op.in]: [...titles.keys()] } } });
  return feeds
    .filter((feed) => isFeedStale(feed, now))
    .map((feed) => ({ listingId: feed.listingId, title: titles.get(feed.listingId) ?? "", source: feed.source }));
}
