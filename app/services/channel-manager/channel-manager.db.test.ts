import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CalendarFeed } from "~/db/models/calendar-feed.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { previewBooking } from "~/services/booking/booking.server";
import { syncFeed } from "~/services/calendar-sync/sync.server";
import { createBeds24Adapter } from "~/services/channel-manager/beds24-adapter.server";
import { ChannelManagerRefusal, ChannelManagerUnavailable } from "~/services/channel-manager/channel-manager.server";
import { getChannelManagerPage, linkListing, saveChannelToken, setChannelManagerForTests, unlinkListing } from "~/services/channel-manager/links.server";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";
import { startChannelManagerServer, type ChannelManagerServer } from "../../../tests/support/channel-manager-server";

const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const day = (offset: number) => stayFrom(now, offset, 1).checkIn;
const actor = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

let server: ChannelManagerServer;
beforeAll(async () => {
  server = await startChannelManagerServer();
  server.addAccount("good-token-123", { "prop-A": [{ firstNight: day(10), lastNight: day(11) }], "prop-B": [] });
  setChannelManagerForTests(createBeds24Adapter({ baseUrl: server.url, timeoutMs: 5000 }));
});
afterEach(() => {
  server.failWith(0);
  server.delay(0);
});
afterAll(async () => {
  setChannelManagerForTests(null);
  await server.close();
});

describe("the Beds24-style adapter against the local server", () => {
  const adapter = (timeoutMs = 5000) => createBeds24Adapter({ baseUrl: server.url, timeoutMs });

  it("accepts a good token and refuses a wrong one", async () => {
    await expect(adapter().verifyToken("good-token-123")).resolves.toBeUndefined();
    await expect(adapter().verifyToken("wrong-token-1")).rejects.toBeInstanceOf(ChannelManagerRefusal);
    await expect(adapter().verifyProperty("good-token-123", "prop-Z")).rejects.toMatchObject({ reason: "propertyKey" });
  });

  it("answers unavailable on a 5xx and on a timeout", async () => {
    server.failWith(503);
    await expect(adapter().verifyToken("good-token-123")).rejects.toBeInstanceOf(ChannelManagerUnavailable);
    server.failWith(0);
    server.delay(1000);
    await expect(adapter(300).pullBookings("good-token-123", "prop-A", day(0))).rejects.toThrow(/no answer within 300 ms/);
  });

  it("pulls bookings with an exclusive departure and pushes availability in dinars", async () => {
    expect(await adapter().pullBookings("good-token-123", "prop-A", day(0))).toEqual([{ arrival: day(10), departure: day(12), cancelled: false }]);
    await adapter().pushAvailability("good-token-123", "prop-B", [{ date: "2027-01-02", available: false, price: 123_500 }]);
    expect(server.pushed.at(-1)).toEqual({ propKey: "prop-B", dates: { "20270102": { i: 0, p1: "123.500" } } });
  });
});

describe("linking listings", () => {
  it("needs a saved token; refuses a wrong token, a wrong key; links, blocks the bookings' nights, unlinks and frees them", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 90_000 });
    expect((await getChannelManagerPage(actor(host))).linked).toBe(false);
    await expect(linkListing(actor(host), listing.id, "prop-A", now)).rejects.toMatchObject({ status: 409, key: "calendar-sync:errors.notLinked" });
    await expect(saveChannelToken(actor(host), "wrong-token-1")).rejects.toMatchObject({ status: 400, key: "calendar-sync:errors.tokenInvalid" });
    server.failWith(500);
    await expect(saveChannelToken(actor(host), "good-token-123")).rejects.toMatchObject({ status: 502, key: "calendar-sync:errors.tokenSaveFailed" });
    server.failWith(0);
    await saveChannelToken(actor(host), "good-token-123");
    expect((await getChannelManagerPage(actor(host))).linked).toBe(true);

    await expect(linkListing(actor(host), listing.id, "prop-Z", now)).rejects.toMatchObject({ status: 400, key: "calendar-sync:errors.propertyKeyInvalid" });
    await expect(linkListing(actor(await createBookingUser()), listing.id, "prop-A", now)).rejects.toMatchObject({ status: 403 });
    await linkListing(actor(host), listing.id, "prop-A", now);
    const page = await getChannelManagerPage(actor(host));
    expect(page.listings.find((l) => l.listingId === listing.id)?.link).toMatchObject({ propertyKey: "prop-A", error: null });
    const feed = (await CalendarFeed.findOne({ where: { listingId: listing.id, source: "channel-manager" } }))!;
    const nights = async () => (await ReservationNight.findAll({ where: { calendarFeedId: feed.id } })).map((row) => String(row.night).slice(0, 10)).sort();
    expect(await nights()).toEqual([day(10), day(11)]);
    expect((await previewBooking({ listingId: listing.id, adults: 1, ...stayFrom(now, 10, 1) }, { now })).available).toBe(false);
    // Availability and prices were pushed; the link's own nights are not pushed back as closed.
    const push = server.pushed.filter((p) => p.propKey === "prop-A").at(-1)!;
    expect(push.dates[day(5).replaceAll("-", "")]).toEqual({ i: 1, p1: "90.000" });

    // A failing exchange changes nothing and shows its error.
    server.failWith(503);
    await syncFeed(feed, new Date(now.getTime() + 60_000));
    expect(await nights()).toEqual([day(10), day(11)]);
    expect((await getChannelManagerPage(actor(host))).listings.find((l) => l.listingId === listing.id)?.link?.error).toBe("calendar-sync:feedErrors.channelManager");
    server.failWith(0);

    await unlinkListing(actor(host), listing.id, now);
    expect(await ReservationNight.count({ where: { calendarFeedId: feed.id } })).toBe(0);
    expect((await previewBooking({ listingId: listing.id, adults: 1, ...stayFrom(now, 10, 1) }, { now })).available).toBe(true);
    await expect(unlinkListing(actor(host), listing.id, now)).rejects.toMatchObject({ status: 404, key: "calendar-sync:errors.unsyncFailed" });
  });
});
