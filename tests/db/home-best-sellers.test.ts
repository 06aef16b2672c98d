// The home page's best sellers (issue 16 point 3): the public listings most booked in the last
// 90 days, most bookings first; bookings made earlier, or not confirmed, do not count; the rest of
// the section is filled with the other public listings by rating (today the recommended order:
// no reviews yet), never with a listing that is not public.
import { describe, expect, it } from "vitest";
import { getSequelize } from "~/db/sequelize.server";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { loadHome } from "~/services/search/home.server";
import { createPublicListing, holdNights, uniqueCity } from "../factories/discovery-factories";

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);

// Each booking takes its own night, so a listing's bookings never overlap.
let nextNight = 40;

async function bookedDaysAgo(listing: Awaited<ReturnType<typeof createPublicListing>>, daysAgo: number, status: "confirmed" | "pending_payment" = "confirmed") {
  const offset = nextNight++;
  const reservation = await holdNights(listing, day(offset), day(offset + 1), { status });
  await getSequelize().query("UPDATE reservations SET created_at = :at WHERE id = :id", {
    replacements: { at: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000), id: reservation.id },
  });
}

describe("home best sellers", () => {
  it("most booked in the last 90 days first, then the other public listings by rating", async () => {
    const city = uniqueCity("Nabeul");
    // Approved in this order: the newest approved ranks first among the unbooked (recommended order).
    const oldFavourite = await createPublicListing({ city, approvedAt: new Date("2025-01-01T00:00:00Z") });
    const recent = await createPublicListing({ city, approvedAt: new Date("2025-02-01T00:00:00Z") });
    const once = await createPublicListing({ city, approvedAt: new Date("2025-03-01T00:00:00Z") });
    const unbookedNewest = await createPublicListing({ city, approvedAt: new Date("2025-04-01T00:00:00Z") });
    const hidden = await createPublicListing({ city, visibility: "hidden" });

    // Many bookings long ago (outside the 90 days) and one unpaid: not best sellers by booking.
    for (let i = 0; i < 3; i++) await bookedDaysAgo(oldFavourite, 120);
    await bookedDaysAgo(oldFavourite, 5, "pending_payment");
    await bookedDaysAgo(recent, 10);
    await bookedDaysAgo(recent, 89);
    await bookedDaysAgo(once, 1);
    // A hidden listing's bookings never make it a best seller.
    for (let i = 0; i < 4; i++) await bookedDaysAgo(hidden, 2);

    const home = await loadHome(new Date());
    expect(home.bestSellers.map((listing) => listing.id)).toEqual([recent.id, once.id, unbookedNewest.id, oldFavourite.id]);
  });
});
