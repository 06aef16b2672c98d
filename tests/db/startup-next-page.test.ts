// The page the start-up step prefetches (ADR 145): a host's dashboard, a traveler's upcoming
// stay (the soonest, still running or to come, not declined or cancelled), or nothing.
import { describe, expect, it } from "vitest";
import { Reservation } from "~/db/models/reservation.server";
import { createReservation } from "~/services/booking/booking.server";
import { nextLikelyPage } from "~/services/startup/next-page.server";
import { createBookingUser, createPublicHotel, createPublicListing, stayFrom } from "../factories/booking-factories";

describe("nextLikelyPage", () => {
  it("gives a host the dashboard and a traveler without a trip nothing", async () => {
    const now = new Date();
    const user = await createBookingUser();
    expect(await nextLikelyPage({ id: user.id, hostMode: true }, now)).toBe("/dashboard");
    expect(await nextLikelyPage({ id: user.id, hostMode: false }, now)).toBeNull();
  });

  it("gives a traveler the page of their soonest upcoming stay, skipping cancelled ones", async () => {
    const now = new Date();
    const traveler = await createBookingUser();
    const later = await createReservation({ id: traveler.id }, { listingId: (await createPublicListing()).id, adults: 1, ...stayFrom(now, 30, 2) }, { now, termsAccepted: true });
    const { listing: hotel, roomType } = await createPublicHotel();
    const sooner = await createReservation({ id: traveler.id }, { listingId: hotel.id, roomTypeId: roomType.id, adults: 1, ...stayFrom(now, 10, 2) }, { now, termsAccepted: true });
    expect(await nextLikelyPage({ id: traveler.id, hostMode: false }, now)).toBe(`/est-reservation-details/${sooner.id}`);
    await Reservation.update({ status: "cancelled" }, { where: { id: sooner.id } });
    expect(await nextLikelyPage({ id: traveler.id, hostMode: false }, now)).toBe(`/reservation-details/${later.id}`);
  });
});
