// The calendar-sync and channel-manager /api/v1 routes through their handlers, held against the
// OpenAPI document: calendars (GET, POST 201 / 400 "Invalid URL"), sync (200 with the state),
// DELETE (frees the nights), imported nights unavailable in the availability API and refused by
// booking (409), the channel-manager token, link and unlink, and 403 for another host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/utils/auth-sessions.server";
import { createBeds24Adapter } from "~/services/channel-manager/beds24-adapter.server";
import { setChannelManagerForTests } from "~/services/channel-manager/links.server";
import * as availabilityRoute from "~/routes/api.v1.properties.$id_.availability";
import * as reservationsRoute from "~/routes/api.v1.reservations._index";
import * as calendarsRoute from "~/routes/api.v1.host.listings.$id_.calendars";
import * as feedRoute from "~/routes/api.v1.host.listings.$id_.calendars.$feedId";
import * as syncRoute from "~/routes/api.v1.host.listings.$id_.calendars.$feedId_.sync";
import * as channelRoute from "~/routes/api.v1.host.channel-manager";
import * as linksRoute from "~/routes/api.v1.host.channel-manager_.links";
import * as unlinkRoute from "~/routes/api.v1.host.channel-manager_.links.$listingId";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";
import { startChannelManagerServer, type ChannelManagerServer } from "../support/channel-manager-server";
import { icalOf, startIcalServer, type IcalServer } from "../support/ical-server";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";
const now = new Date();
const day = (offset: number) => stayFrom(now, offset, 1).checkIn;

let ical: IcalServer;
let channel: ChannelManagerServer;
beforeAll(async () => {
  process.env.CALENDAR_SYNC_ALLOW_PRIVATE = "true";
  ical = await startIcalServer();
  channel = await startChannelManagerServer();
  channel.addAccount("api-token-123", { "prop-1": [{ firstNight: day(40), lastNight: day(40) }] });
  setChannelManagerForTests(createBeds24Adapter({ baseUrl: channel.url, timeoutMs: 5000 }));
});
afterAll(async () => {
  delete process.env.CALENDAR_SYNC_ALLOW_PRIVATE;
  setChannelManagerForTests(null);
  await ical.close();
  await channel.close();
});

async function tokenFor(user: { id: number }): Promise<string> {
  return (await createSession(user.id, "api")).id;
}

function request(path: string, token: string | null, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

describe("/api/v1/host/listings/{id}/calendars", () => {
  it("adds, syncs, lists and deletes a feed; imported nights are unavailable and refuse bookings (409); another host gets 403", async () => {
    const host = await createBookingUser();
    const token = await tokenFor(host);
    const listing = await createPublicListing({ hostId: host.id });
    const id = String(listing.id);
    const base = `/api/v1/host/listings/${id}/calendars`;
    ical.set("/api.ics", { body: icalOf([[day(20), day(22)]]) });

    const invalid = await call(calendarsRoute.action, request(base, token, { json: { source: "airbnb", url: "not a url" } }), { id });
    expect(invalid.status).toBe(400);
    const invalidBody = await expectApiResponseMatchesOpenApi("post", "/api/v1/host/listings/{id}/calendars", invalid);
    expect(JSON.stringify(invalidBody)).toContain("Invalid URL");

    const created = await call(calendarsRoute.action, request(base, token, { json: { source: "airbnb", url: ical.url("/api.ics") } }), { id });
    expect(created.status).toBe(201);
    const { id: feedId } = (await expectApiResponseMatchesOpenApi("post", "/api/v1/host/listings/{id}/calendars", created)) as { id: number };

    const synced = await call(syncRoute.action, request(`${base}/${feedId}/sync`, token, { method: "POST" }), { id, feedId: String(feedId) });
    expect(synced.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/host/listings/{id}/calendars/{feedId}/sync", synced)).toMatchObject({
      id: feedId,
      source: "airbnb",
      error: null,
      blockedNights: 2,
      stale: false,
    });

    const listed = await call(calendarsRoute.loader, request(base, token), { id });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/host/listings/{id}/calendars", listed)) as { exportUrl: string; feeds: unknown[] };
    expect(body.exportUrl).toMatch(/\/ical\/[\w-]{32,}\.ics$/);
    expect(body.feeds).toHaveLength(1);

    const availability = await call(availabilityRoute.loader, request(`/api/v1/properties/${id}/availability?from=${day(19)}&to=${day(23)}`, null), { id });
    const nights = (await availability.json()) as { nights: Array<{ date: string; status: string }> };
    expect(nights.nights.filter((night) => night.status !== "free").map((night) => night.date)).toEqual([day(20), day(21)]);

    const traveler = await createBookingUser();
    const booked = await call(reservationsRoute.action, request("/api/v1/reservations", await tokenFor(traveler), { json: { acceptTerms: true, propertyId: listing.id, adults: 1, ...stayFrom(now, 21, 2) } }));
    expect(booked.status).toBe(409);

    // A broken feed: 200 with its error, nothing freed.
    ical.set("/api.ics", { status: 503, body: "down" });
    const broken = await call(syncRoute.action, request(`${base}/${feedId}/sync?lng=fr`, token, { method: "POST" }), { id, feedId: String(feedId) });
    expect(await broken.json()).toMatchObject({ error: "L'adresse du calendrier a répondu par une erreur.", blockedNights: 2 });

    const stranger = await tokenFor(await createBookingUser());
    expect((await call(calendarsRoute.loader, request(base, stranger), { id })).status).toBe(403);
    expect((await call(calendarsRoute.action, request(base, stranger, { json: { source: "other", url: "https://example.com/a.ics" } }), { id })).status).toBe(403);
    expect((await call(syncRoute.action, request(`${base}/${feedId}/sync`, stranger, { method: "POST" }), { id, feedId: String(feedId) })).status).toBe(403);
    expect((await call(feedRoute.action, request(`${base}/${feedId}`, stranger, { method: "DELETE" }), { id, feedId: String(feedId) })).status).toBe(403);

    const deleted = await call(feedRoute.action, request(`${base}/${feedId}`, token, { method: "DELETE" }), { id, feedId: String(feedId) });
    expect(deleted.status).toBe(204);
    const after = await call(availabilityRoute.loader, request(`/api/v1/properties/${id}/availability?from=${day(19)}&to=${day(23)}`, null), { id });
    expect(((await after.json()) as typeof nights).nights.every((night) => night.status === "free")).toBe(true);
  });
});

describe("/api/v1/host/channel-manager", () => {
  it("saves the token (400 when refused), links (409 before the token), unlinks; another host gets 403", async () => {
    const host = await createBookingUser();
    const token = await tokenFor(host);
    const listing = await createPublicListing({ hostId: host.id });
    const early = await call(linksRoute.action, request("/api/v1/host/channel-manager/links", token, { json: { listingId: listing.id, propertyKey: "prop-1" } }));
    expect(early.status).toBe(409);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/host/channel-manager/links", early);

    const refused = await call(channelRoute.action, request("/api/v1/host/channel-manager", token, { method: "PUT", json: { token: "bad-token-000" } }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await expectApiResponseMatchesOpenApi("put", "/api/v1/host/channel-manager", refused))).toContain("The token is not valid.");
    const short = await call(channelRoute.action, request("/api/v1/host/channel-manager", token, { method: "PUT", json: { token: "x" } }));
    expect(JSON.stringify(await short.json())).toContain("Please enter a valid token");

    const saved = await call(channelRoute.action, request("/api/v1/host/channel-manager", token, { method: "PUT", json: { token: "api-token-123" } }));
    expect(await expectApiResponseMatchesOpenApi("put", "/api/v1/host/channel-manager", saved)).toEqual({ linked: true, links: [] });

    const stranger = await tokenFor(await createBookingUser());
    expect((await call(linksRoute.action, request("/api/v1/host/channel-manager/links", stranger, { json: { listingId: listing.id, propertyKey: "prop-1" } }))).status).toBe(403);

    const linked = await call(linksRoute.action, request("/api/v1/host/channel-manager/links", token, { json: { listingId: listing.id, propertyKey: "prop-1" } }));
    expect(linked.status).toBe(201);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/host/channel-manager/links", linked);
    const state = await call(channelRoute.loader, request("/api/v1/host/channel-manager", token));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/host/channel-manager", state)).toMatchObject({ linked: true, links: [{ listingId: listing.id, propertyKey: "prop-1", error: null }] });

    expect((await call(unlinkRoute.action, request(`/api/v1/host/channel-manager/links/${listing.id}`, stranger, { method: "DELETE" }), { listingId: String(listing.id) })).status).toBe(403);
    const unlinked = await call(unlinkRoute.action, request(`/api/v1/host/channel-manager/links/${listing.id}`, token, { method: "DELETE" }), { listingId: String(listing.id) });
    expect(unlinked.status).toBe(204);
    const again = await call(unlinkRoute.action, request(`/api/v1/host/channel-manager/links/${listing.id}`, token, { method: "DELETE" }), { listingId: String(listing.id) });
    expect(again.status).toBe(404);
    expect(JSON.stringify(await again.json())).toContain("Error deleting the sync.");
  });
});
