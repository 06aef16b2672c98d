import { describe, expect, it } from "vitest";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { createReservation, DATES_BOOKED_KEY, previewBooking } from "~/services/booking/booking.server";
import { getHostCalendar, setBlocked, setPrice } from "~/services/calendar/calendar.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";

const now = new Date();
const day = (offset: number) => stayFrom(now, offset, 1).checkIn;
const actor = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

function flatten(calendar: Awaited<ReturnType<typeof getHostCalendar>>["calendar"]) {
  return new Map(calendar.weeks.flat().filter((d) => d !== null).map((d) => [d!.date, d!]));
}

describe("host calendar", () => {
  it("shows booked, held, blocked and free nights with their prices", async () => {
    const host = await createBookingUser();
    const [a, b] = [await createBookingUser(), await createBookingUser()];
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    const paid = await createReservation({ id: a.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 3, 1) }, { now, termsAccepted: true });
    const started = await startPayment(a, paid.id, "card", { now });
    await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "A B" }, now);
    await verifyPayment(started.payment.reference, { now });
    await createReservation({ id: b.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 4, 1) }, { now, termsAccepted: true });
    await setBlocked(actor(host), listing.id, { kind: "range", from: day(5), to: day(5) }, true, { now });
    await setPrice(actor(host), listing.id, { kind: "range", from: day(6), to: day(6) }, 150_000, { now });

    const states = new Map<string, ReturnType<typeof flatten> extends Map<string, infer D> ? D : never>();
    for (const offset of [3, 4, 5, 6]) {
      const month = day(offset).slice(0, 7);
      const view = await getHostCalendar(actor(host), listing.id, month, { now });
      for (const [date, d] of flatten(view.calendar)) states.set(date, d);
    }
    expect(states.get(day(3))!.state).toBe("booked");
    expect(states.get(day(4))!.state).toBe("held");
    expect(states.get(day(5))!.state).toBe("blocked");
    expect(states.get(day(6))).toMatchObject({ state: "free", price: 150_000 });
    expect(states.get(day(3))!.price).toBe(100_000);
  });

  it("blocks and unblocks a date, a range and all; blocked dates cannot be booked", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    expect(await setBlocked(actor(host), listing.id, { kind: "range", from: day(10), to: day(12) }, true, { now })).toBe(3);
    await expect(
      createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 11, 2) }, { now, termsAccepted: true }),
    ).rejects.toMatchObject({ status: 409, key: DATES_BOOKED_KEY });
    await setBlocked(actor(host), listing.id, { kind: "range", from: day(11), to: day(11) }, false, { now });
    expect(await CalendarDay.count({ where: { listingId: listing.id, blocked: true } })).toBe(2);

    await setBlocked(actor(host), listing.id, { kind: "all" }, true, { now });
    expect(await CalendarDay.count({ where: { listingId: listing.id, blocked: true } })).toBeGreaterThan(360);
    await setBlocked(actor(host), listing.id, { kind: "all" }, false, { now });
    expect(await CalendarDay.count({ where: { listingId: listing.id } })).toBe(0);
    const preview = await previewBooking({ listingId: listing.id, adults: 1, ...stayFrom(now, 11, 2) }, { now });
    expect(preview.available).toBe(true);
  });

  it("prices a range (used by the booking quote) and resets it to the base price", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000, cleaningFee: 0 });
    await setPrice(actor(host), listing.id, { kind: "range", from: day(20), to: day(21) }, 200_000, { now });
    const quoted = await previewBooking({ listingId: listing.id, adults: 1, ...stayFrom(now, 20, 3) }, { now });
    expect(quoted.quote!.nightsTotal).toBe(500_000);
    await setPrice(actor(host), listing.id, { kind: "range", from: day(20), to: day(21) }, null, { now });
    expect(await CalendarDay.count({ where: { listingId: listing.id } })).toBe(0);
  });

  it("only the listing's host (or an operator) may see or change it; bad input is refused", async () => {
    const host = await createBookingUser();
    const stranger = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    await expect(getHostCalendar(actor(stranger), listing.id, day(1).slice(0, 7), { now })).rejects.toMatchObject({ status: 403 });
    await expect(setBlocked(actor(stranger), listing.id, { kind: "all" }, true, { now })).rejects.toMatchObject({ status: 403 });
    await expect(setPrice(actor(host), listing.id, { kind: "range", from: day(3), to: day(2) }, 1000, { now })).rejects.toMatchObject({
      status: 400,
    });
    await expect(setPrice(actor(host), listing.id, { kind: "range", from: day(3), to: day(3) }, -5, { now })).rejects.toMatchObject({
      status: 400,
    });
    // Past dates are left alone.
    expect(await setBlocked(actor(host), listing.id, { kind: "range", from: day(-5), to: day(0) }, true, { now })).toBe(1);
  });
});
