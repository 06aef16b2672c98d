// Lists of /api/v1 page the same way (issue 22 point 6, ADR 225): ?page=&pageSize= (1–100) in,
// page, pageSize and total out next to the list (old list keys kept); a bad value is a 400.
import { describe, expect, it } from "vitest";
import { loader as reservationsLoader } from "~/routes/api.v1.reservations._index";
import { loader as reviewsLoader } from "~/routes/api.v1.properties.$id_.reviews";
import { loader as payoutsLoader } from "~/routes/api.v1.host.payouts";
import { loader as conversationsLoader } from "~/routes/api.v1.conversations._index";
import { loader as experiencesLoader } from "~/routes/api.v1.experiences._index";
import { saveReview } from "~/services/reviews/review-writes.server";
import { createSession } from "~/utils/auth-sessions.server";
import { paginate } from "~/utils/api-pagination";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { createCompletedStay, stars } from "../factories/review-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const call = (path: string, token: string | null) =>
  new Request(`http://localhost/api/v1${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe("pagination of the API's lists", () => {
  it("paginate() slices and counts", () => {
    expect(paginate([1, 2, 3, 4, 5], { page: 2, pageSize: 2 })).toEqual({ items: [3, 4], page: 2, pageSize: 2, total: 5 });
    expect(paginate([1], { page: 3, pageSize: 2 })).toEqual({ items: [], page: 3, pageSize: 2, total: 1 });
  });

  it("pages the reservations, reviews, conversations, payouts and experiences; refuses a pageSize over 100", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const traveler = await createBookingUser();
    const token = (await createSession(traveler.id, "api")).id;
    for (const daysAgo of [2, 10, 20]) await createCompletedStay({ listingId: listing.id, hostId: host.id, travelerId: traveler.id, checkedOutDaysAgo: daysAgo });
    for (let i = 0; i < 2; i++) {
      const other = await createBookingUser();
      const stay = await createCompletedStay({ listingId: listing.id, hostId: host.id, travelerId: other.id });
      await saveReview({ id: other.id, role: other.role }, stay.id, { text: `A fine stay number ${i}.`, ratings: stars(4) });
    }

    const first = await reservationsLoader(args(call("/reservations?pageSize=2", token)));
    const firstBody = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", first)) as { reservations: unknown[]; page: number; pageSize: number; total: number };
    expect(firstBody).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(firstBody.reservations).toHaveLength(2);
    const second = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", await reservationsLoader(args(call("/reservations?pageSize=2&page=2", token))))) as { reservations: unknown[] };
    expect(second.reservations).toHaveLength(1);
    // Without ?pageSize= the old answer stays whole (up to 100).
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", await reservationsLoader(args(call("/reservations", token))))).toMatchObject({ pageSize: 100, total: 3 });
    const tooBig = await reservationsLoader(args(call("/reservations?pageSize=101", token)));
    expect(tooBig.status).toBe(400);
    expect(((await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations", tooBig)) as { error: { code: string; fields: object } }).error).toMatchObject({ code: "invalid_input", fields: { pageSize: expect.any(String) } });

    const reviews = await reviewsLoader(args(call(`/properties/${listing.id}/reviews?pageSize=1`, null), { id: String(listing.id) }));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/reviews", reviews)).toMatchObject({ page: 1, pageSize: 1, total: 2, count: 2, pageCount: 2 });
    const badReviews = await reviewsLoader(args(call(`/properties/${listing.id}/reviews?pageSize=0`, null), { id: String(listing.id) }));
    expect(badReviews.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/properties/{id}/reviews", badReviews);

    const conversations = await conversationsLoader(args(call("/conversations?pageSize=5", token)));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/conversations", conversations)).toMatchObject({ conversations: [], page: 1, pageSize: 5, total: 0 });
    const hostToken = (await createSession(host.id, "api")).id;
    const payouts = await payoutsLoader(args(call("/host/payouts?page=2", hostToken)));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/host/payouts", payouts)).toMatchObject({ payouts: [], page: 2, pageSize: 100, total: 0 });
    const experiences = await experiencesLoader(args(call("/experiences?pageSize=3", null)));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/experiences", experiences)).toMatchObject({ page: 1, pageSize: 3 });
    const badExperiences = await experiencesLoader(args(call("/experiences?pageSize=500", null)));
    expect(badExperiences.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/experiences", badExperiences);
  });
});
