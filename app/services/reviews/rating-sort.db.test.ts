import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { saveReview } from "~/services/reviews/review-writes.server";
import { searchListings } from "~/services/search/search.server";
import { TND } from "~/domain/money";
import { createBookingUser } from "../../../tests/factories/booking-factories";
import { createPublicListing, uniqueCity } from "../../../tests/factories/discovery-factories";
import { createCompletedStay, stars } from "../../../tests/factories/review-factories";

const now = new Date("2030-01-10T09:00:00Z");

async function review(listing: { id: number; hostId: number }, value: number) {
  const traveler = await createBookingUser();
  const stay = await createCompletedStay({ hostId: listing.hostId, listingId: listing.id, travelerId: traveler.id });
  await saveReview({ id: traveler.id, role: "user" }, stay.id, { text: "Reviewed for the sort test.", ratings: stars(value) });
}

async function found(overrides: Partial<SearchQuery>) {
  const result = await searchListings({ query: { ...EMPTY_SEARCH, types: [], travelTypes: [], amenities: [], ...overrides }, currency: TND, now, pageSize: 100 });
  return result.items;
}

describe("sort=rating", () => {
  it("orders rated listings best first, ties by the number of reviews, unrated last; cards carry rating and count", async () => {
    const city = uniqueCity();
    const unrated = await createPublicListing({ city });
    const low = await createPublicListing({ city });
    const oneAtFour = await createPublicListing({ city });
    const twoAtFour = await createPublicListing({ city });
    const best = await createPublicListing({ city });
    await review(low, 3);
    await review(oneAtFour, 4);
    await review(twoAtFour, 4);
    await review(twoAtFour, 4);
    await review(best, 5);
    const expected = [best.id, twoAtFour.id, oneAtFour.id, low.id, unrated.id];

    const byDatabase = await found({ destination: city, sort: "rating" });
    expect(byDatabase.map((item) => item.id)).toEqual(expected);
    expect(byDatabase.map((item) => [item.rating, item.reviewCount])).toEqual([
      [5, 1],
      [4, 2],
      [4, 1],
      [3, 1],
      [null, 0],
    ]);
    // With dates and a price filter every candidate is priced here, then sorted the same way.
    const priced = await found({ destination: city, sort: "rating", checkIn: "2030-02-10", checkOut: "2030-02-12", minPrice: "1" });
    expect(priced.map((item) => item.id)).toEqual(expected);
  });
});
