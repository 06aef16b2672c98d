// Screens that say the right thing (issue 12, point 6), held on the data the reservation page
// renders: the discount names the quote's percent, and the host's payout follows cancellations.
import { describe, expect, it } from "vitest";
import { Listing } from "~/db/models/listing.server";
import { createReservation } from "~/services/booking/booking.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { getReservationDetails } from "~/services/booking/reservation-details.server";
import { acceptRequest, cancelReservation } from "~/services/booking/reservation.server";
import { renderReservationEmail } from "~/services/booking/reservation-emails.server";
import { formatStayDate } from "~/utils/stay-date";
import { countHostTabs, listHostReservations } from "~/services/booking/reservation-lists.server";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";

const now = new Date();
const viewer = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

async function paidStay(options: { nights: number; weekly?: number; policy?: "flexible" | "strict"; daysAhead?: number }) {
  const host = await createBookingUser();
  const traveler = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id, cancellationPolicy: options.policy ?? "flexible" });
  if (options.weekly) await Listing.update({ weeklyDiscountPct: options.weekly }, { where: { id: listing.id } });
  const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, options.daysAhead ?? 40, options.nights) }, { now, termsAccepted: true });
  const started = await startPayment(traveler, reservation.id, "card", { now });
  await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "T T" }, now);
  expect((await verifyPayment(started.payment.reference, { now })).state).toBe("success");
  return { host, traveler, reservation };
}

describe("reservation page data", () => {
  it("names the weekly discount with the percent the quote used", async () => {
    const { host, traveler, reservation } = await paidStay({ nights: 7, weekly: 10 });
    for (const who of [traveler, host]) {
      const details = await getReservationDetails(viewer(who), reservation.id);
      expect(details.price.discount).toBe(70_000);
      expect([details.price.discountKind, details.price.discountPercent]).toEqual(["weekly", 10]);
    }
  });

  it("shows the host the payout left after a cancellation: none when the host cancels, the kept share when the traveler does", async () => {
    const byHost = await paidStay({ nights: 2 });
    const booked = (await getReservationDetails(viewer(byHost.host), byHost.reservation.id)).price;
    expect(booked.hostPayout).toBe(booked.total - booked.serviceFee - booked.hostCommission);
    await cancelReservation(viewer(byHost.host), byHost.reservation.id, { now });
    expect((await getReservationDetails(viewer(byHost.host), byHost.reservation.id)).price.hostPayout).toBe(0);

    // Flexible, 40 days ahead: the traveler gets the nights and cleaning back, the host keeps nothing.
    const byTraveler = await paidStay({ nights: 2 });
    await cancelReservation(viewer(byTraveler.traveler), byTraveler.reservation.id, { now });
    expect((await getReservationDetails(viewer(byTraveler.host), byTraveler.reservation.id)).price.hostPayout).toBe(0);

    // Strict, 10 days ahead: half the nights come back; the host's payout is what is not refunded, less commission.
    const strict = await paidStay({ nights: 2, policy: "strict", daysAhead: 10 });
    const strictBooked = (await getReservationDetails(viewer(strict.host), strict.reservation.id)).price.hostPayout;
    await cancelReservation(viewer(strict.traveler), strict.reservation.id, { now });
    const payout = (await getReservationDetails(viewer(strict.host), strict.reservation.id)).price.hostPayout;
    expect(payout).toBeGreaterThan(0);
    expect(payout).toBeLessThan(strictBooked);
  });

  it("announces the same refund due date before cancelling (preview) and after (the refund itself)", async () => {
    const { traveler, reservation } = await paidStay({ nights: 2 });
    const preview = (await getReservationDetails(viewer(traveler), reservation.id, { now })).cancellation?.refund?.dueDate;
    expect(preview).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await cancelReservation(viewer(traveler), reservation.id, { now });
    const [refund] = (await getReservationDetails(viewer(traveler), reservation.id, { now })).refunds;
    expect(refund!.dueDate).toBe(preview);
  });
});

describe("the host's reservation tabs", () => {
  it("do not list a direct booking waiting for payment under pending requests: it holds its nights, so it is upcoming", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 30, 2) }, { now, termsAccepted: true });
    expect(reservation.status).toBe("pending_payment");
    expect((await listHostReservations(host.id, "pending", { now })).map((row) => row.id)).not.toContain(reservation.id);
    expect((await listHostReservations(host.id, "upcoming", { now })).map((row) => row.id)).toContain(reservation.id);
    expect(await countHostTabs(host.id, { now })).toMatchObject({ pending: 0, upcoming: 1 });
  });
});

describe("host wording", () => {
  it("tells the host who accepted a request that the traveler pays, not to pay within 24 hours, with dates written out", async () => {
    const host = await createBookingUser({ language: "en" });
    const traveler = await createBookingUser({ language: "fr" });
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const stay = stayFrom(now, 30, 2);
    const request = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stay }, { now, termsAccepted: true });
    await acceptRequest(viewer(host), request.id, { now });
    const toHost = (await renderReservationEmail({ kind: "accepted", reservationId: request.id, to: "host" }))!;
    const toTraveler = (await renderReservationEmail({ kind: "accepted", reservationId: request.id, to: "traveler" }))!;
    expect(toHost.subject).toBe(`You accepted request ${request.reference}: the traveler has 24 hours to pay`);
    expect(toTraveler.subject).toContain("payez");
    expect(toTraveler.text).toContain(formatStayDate("fr", stay.checkIn));
    expect(toTraveler.text).not.toContain(stay.checkIn);
  });
});
