import { Op, QueryTypes } from "sequelize";
import { CalendarFeed } from "~/db/models/calendar-feed.server";
import { ChannelManagerAccount } from "~/db/models/channel-manager-account.server";
import { Listing } from "~/db/models/listing.server";
import { getSequelize } from "~/db/sequelize.server";
import { nightStates } from "~/domain/availability";
import { nightsFromEvents } from "~/domain/calendar-sync";
import { nightPrice } from "~/domain/pricing";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { availabilityFacts } from "~/services/booking/booking-target.server";
import { feedErrorKey, removeFeedOfSource, requireFeedListing } from "~/services/calendar-sync/feeds.server";
import { registerChannelManagerReader, syncFeed, type FeedReading } from "~/services/calendar-sync/sync.server";
import { createBeds24Adapter } from "~/services/channel-manager/beds24-adapter.server";
import { ChannelManagerRefusal, ChannelManagerUnavailable, type ChannelManager, type ChannelNight } from "~/services/channel-manager/channel-manager.server";
import type { Actor } from "~/services/listings/listing-access.server";
import { AppError } from "~/utils/app-error";

// The channel-manager link (/dashboard/channel-manager, PUT /api/v1/host/channel-manager…): the
// host saves one account token (checked with the provider), then links each listing with its
// property key. A link is a feed of source "channel-manager": each sync pushes the listing's
// availability and prices (a year ahead) and pulls its bookings as blocked nights, through the
// same apply as iCal feeds. Unlinking deletes the feed, which frees the nights it blocked.

export const CHANNEL_DAYS = 365;

let provider: ChannelManager | null = null;

/** The provider in use (the Beds24-style adapter at CHANNEL_MANAGER_URL unless a test set one). */
export function channelManager(): ChannelManager {
  provider ??= createBeds24Adapter();
  return provider;
}

export function setChannelManagerForTests(manager: ChannelManager | null): void {
  provider = manager;
}

export interface ChannelLinkView {
  listingId: number;
  title: string;
  link: { feedId: number; propertyKey: string; lastExchangeAt: Date | null; lastAttemptAt: Date | null; error: string | null } | null;
}

export interface ChannelManagerPage {
  linked: boolean;
  listings: ChannelLinkView[];
}

export async function getChannelManagerPage(actor: Actor): Promise<ChannelManagerPage> {
  const account = await ChannelManagerAccount.findOne({ where: { userId: actor.id } });
  const listings = await Listing.findAll({ attributes: ["id", "title"], where: { hostId: actor.id, status: { [Op.ne]: "deleted" } }, order: [["id", "ASC"]] });
  const feeds = listings.length
    ? await CalendarFeed.findAll({ where: { source: "channel-manager", listingId: { [Op.in]: listings.map((listing) => listing.id) } } })
    : [];
  const byListing = new Map(feeds.map((feed) => [feed.listingId, feed]));
  return {
    linked: Boolean(account),
    listings: listings.map((listing) => {
      const feed = byListing.get(listing.id);
      return {
        listingId: listing.id,
        title: listing.title ?? "",
        link: feed
          ? { feedId: feed.id, propertyKey: feed.propertyKey ?? "", lastExchangeAt: feed.lastSuccessAt, lastAttemptAt: feed.lastAttemptAt, error: feedErrorKey(feed.lastError) }
          : null,
      };
    }),
  };
}

/** Saves the account token once the provider accepts it. */
export async function saveChannelToken(actor: Actor, token: string): Promise<void> {
  try {
    await channelManager().verifyToken(token);
  } catch (error) {
    if (error instanceof ChannelManagerRefusal) throw new AppError(400, "calendar-sync:errors.tokenInvalid", { fields: { token: "calendar-sync:errors.tokenInvalid" } });
    if (error instanceof ChannelManagerUnavailable) throw new AppError(502, "calendar-sync:errors.tokenSaveFailed", { code: "channel_manager_unavailable" });
    throw error;
  }
  const existing = await ChannelManagerAccount.findOne({ where: { userId: actor.id } });
  if (existing) await existing.update({ token });
  else await ChannelManagerAccount.create({ userId: actor.id, token });
}

async function accountOf(userId: number): Promise<ChannelManagerAccount> {
  const account = await ChannelManagerAccount.findOne({ where: { userId } });
  if (!account) throw new AppError(409, "calendar-sync:errors.notLinked", { code: "not_linked" });
  return account;
}

/** Links a listing to a property of the account, then runs the first exchange. */
export async function linkListing(actor: Actor, listingId: number, propertyKey: string, now: Date = new Date()): Promise<void> {
  const listing = await requireFeedListing(actor, listingId);
  const account = await accountOf(listing.hostId);
  try {
    await channelManager().verifyProperty(account.token, propertyKey);
  } catch (error) {
    if (error instanceof ChannelManagerRefusal) {
      const key = error.reason === "token" ? "calendar-sync:errors.tokenInvalid" : "calendar-sync:errors.propertyKeyInvalid";
      throw new AppError(400, key, { fields: { propertyKey: key } });
    }
    if (error instanceof ChannelManagerUnavailable) throw new AppError(502, "calendar-sync:errors.linkFailed", { code: "channel_manager_unavailable" });
    throw error;
  }
  const existing = await CalendarFeed.findOne({ where: { listingId, source: "channel-manager" } });
  const feed = existing
    ? await existing.update({ propertyKey, failures: 0, lastError: null, lastErrorDetail: null, nextSyncAt: now })
    : await CalendarFeed.create({ listingId, source: "channel-manager", url: null, propertyKey, nextSyncAt: now });
  await syncFeed(feed, now);
}

/** Unlinks a listing: the link's feed goes, and with it the nights it blocked. */
export async function unlinkListing(actor: Actor, listingId: number, now: Date = new Date()): Promise<void> {
  await requireFeedListing(actor, listingId);
  if (!(await removeFeedOfSource(listingId, "channel-manager", now))) throw new AppError(404, "calendar-sync:errors.unsyncFailed", { code: "not_linked" });
}

/** The listing's nights as the channel manager should see them (without what the link itself blocks). */
async function channelNights(listing: Listing, feedId: number, now: Date): Promise<ChannelNight[]> {
  const from = dateInTunis(now);
  const to = addDays(from, CHANNEL_DAYS);
  const facts = await availabilityFacts({ listingId: listing.id, roomTypeId: null, guesthouseRoomId: null, capacity: 1 }, { checkIn: from, checkOut: to });
  const own = new Set(
    (
      await getSequelize().query<{ night: string }>("SELECT night FROM reservation_nights WHERE calendar_feed_id = :feedId AND night >= :from", {
        replacements: { feedId, from },
        type: QueryTypes.SELECT,
      })
    ).map((row) => String(row.night).slice(0, 10)),
  );
  const external = [...(facts.externalDates ?? [])].filter((date) => !own.has(date));
  const pricing = { nightlyPrice: listing.basePrice ?? 0, pricesByDate: new Map<string, number>() };
  return nightStates({ ...facts, externalDates: external }, from, to).map((night) => ({
    date: night.date,
    available: night.availableRooms > 0,
    price: nightPrice(pricing, night.date),
  }));
}

/** One exchange of a link: push availability and prices, pull bookings as nights. */
async function readChannelFeed(feed: CalendarFeed, now: Date): Promise<FeedReading> {
  const listing = await Listing.findByPk(feed.listingId);
  const account = listing ? await ChannelManagerAccount.findOne({ where: { userId: listing.hostId } }) : null;
  if (!listing || !account || !feed.propertyKey) return { ok: false, error: "channelManager", detail: "no account token" };
  try {
    await channelManager().pushAvailability(account.token, feed.propertyKey, await channelNights(listing, feed.id, now));
    const bookings = await channelManager().pullBookings(account.token, feed.propertyKey, dateInTunis(now));
    const events = bookings.map((booking) => ({ start: { date: booking.arrival }, end: { date: booking.departure }, cancelled: booking.cancelled }));
    return { ok: true, nights: nightsFromEvents(events, now), eventCount: events.length };
  } catch (error) {
    if (error instanceof ChannelManagerRefusal || error instanceof ChannelManagerUnavailable) return { ok: false, error: "channelManager", detail: error.message };
    throw error;
  }
}

registerChannelManagerReader(readChannelFeed);
