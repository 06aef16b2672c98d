// Calendar sync rules (PRODUCT.md "Calendar sync and channel manager"), pure: which nights an
// imported calendar's events block (in Africa/Tunis), what applying a feed changes, which nights
// collide with Darna reservations, when a fetch must change nothing, when a feed is stale and when
// it is tried again. The services load and write; the database's unique night index decides.

import { addDays, dateInTunis, nightsOf, type IsoDate } from "~/domain/stay-dates";

/** Imported iCal feeds: up to one per source, three per listing. */
export const FEED_SOURCES = ["airbnb", "booking", "other"] as const;
export type ImportSource = (typeof FEED_SOURCES)[number];
/** The channel-manager link is a feed too: its bookings block nights the same way. */
export type FeedSource = ImportSource | "channel-manager";

/** Default minutes between two syncs of a feed (CALENDAR_SYNC_MINUTES in the env module). */
export const DEFAULT_SYNC_MINUTES = 15;
/** A feed without a good fetch for longer than this is flagged (3 hours). */
export const STALE_AFTER_MS = 3 * 60 * 60 * 1000;
/** The longest wait between two tries of a failing feed. */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** Nights further ahead than this (from today) are ignored: two years, like the platforms. */
export const IMPORT_HORIZON_DAYS = 731;

/** Why a fetch changed nothing: calendar-sync:feedErrors.<key>. */
export type FeedErrorKey =
  | "unreachable"
  | "timeout"
  | "tooLarge"
  | "httpStatus"
  | "tooManyRedirects"
  | "forbiddenAddress"
  | "notCalendar"
  | "suddenlyEmpty"
  | "channelManager";

/** When an event starts or ends: an all-day date, or an instant (a DATE-TIME, converted to UTC). */
export type EventTime = { date: IsoDate } | { instant: Date };

export interface CalendarEvent {
  start: EventTime;
  /** Exclusive end (DTEND, or DTSTART + DURATION); null when the event gives neither. */
  end: EventTime | null;
  cancelled?: boolean;
}

function dateOf(time: EventTime): IsoDate {
  return "date" in time ? time.date : dateInTunis(time.instant);
}

/**
 * The nights an event blocks. All-day: [DTSTART, DTEND). A DATE-TIME event is taken in
 * Africa/Tunis: the nights from its start date to its end date, at least its first night (an
 * arrival at 15:00 and a departure at 11:00 two days later block two nights). No end: one night.
 */
export function eventNights(event: CalendarEvent): IsoDate[] {
  const first = dateOf(event.start);
  const end = event.end ? dateOf(event.end) : addDays(first, 1);
  return end > first ? nightsOf(first, end) : [first];
}

/** Every night the events block from today on (within the horizon), sorted, once each. */
export function nightsFromEvents(events: readonly CalendarEvent[], now: Date, horizonDays = IMPORT_HORIZON_DAYS): IsoDate[] {
  const today = dateInTunis(now);
  const horizon = addDays(today, horizonDays);
  const nights = new Set<IsoDate>();
  for (const event of events) {
    if (event.cancelled) continue;
    const first = dateOf(event.start);
    if (first >= horizon) continue;
    for (const night of eventNights(event)) {
      if (night >= horizon) break;
      if (night >= today) nights.add(night);
    }
  }
  return [...nights].sort();
}

export interface FetchVerdict {
  accept: boolean;
  error?: FeedErrorKey;
}

/**
 * Whether a parsed calendar may replace the feed's nights. A calendar without any event when the
 * previous good fetch had nights is refused: platforms answer an empty calendar during outages,
 * and freeing every night on that would invite double bookings.
 */
export function judgeCalendar(parsed: { eventCount: number }, previousNightCount: number): FetchVerdict {
  if (parsed.eventCount === 0 && previousNightCount > 0) return { accept: false, error: "suddenlyEmpty" };
  return { accept: true };
}

export interface ApplyPlan {
  /** Nights the feed takes now (free, not held by a reservation or another feed). */
  take: IsoDate[];
  /** Nights the feed held and no longer lists. */
  free: IsoDate[];
  /** Nights the feed lists that a Darna reservation holds: kept by the reservation, shown as conflicts. */
  conflicts: Array<{ night: IsoDate; reservationId: number }>;
}

/**
 * What applying a feed's nights changes, given what the unit holds now. A night a reservation
 * holds is never taken from it: it becomes a conflict. A night another feed already blocks stays
 * with that feed (it is blocked either way).
 */
export function planApply(input: {
  wanted: readonly IsoDate[];
  /** Nights this feed blocks now. */
  owned: Iterable<IsoDate>;
  /** Nights held by reservations, with one of them. */
  reservations: ReadonlyMap<IsoDate, number>;
  /** Nights other feeds block. */
  otherFeeds: ReadonlySet<IsoDate>;
}): ApplyPlan {
  const wanted = new Set(input.wanted);
  const owned = new Set(input.owned);
  const take: IsoDate[] = [];
  const conflicts: ApplyPlan["conflicts"] = [];
  for (const night of [...wanted].sort()) {
    const reservationId = input.reservations.get(night);
    if (reservationId !== undefined) conflicts.push({ night, reservationId });
    else if (!owned.has(night) && !input.otherFeeds.has(night)) take.push(night);
  }
  const free = [...owned].filter((night) => !wanted.has(night)).sort();
  return { take, free, conflicts };
}

/** A feed is stale when its last good fetch (or its creation, if none yet) is more than 3 hours old. */
export function isFeedStale(feed: { lastSuccessAt: Date | null; createdAt: Date }, now: Date): boolean {
  const since = feed.lastSuccessAt ?? feed.createdAt;
  return now.getTime() - since.getTime() > STALE_AFTER_MS;
}

/**
 * When to fetch a feed next: one interval after a success; after `failures` failures in a row,
 * the interval doubled for each further failure (1×, 2×, 4×…), at most 6 hours.
 */
export function nextSyncAt(now: Date, failures: number, intervalMinutes = DEFAULT_SYNC_MINUTES): Date {
  const interval = intervalMinutes * 60_000;
  const wait = failures <= 0 ? interval : Math.min(interval * 2 ** (failures - 1), MAX_BACKOFF_MS);
  return new Date(now.getTime() + Math.max(interval, wait));
}
