// The channel-manager page (/dashboard/channel-manager) through its loader and action with a
// signed-in host: "Account not linked yet" until a token is saved ("Please enter a valid token",
// "The token is not valid", "Account linked"), then a listing is linked with its property key
// (its bookings block nights) and unlinked ("Unsync successful"; "Error deleting the sync" after).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReservationNight } from "~/db/models/reservation-night.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as channelPage from "~/routes/($lang).dashboard.channel-manager";
import { createBeds24Adapter } from "~/services/channel-manager/beds24-adapter.server";
import { setChannelManagerForTests } from "~/services/channel-manager/links.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createPublicListing, stayFrom } from "../factories/booking-factories";
import { startChannelManagerServer, type ChannelManagerServer } from "../support/channel-manager-server";

const now = new Date();
let server: ChannelManagerServer;
beforeAll(async () => {
  server = await startChannelManagerServer();
  server.addAccount("page-token-123", { "prop-page": [{ firstNight: stayFrom(now, 30, 1).checkIn, lastNight: stayFrom(now, 31, 1).checkIn }] });
  setChannelManagerForTests(createBeds24Adapter({ baseUrl: server.url, timeoutMs: 5000 }));
});
afterAll(async () => {
  setChannelManagerForTests(null);
  await server.close();
});

describe("/dashboard/channel-manager", () => {
  it("saves the token, links and unlinks a listing, with the SPEC's messages", async () => {
    const host = await createAccount({ hostMode: true });
    const listing = await createPublicListing({ hostId: host.id });
    const jar = new CookieJar();
    expect((await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: host.email, password: TEST_PASSWORD, website: "" }, jar }), { jar })).status).toBe(302);
    const open = async () => (await callRoute(channelPage.loader, makeRequest("/dashboard/channel-manager", { jar }))).data as { linked: boolean; listings: Array<{ listingId: number; link: unknown }> };
    const post = (form: Record<string, string>) => callRoute(channelPage.action, makeRequest("/dashboard/channel-manager", { form, jar }), { jar });

    expect((await open()).linked).toBe(false);
    expect(await post({ intent: "save-token", token: "x" })).toMatchObject({ status: 400, data: { error: "calendar-sync:errors.tokenRequired" } });
    expect(await post({ intent: "save-token", token: "wrong-token-99" })).toMatchObject({ status: 400, data: { error: "calendar-sync:errors.tokenInvalid" } });
    server.failWith(502);
    expect(await post({ intent: "save-token", token: "page-token-123" })).toMatchObject({ status: 502, data: { error: "calendar-sync:errors.tokenSaveFailed" } });
    server.failWith(0);
    const saved = await post({ intent: "save-token", token: "page-token-123" });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ message: "calendar-sync:toast.accountLinked" });
    expect((await open()).linked).toBe(true);

    const linked = await post({ intent: "link", listingId: String(listing.id), propertyKey: "prop-page" });
    expect(await toastOf(linked)).toMatchObject({ message: "calendar-sync:toast.listingLinked" });
    expect((await open()).listings.find((l) => l.listingId === listing.id)?.link).toMatchObject({ propertyKey: "prop-page" });
    expect(await ReservationNight.count({ where: { listingId: listing.id } })).toBe(2);

    const unlinked = await post({ intent: "unlink", listingId: String(listing.id) });
    expect(await toastOf(unlinked)).toMatchObject({ message: "calendar-sync:toast.unsynced" });
    expect(await ReservationNight.count({ where: { listingId: listing.id } })).toBe(0);
    expect(await post({ intent: "unlink", listingId: String(listing.id) })).toMatchObject({ status: 404, data: { error: "calendar-sync:errors.unsyncFailed" } });
  });
});
