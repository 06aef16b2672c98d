// The /api/v1 reviews routes through their handlers, held against the OpenAPI document: a review
// of a completed stay (201; 403 not your stay; 409 twice or window closed; 400 with the §5 field
// message), the listing's reviews and rating (and on search items and property details), the
// author's PATCH/DELETE (403 for others), the host's reply, and `reviewable` on reservations.
import { describe, expect, it } from "vitest";
import { createSession } from "~/utils/auth-sessions.server";
import * as propertyReviewsRoute from "~/routes/api.v1.properties.$id_.reviews";
import * as propertyRoute from "~/routes/api.v1.properties.$id";
import * as reservationsRoute from "~/routes/api.v1.reservations._index";
import * as reviewRoute from "~/routes/api.v1.reservations.$id_.review";
import * as reviewItemRoute from "~/routes/api.v1.reviews.$id";
import * as replyRoute from "~/routes/api.v1.reviews.$id_.reply";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { createCompletedStay, stars } from "../factories/review-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";
const tokenFor = async (user: { id: number }) => (await createSession(user.id, "api")).id;

function request(path: string, token: string | null, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method: init.method ?? (init.json !== undefined ? "POST" : "GET"), headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined });
}
type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

describe("reviews API", () => {
  it("reviews a completed stay once; the listing's reviews, rating and count follow; errors as documented", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const stay = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
    const [token, strangerToken, hostToken] = await Promise.all([tokenFor(traveler), tokenFor(stranger), tokenFor(host)]);
    const path = `/api/v1/reservations/${stay.id}/review`;
    const params = { id: String(stay.id) };

    const mine = await call(reservationsRoute.loader, request("/api/v1/reservations", token));
    const listed = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", mine)) as { reservations: { id: number; reviewable: boolean }[] };
    expect(listed.reservations.find((r) => r.id === stay.id)?.reviewable).toBe(true);

    const short = await call(reviewRoute.action, request(`${path}?lng=fr`, token, { json: { text: "Bof.", ratings: stars(4) } }), params);
    expect(short.status).toBe(400);
    const shortBody = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/review", short)) as { error: { fields: Record<string, string> } };
    expect(shortBody.error.fields.text).toBe("Le commentaire doit contenir au moins 10 caractères");
    const badRating = await call(reviewRoute.action, request(path, token, { json: { text: "A lovely stay indeed.", ratings: { ...stars(4), tours: 6 } } }), params);
    expect(badRating.status).toBe(400);

    const notMine = await call(reviewRoute.action, request(path, strangerToken, { json: { text: "A lovely stay indeed.", ratings: stars(4) } }), params);
    expect(notMine.status).toBe(403);
    const created = await call(reviewRoute.action, request(path, token, { json: { text: "A lovely stay indeed.", ratings: { ...stars(4), price: 3 } } }), params);
    expect(created.status).toBe(201);
    const { id } = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/review", created)) as { id: number };
    const twice = await call(reviewRoute.action, request(path, token, { json: { text: "A lovely stay indeed.", ratings: stars(4) } }), params);
    expect(twice.status).toBe(409);
    const late = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, checkedOutDaysAgo: 40 });
    const closed = await call(reviewRoute.action, request(`/api/v1/reservations/${late.id}/review`, token, { json: { text: "A lovely stay indeed.", ratings: stars(4) } }), { id: String(late.id) });
    expect(closed.status).toBe(409);

    const page = await call(propertyReviewsRoute.loader, request(`/api/v1/properties/${listing.id}/reviews`, null), { id: String(listing.id) });
    const reviews = (await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/reviews", page)) as {
      items: { id: number; rating: number; author: { firstName: string }; reply: unknown }[];
      rating: number;
      count: number;
    };
    expect(reviews).toMatchObject({ rating: 3.8, count: 1, items: [{ id, rating: 3.8, author: { firstName: "Test" }, reply: null }] });
    const details = await call(propertyRoute.loader, request(`/api/v1/properties/${listing.id}`, null), { id: String(listing.id) });
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}", details)).toMatchObject({ rating: 3.8, reviewCount: 1 });

    const hostEdit = await call(reviewItemRoute.action, request(`/api/v1/reviews/${id}`, hostToken, { method: "PATCH", json: { text: "Host rewrites it.", ratings: stars(5) } }), { id: String(id) });
    expect(hostEdit.status).toBe(403);
    const edit = await call(reviewItemRoute.action, request(`/api/v1/reviews/${id}`, token, { method: "PATCH", json: { text: "Even better on reflection.", ratings: stars(5) } }), { id: String(id) });
    await expectApiResponseMatchesOpenApi("patch", "/api/v1/reviews/{id}", edit);
    const travelerReply = await call(replyRoute.action, request(`/api/v1/reviews/${id}/reply`, token, { json: { reply: "Me again" } }), { id: String(id) });
    expect(travelerReply.status).toBe(403);
    const reply = await call(replyRoute.action, request(`/api/v1/reviews/${id}/reply`, hostToken, { json: { reply: "Thank you for staying!" } }), { id: String(id) });
    await expectApiResponseMatchesOpenApi("post", "/api/v1/reviews/{id}/reply", reply);
    const after = (await (await call(propertyReviewsRoute.loader, request(`/api/v1/properties/${listing.id}/reviews`, null), { id: String(listing.id) })).json()) as {
      rating: number;
      items: { text: string; reply: { text: string } }[];
    };
    expect(after).toMatchObject({ rating: 5, items: [{ text: "Even better on reflection.", reply: { text: "Thank you for staying!" } }] });

    const strangerDelete = await call(reviewItemRoute.action, request(`/api/v1/reviews/${id}`, strangerToken, { method: "DELETE" }), { id: String(id) });
    expect(strangerDelete.status).toBe(403);
    const deleted = await call(reviewItemRoute.action, request(`/api/v1/reviews/${id}`, token, { method: "DELETE" }), { id: String(id) });
    expect(deleted.status).toBe(204);
    const empty = (await (await call(propertyReviewsRoute.loader, request(`/api/v1/properties/${listing.id}/reviews`, null), { id: String(listing.id) })).json()) as { rating: null; count: number };
    expect(empty).toMatchObject({ rating: null, count: 0 });
  });
});
