import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CalendarFeed } from "~/db/models/calendar-feed.server";
import { Job } from "~/db/models/job.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { createReservation, DATES_BOOKED_KEY, previewBooking } from "~/services/booking/booking.server";
import { getHostCalendar } from "~/services/calendar/calendar.server";
import { exportCalendar, exportLinks, regenerateExportToken } from "~/services/calendar-sync/export.server";
import { createFeedFetcher } from "~/services/calendar-sync/feed-fetcher.server";
import { addFeed, listConflicts, listFeeds, removeFeed, staleFeedsOfHost, syncFeedsWithLinks } from "~/services/calendar-sync/feeds.server";
import { scheduleSyncTick, SYNC_TICK_JOB, syncFeed, syncFeedNow } from "~/services/calendar-sync/sync.server";
import { listOutbox } from "~/services/email/email.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { cancelReservation } from "~/services/booking/reservation.server";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";
import { icalOf, startIcalServer, type IcalServer } from "../../../tests/support/ical-server";

// Whole seconds: MariaDB keeps DATETIME to the second.
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const day = (offset: number) => stayFrom(now, offset, 1).checkIn;
const actor = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });
const fetcher = createFeedFetcher({ allowPrivate: true, timeoutMs: 1000 });

let server: IcalServer;
beforeAll(async () => {
  server = await startIcalServer();
});
afterAll(() => server.close());

let paths = 0;
async function hostWithFeed(ranges: Array<[number, number]>) {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  const path = `/feed-${(paths += 1)}.ics`;
  serve(path, ranges);
  const feed = await addFeed(actor(host), listing.id, { source: "airbnb", url: server.url(path) }, now);
  return { host, listing, path, feed };
}

function serve(path: string, ranges: Array<[number, number]>) {
  server.set(path, { body: icalOf(ranges.map(([from, to]) => [day(from), day(to)])) });
}

async function feedNights(feedId: number): Promise<string[]> {
  const rows = await ReservationNight.findAll({ where: { calendarFeedId: feedId }, order: [["night", "ASC"]] });
  return rows.map((row) => String(row.night).slice(0, 10));
}

async function reload(feed: CalendarFeed): Promise<CalendarFeed> {
  return (await CalendarFeed.findByPk(feed.id))!;
}

describe("importing a feed", () => {
  it("blocks its nights as external rows of reservation_nights, which bookings and availability refuse", async () => {
    const { host, listing, feed } = await hostWithFeed([[10, 13]]);
    const traveler = await createBookingUser();
    const view = await syncFeedNow(feed, now, { fetcher });
    expect(view).toMatchObject({ source: "airbnb", error: null, blockedNights: 3, stale: false });
    expect(view.lastSuccessAt).toEqual(now);
    expect(await feedNights(feed.id)).toEqual([day(10), day(11), day(12)]);

    const preview = await previewBooking({ listingId: listing.id, adults: 1, ...stayFrom(now, 11, 2) }, { now });
    expect(preview.available).toBe(false);
    await expect(
      createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 12, 2) }, { now, termsAccepted: true }),
    ).rejects.toMatchObject({ status: 409, key: DATES_BOOKED_KEY });
    // The unique index itself refuses a reservation's row on a night the feed holds.
    const other = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 20, 1) }, { now, termsAccepted: true });
    await expect(ReservationNight.create({ reservationId: other.id, listingId: listing.id, unitKey: "listing", night: day(10), slot: 0 })).rejects.toThrow();

    const month = day(11).slice(0, 7);
    const calendar = await getHostCalendar(actor(host), listing.id, month, { now });
    const shown = calendar.calendar.weeks.flat().find((d) => d?.date === day(11));
    expect(shown?.state).toBe("blocked");
    expect(calendar.external[day(11)]).toEqual(["airbnb"]);
  });

  it("frees the nights that disappear from the feed, and takes new ones", async () => {
    const { feed, path } = await hostWithFeed([[10, 13]]);
    await syncFeed(feed, now, { fetcher });
    serve(path, [[12, 15]]);
    await syncFeed(await reload(feed), now, { fetcher });
    expect(await feedNights(feed.id)).toEqual([day(12), day(13), day(14)]);
  });

  it.each([
    ["a 500", { status: 500, body: "Internal error" }, "httpStatus"],
    ["an HTML error page", { status: 200, body: "<!DOCTYPE html><html><body>Sorry</body></html>", contentType: "text/html" }, "notCalendar"],
    ["an empty calendar after nights", { body: icalOf([]) }, "suddenlyEmpty"],
    ["a timeout", { delayMs: 3000, body: icalOf([]) }, "timeout"],
  ] as const)("%s changes nothing, records the error and backs off", async (_, answer, error) => {
    const { feed, path } = await hostWithFeed([[10, 13]]);
    await syncFeed(feed, now, { fetcher });
    const good = await reload(feed);
    server.set(path, answer);
    const later = new Date(now.getTime() + 60_000);
    await syncFeed(good, later, { fetcher });
    const failed = await reload(feed);
    expect(await feedNights(feed.id)).toEqual([day(10), day(11), day(12)]);
    expect(failed).toMatchObject({ lastError: error, failures: 1 });
    expect(failed.lastSuccessAt).toEqual(now);
    expect(failed.lastAttemptAt).toEqual(later);
    await syncFeed(failed, later, { fetcher });
    const twice = await reload(feed);
    expect(twice.failures).toBe(2);
    expect(twice.nextSyncAt!.getTime() - later.getTime()).toBe(30 * 60_000);
    const [view] = await listFeeds(actor(await createBookingUser({ role: "operator" })), feed.listingId, later);
    expect(view).toMatchObject({ error: `calendar-sync:feedErrors.${error}`, blockedNights: 3 });
  });

  it("accepts an empty calendar for a feed that never had nights", async () => {
    const { feed } = await hostWithFeed([]);
    const outcome = await syncFeed(feed, now, { fetcher });
    expect(outcome.ok).toBe(true);
  });

  it("deleting a feed frees its nights, or hands them to another feed that lists them", async () => {
    const { host, listing, feed } = await hostWithFeed([[10, 12]]);
    server.set("/other-feed.ics", { body: icalOf([[day(11), day(13)]]) });
    const other = await addFeed(actor(host), listing.id, { source: "booking", url: server.url("/other-feed.ics") }, now);
    await syncFeed(feed, now, { fetcher });
    await syncFeed(other, now, { fetcher });
    expect(await feedNights(feed.id)).toEqual([day(10), day(11)]);
    expect(await feedNights(other.id)).toEqual([day(12)]);
    await removeFeed(actor(host), listing.id, feed.id, now);
    expect(await feedNights(feed.id)).toEqual([]);
    expect(await feedNights(other.id)).toEqual([day(11), day(12)]);
    expect(await CalendarFeed.findByPk(feed.id)).toBeNull();
  });

  it("the wizard's three links add, re-point and remove feeds", async () => {
    const { listing, feed } = await hostWithFeed([[10, 12]]);
    await syncFeed(feed, now, { fetcher });
    await syncFeedsWithLinks(listing.id, { airbnb: null, booking: server.url("/b.ics"), other: server.url("/o.ics") }, now);
    const feeds = await CalendarFeed.findAll({ where: { listingId: listing.id }, order: [["source", "ASC"]] });
    expect(feeds.map((f) => [f.source, f.url])).toEqual([
      ["booking", server.url("/b.ics")],
      ["other", server.url("/o.ics")],
    ]);
    expect(await feedNights(feed.id)).toEqual([]);
  });

  it("a feed without a good fetch for more than 3 hours is flagged stale for the host's dashboard and calendar", async () => {
    const { host, listing, feed } = await hostWithFeed([[10, 11]]);
    await syncFeed(feed, now, { fetcher });
    const later = new Date(now.getTime() + 3 * 3_600_000 + 1000);
    expect(await staleFeedsOfHost(host.id, new Date(now.getTime() + 3_600_000))).toEqual([]);
    expect(await staleFeedsOfHost(host.id, later)).toEqual([{ listingId: listing.id, title: listing.title, source: "airbnb" }]);
    expect((await listFeeds(actor(host), listing.id, later))[0]!.stale).toBe(true);
  });

  it("another host gets 403", async () => {
    const { listing, feed } = await hostWithFeed([]);
    const stranger = actor(await createBookingUser());
    await expect(listFeeds(stranger, listing.id)).rejects.toMatchObject({ status: 403 });
    await expect(removeFeed(stranger, listing.id, feed.id)).rejects.toMatchObject({ status: 403 });
    await expect(addFeed(stranger, listing.id, { source: "other", url: "https://example.com/a.ics" })).rejects.toMatchObject({ status: 403 });
  });
});

describe("conflicts", () => {
  it("a night a Darna reservation holds stays the reservation's, is listed as a conflict, e-mailed once, and clears when the reservation goes", async () => {
    const { host, listing, feed, path } = await hostWithFeed([]);
    const traveler = await createBookingUser();
    const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 11, 2) }, { now, termsAccepted: true });
    serve(path, [[10, 13]]);
    await syncFeed(feed, now, { fetcher });
    expect(await feedNights(feed.id)).toEqual([day(10)]);
    expect(await ReservationNight.count({ where: { reservationId: reservation.id } })).toBe(2);
    const conflicts = await listConflicts({ listingId: listing.id }, now);
    expect(conflicts.map((c) => [c.night, c.reservationId, c.source])).toEqual([
      [day(11), reservation.id, "airbnb"],
      [day(12), reservation.id, "airbnb"],
    ]);
    expect((await listConflicts({}, now)).filter((c) => c.listingId === listing.id)).toHaveLength(2);

    const mails = async () => (await listOutbox(500)).filter((m) => m.template === "calendar-conflict" && m.to === host.email);
    expect(await mails()).toHaveLength(1);
    await syncFeed(await reload(feed), now, { fetcher });
    expect(await mails()).toHaveLength(1);

    await cancelReservation({ id: traveler.id, role: "user" }, reservation.id, { now });
    expect(await listConflicts({ listingId: listing.id }, now)).toEqual([]);
    // The next sync takes the nights the reservation let go.
    await syncFeed(await reload(feed), now, { fetcher });
    expect(await feedNights(feed.id)).toEqual([day(10), day(11), day(12)]);
  });

  it("clears when the feed no longer lists the night", async () => {
    const { listing, feed, path } = await hostWithFeed([]);
    const traveler = await createBookingUser();
    await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 11, 1) }, { now, termsAccepted: true });
    serve(path, [[11, 12]]);
    await syncFeed(feed, now, { fetcher });
    expect(await listConflicts({ listingId: listing.id }, now)).toHaveLength(1);
    serve(path, [[20, 21]]);
    await syncFeed(await reload(feed), now, { fetcher });
    expect(await listConflicts({ listingId: listing.id }, now)).toEqual([]);
  });
});

describe("export", () => {
  it("lists booked, held, blocked and imported nights; a regenerated token makes the old URL unknown", async () => {
    const { host, listing, feed } = await hostWithFeed([[20, 22]]);
    await syncFeed(feed, now, { fetcher });
    const traveler = await createBookingUser();
    await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 10, 2) }, { now, termsAccepted: true });
    const [link] = await exportLinks(actor(host), listing.id);
    const token = /\/ical\/([\w-]+)\.ics$/.exec(link!.url)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const text = (await exportCalendar(token, now))!;
    const compact = (offset: number) => day(offset).replaceAll("-", "");
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(10)}\r\nDTEND;VALUE=DATE:${compact(12)}\r\nSUMMARY:Reserved`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(20)}\r\nDTEND;VALUE=DATE:${compact(22)}\r\nSUMMARY:Not available`);
    expect(text).not.toContain(traveler.email);
    // Same state, same UIDs.
    expect((await exportCalendar(token, now))!.match(/UID:.*/g)).toEqual(text.match(/UID:.*/g));
    const fresh = await regenerateExportToken(actor(host), listing.id, "listing");
    expect(fresh).not.toBe(link!.url);
    expect(await exportCalendar(token, now)).toBeNull();
    await expect(exportLinks(actor(await createBookingUser()), listing.id)).rejects.toMatchObject({ status: 403 });
  });
});

describe("the sync job", () => {
  it("is scheduled once per period whatever the number of instances, and syncs the due feeds", async () => {
    const { feed } = await hostWithFeed([[30, 31]]);
    const at = now;
    await scheduleSyncTick(at);
    await scheduleSyncTick(at);
    const ticks = await Job.findAll({ where: { name: SYNC_TICK_JOB } });
    const mine = ticks.filter((job) => job.runAt > at);
    expect(mine).toHaveLength(1);
    process.env.CALENDAR_SYNC_ALLOW_PRIVATE = "true";
    try {
      await runDueJobs({ now: new Date(mine[0]!.runAt.getTime() + 1000), workerId: "a" });
    } finally {
      delete process.env.CALENDAR_SYNC_ALLOW_PRIVATE;
    }
    expect(await Job.findByPk(mine[0]!.id)).toMatchObject({ status: "done" });
    expect(await Job.count({ where: { name: SYNC_TICK_JOB, status: "pending" } })).toBeGreaterThanOrEqual(1);
    expect((await reload(feed)).lastSuccessAt).not.toBeNull();
    expect(await feedNights(feed.id)).toEqual([day(30)]);
  });
});
