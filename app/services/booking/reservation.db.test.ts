import { afterEach, describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { Refund } from "~/db/models/refund.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { Reservation } from "~/db/models/reservation.server";
import { Voucher } from "~/db/models/voucher.server";
import { createReservation, DATES_BOOKED_KEY } from "~/services/booking/booking.server";
import "~/services/booking/booking-jobs.server";
import { listOutbox } from "~/services/email/email.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { reviewBankPayment, uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { RESERVATION_EMAIL_KINDS, renderReservationEmail } from "~/services/booking/reservation-emails.server";
import { acceptRequest, cancelReservation, declineRequest } from "~/services/booking/reservation.server";
import { countHostTabs, listHostReservations, tripHistory } from "~/services/booking/reservation-lists.server";
import { getReservationDetails, previewCancellation } from "~/services/booking/reservation-details.server";
import { createBookingUser, createPublicHotel, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";

const now = new Date();
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const asViewer = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

async function book(traveler: { id: number }, listingId: number, stay: { checkIn: string; checkOut: string }, extra: Record<string, unknown> = {}, when = now) {
  return createReservation({ id: traveler.id }, { listingId, adults: 1, ...stay, ...extra }, { now: when, termsAccepted: true });
}

async function pay(traveler: { id: number }, reservationId: number, when = now) {
  const started = await startPayment(traveler, reservationId, "card", { now: when });
  await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "T T" }, when);
  const result = await verifyPayment(started.payment.reference, { now: when });
  expect(result.state).toBe("success");
}

afterEach(() => {
  delete process.env.REFUND_BANK_FEE_MILLIMES;
});

describe("requests", () => {
  it("the host accepts: nights held, 24 hours to pay, overlapping requests declined automatically", async () => {
    const host = await createBookingUser();
    const [a, b, c] = [await createBookingUser(), await createBookingUser(), await createBookingUser()];
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const first = await book(a, listing.id, stayFrom(now, 20, 3));
    const overlapping = await book(b, listing.id, stayFrom(now, 22, 3));
    const elsewhere = await book(c, listing.id, stayFrom(now, 23, 2));

    await expect(acceptRequest(asViewer(a), first.id, { now: at(1) })).rejects.toMatchObject({ status: 403 });
    const accepted = await acceptRequest(asViewer(host), first.id, { now: at(1) });
    expect(accepted.status).toBe("pending_payment");
    // (MariaDB keeps whole seconds.)
    expect(Math.floor(accepted.holdExpiresAt!.getTime() / 1000)).toBe(Math.floor(at(25).getTime() / 1000));
    expect(await ReservationNight.count({ where: { reservationId: first.id } })).toBe(3);
    const declined = (await Reservation.findByPk(overlapping.id))!;
    expect(declined.status).toBe("declined");
    expect(declined.declineReason).toBeTruthy();
    expect((await Reservation.findByPk(elsewhere.id))!.status).toBe("pending_host");

    // Unpaid 24 hours after acceptance: cancelled by the system, nights freed.
    await runDueJobs({ now: at(25.1), limit: 100 });
    const expired = (await Reservation.findByPk(first.id))!;
    expect(expired.status).toBe("cancelled");
    expect(await ReservationNight.count({ where: { reservationId: first.id } })).toBe(0);
  });

  it("declining needs a reason; an unanswered request expires after 24 hours", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const one = await book(traveler, listing.id, stayFrom(now, 30, 2));
    await expect(declineRequest(asViewer(host), one.id, "   ", { now: at(1) })).rejects.toMatchObject({ status: 400 });
    const declined = await declineRequest(asViewer(host), one.id, "Maintenance work that week", { now: at(1) });
    expect(declined.status).toBe("declined");
    expect(declined.declineReason).toBe("Maintenance work that week");

    const two = await book(traveler, listing.id, stayFrom(now, 40, 2));
    await runDueJobs({ now: at(23.9), limit: 100 });
    expect((await Reservation.findByPk(two.id))!.status).toBe("pending_host");
    await runDueJobs({ now: at(24.01), limit: 100 });
    expect((await Reservation.findByPk(two.id))!.status).toBe("expired");
    await expect(acceptRequest(asViewer(host), two.id, { now: at(25) })).rejects.toMatchObject({ status: 409 });
  });

  it("accepting a request for nights someone else now holds answers 'already booked'", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const request = await book(traveler, listing.id, stayFrom(now, 50, 2));
    // Another request for the same nights was accepted first (the second was auto-declined), so
    // simulate the other way in: a hold written directly for those nights.
    const other = await book(await createBookingUser(), listing.id, stayFrom(now, 60, 2));
    await ReservationNight.create({ reservationId: other.id, listingId: listing.id, unitKey: "listing", night: stayFrom(now, 50, 1).checkIn, slot: 0 });
    await expect(acceptRequest(asViewer(host), request.id, { now: at(1) })).rejects.toMatchObject({ status: 409, key: DATES_BOOKED_KEY });
    expect((await Reservation.findByPk(request.id))!.status).toBe("pending_host");
  });

  it("room types: accepting declines only the requests that no longer fit", async () => {
    const host = await createBookingUser();
    const { listing, roomType } = await createPublicHotel({ hostId: host.id, reservationMethod: "request", quantity: 3 });
    const big = await book(await createBookingUser(), listing.id, stayFrom(now, 20, 2), { roomTypeId: roomType.id, rooms: 2 });
    const small = await book(await createBookingUser(), listing.id, stayFrom(now, 20, 2), { roomTypeId: roomType.id, rooms: 1 });
    const tooBig = await book(await createBookingUser(), listing.id, stayFrom(now, 21, 2), { roomTypeId: roomType.id, rooms: 2 });
    await acceptRequest(asViewer(host), big.id, { now: at(1) });
    expect((await Reservation.findByPk(small.id))!.status).toBe("pending_host");
    expect((await Reservation.findByPk(tooBig.id))!.status).toBe("declined");
  });
});

describe("direct holds", () => {
  it("an unpaid hold is cancelled after 30 minutes by the job runner and the nights are freed", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const held = await book(traveler, listing.id, stayFrom(now, 10, 2));
    await runDueJobs({ now: new Date(now.getTime() + 29 * 60_000), limit: 100 });
    expect((await Reservation.findByPk(held.id))!.status).toBe("pending_payment");
    await runDueJobs({ now: new Date(now.getTime() + 30 * 60_000), limit: 100 });
    expect((await Reservation.findByPk(held.id))!.status).toBe("cancelled");
    expect(await ReservationNight.count({ where: { reservationId: held.id } })).toBe(0);
    // The nights are bookable again.
    const again = await book(await createBookingUser(), listing.id, stayFrom(now, 10, 2), {}, new Date(now.getTime() + 31 * 60_000));
    expect(again.status).toBe("pending_payment");
  });
});

describe("who may open a reservation", () => {
  it("traveler, host and operators; a stranger gets 404; host details hidden until paid", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const operator = await createBookingUser({ role: "operator" });
    const listing = await createPublicListing({ hostId: host.id });
    const r = await book(traveler, listing.id, stayFrom(now, 10, 2));

    await expect(getReservationDetails(asViewer(stranger), r.id, { now })).rejects.toMatchObject({ status: 404 });
    const travelerView = await getReservationDetails(asViewer(traveler), r.id, { now });
    expect(travelerView.side).toBe("traveler");
    expect(travelerView.hostHidden).toBe(true);
    expect(travelerView.host.email).toBeNull();
    expect(travelerView.host.phone).toBeNull();
    expect(travelerView.host.address).toBeNull();
    expect(travelerView.client).toBeNull();
    expect(travelerView.actions).toEqual(["pay", "cancel"]);

    const hostView = await getReservationDetails(asViewer(host), r.id, { now });
    expect(hostView.client?.email).toBe(traveler.email);
    expect(hostView.price.hostPayout).toBeGreaterThan(0);
    expect((await getReservationDetails(asViewer(operator), r.id, { now })).side).toBe("operator");

    await pay(traveler, r.id);
    const paidView = await getReservationDetails(asViewer(traveler), r.id, { now });
    expect(paidView.hostHidden).toBe(false);
    expect(paidView.host.email).toBe(host.email);
    expect(paidView.host.address?.street).toBe(listing.street);
    expect(paidView.displayStatus).toBe("upcoming");
  });
});

describe("cancellation and refunds", () => {
  it("the traveler sees the refund before confirming and gets it (flexible: all but the service fee, less bank fees)", async () => {
    process.env.REFUND_BANK_FEE_MILLIMES = "3000";
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ cancellationPolicy: "flexible", basePrice: 100_000, cleaningFee: 20_000 });
    const r = await book(traveler, listing.id, stayFrom(now, 10, 2));
    await pay(traveler, r.id);
    const preview = await previewCancellation(asViewer(traveler), r.id, { now: at(1) });
    // 2 × 100 + 20 = 220 subtotal, service fee 11 kept: 220 back, less 3 bank fee.
    expect(preview.refund).toMatchObject({ gross: 220_000, bankFee: 3_000, net: 217_000, percent: 100 });

    const cancelled = await cancelReservation(asViewer(traveler), r.id, { now: at(1) });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledBy).toBe("traveler");
    expect(await ReservationNight.count({ where: { reservationId: r.id } })).toBe(0);
    const refunds = await Refund.findAll({ where: { reservationId: r.id } });
    expect(refunds.map((x) => [x.reason, x.grossAmount, x.bankFee, x.amount])).toEqual([["traveler_cancelled", 220_000, 3_000, 217_000]]);
    await expect(cancelReservation(asViewer(traveler), r.id, { now: at(2) })).rejects.toMatchObject({ status: 409 });
    expect(await Refund.count({ where: { reservationId: r.id } })).toBe(1);
  });

  it("the host cancels: everything back, the service fee as a voucher taken off the next booking", async () => {
    process.env.REFUND_BANK_FEE_MILLIMES = "3000";
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000, cleaningFee: 20_000 });
    const r = await book(traveler, listing.id, stayFrom(now, 10, 2));
    await pay(traveler, r.id);
    await cancelReservation(asViewer(host), r.id, { now: at(1) });
    const refund = (await Refund.findOne({ where: { reservationId: r.id } }))!;
    expect([refund.reason, refund.grossAmount, refund.bankFee, refund.amount]).toEqual(["host_cancelled", 220_000, 0, 220_000]);
    const voucher = (await Voucher.findOne({ where: { sourceReservationId: r.id } }))!;
    expect(voucher.amount).toBe(11_000);

    const other = await createPublicListing({ basePrice: 50_000, cleaningFee: 0 });
    const next = await book(traveler, other.id, stayFrom(now, 30, 2), {}, at(2));
    expect(next.amountDue).toBe(next.total - 11_000);
    // That booking lapses unpaid: the voucher is available again.
    await runDueJobs({ now: at(3), limit: 100 });
    expect((await Voucher.findByPk(voucher.id))!.status).toBe("available");
  });
});

describe("host tabs, trip history and e-mails", () => {
  it("sorts reservations into ongoing, upcoming, completed, cancelled and pending", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const upcoming = await book(traveler, listing.id, stayFrom(now, 10, 2));
    await pay(traveler, upcoming.id);
    // A direct booking waiting for its payment holds its nights: upcoming, not a pending request.
    const awaitingPayment = await book(traveler, listing.id, stayFrom(now, 20, 2));
    const cancelled = await book(traveler, listing.id, stayFrom(now, 30, 2));
    await cancelReservation(asViewer(traveler), cancelled.id, { now });

    const ids = async (tab: Parameters<typeof listHostReservations>[1], when = now) =>
      (await listHostReservations(host.id, tab, { now: when })).map((row) => row.id);
    expect(await ids("upcoming")).toEqual([upcoming.id, awaitingPayment.id]);
    expect(await ids("pending")).toEqual([]);
    expect(await ids("cancelled")).toEqual([cancelled.id]);
    expect(await ids("ongoing", at(24 * 10 + 12))).toEqual([upcoming.id]);
    expect(await ids("completed", at(24 * 13))).toEqual([upcoming.id]);
    expect(await countHostTabs(host.id, { now })).toMatchObject({ upcoming: 2, pending: 0, cancelled: 1, ongoing: 0, completed: 0 });

    const trips = await tripHistory(traveler.id, { now });
    expect(trips.upcoming.map((row) => row.id)).toEqual([upcoming.id, awaitingPayment.id]);
    expect(trips.cancelled.map((row) => row.id)).toEqual([cancelled.id]);
    expect(trips.upcoming[0]!.path).toBe(`/reservation-details/${upcoming.id}`);
  });

  it("queues an e-mail to each party at each step, in the recipient's language", async () => {
    const host = await createBookingUser({ language: "fr" });
    const traveler = await createBookingUser({ language: "es" });
    const listing = await createPublicListing({ hostId: host.id });
    const r = await book(traveler, listing.id, stayFrom(now, 10, 2));
    const jobs = await Job.findAll({ where: { name: "reservation:email" } });
    const mine = jobs.map((j) => JSON.parse(j.payload)).filter((p) => p.reservationId === r.id);
    expect(mine.map((p) => `${p.kind}:${p.to}`).sort()).toEqual(["booked:host", "booked:traveler"]);
    const toHost = (await renderReservationEmail({ kind: "booked", reservationId: r.id, to: "host" }))!;
    const toTraveler = (await renderReservationEmail({ kind: "booked", reservationId: r.id, to: "traveler" }))!;
    expect(toHost.language).toBe("fr");
    expect(toTraveler.language).toBe("es");
    expect(toHost.text).toContain(`/fr/host/reservation-details/${r.id}`);
    expect(toTraveler.text).toContain(`/es/reservation-details/${r.id}`);
    expect(toTraveler.subject).toBe(`Reserva ${r.reference}: completa tu pago`);
    expect(toHost.subject).toBe(`Réservation ${r.reference} : un voyageur réserve ${listing.title}`);

    // The job runner sends them (once), to the outbox when no SMTP server is configured.
    await runDueJobs({ now, limit: 100 });
    await runDueJobs({ now, limit: 100 });
    const sent = (await listOutbox(1000)).filter((m) => m.template === "reservation-booked" && m.subject.includes(r.reference));
    expect(sent.map((m) => [m.to, m.language]).sort()).toEqual([[host.email, "fr"], [traveler.email, "es"]].sort());
  });

  it("every step queues its e-mails to both sides: request, accept, decline (by hand or automatically), expiry, unpaid hold, failed card, bank proof and refusal, both cancellations", async () => {
    const kinds = async (reservationId: number) =>
      (await Job.findAll({ where: { name: "reservation:email" } }))
        .map((job) => JSON.parse(job.payload) as { kind: string; to: string; reservationId: number })
        .filter((p) => p.reservationId === reservationId)
        .map((p) => `${p.kind}:${p.to}`)
        .sort();
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const byRequest = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const accepted = await book(traveler, byRequest.id, stayFrom(now, 10, 2));
    await acceptRequest(asViewer(host), accepted.id, { now: at(1) });
    expect(await kinds(accepted.id)).toEqual(["accepted:host", "accepted:traveler", "requested:host", "requested:traveler"]);
    const declined = await book(traveler, byRequest.id, stayFrom(now, 20, 2));
    await declineRequest(asViewer(host), declined.id, "Family staying that week", { now: at(1) });
    expect(await kinds(declined.id)).toEqual(["declined:host", "declined:traveler", "requested:host", "requested:traveler"]);
    // Accepting a request declines the overlapping one: the host is told it was automatic.
    const wanted = await book(traveler, byRequest.id, stayFrom(now, 50, 3));
    const overlapping = await book(traveler, byRequest.id, stayFrom(now, 51, 3));
    await acceptRequest(asViewer(host), wanted.id, { now: at(1) });
    expect(await kinds(overlapping.id)).toEqual(["declined:host", "declined:traveler", "requested:host", "requested:traveler"]);
    const automatic = (await renderReservationEmail({ kind: "declined", reservationId: overlapping.id, to: "host" }))!;
    expect(automatic.text).toContain("was declined automatically: you accepted another request for these dates.");
    const byHand = (await renderReservationEmail({ kind: "declined", reservationId: declined.id, to: "host" }))!;
    expect(byHand.text).toContain(`You declined the request ${declined.reference}.`);
    const unanswered = await book(traveler, byRequest.id, stayFrom(now, 30, 2));

    const direct = await createPublicListing({ hostId: host.id });
    const unpaid = await book(traveler, direct.id, stayFrom(now, 10, 2));
    const refused = await book(traveler, direct.id, stayFrom(now, 20, 2));
    const started = await startPayment(traveler, refused.id, "card", { now });
    await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.refused, expiry: "12/39", cvc: "123", holder: "T T" }, now);
    expect((await verifyPayment(started.payment.reference, { now })).state).toBe("failed");
    expect(await kinds(refused.id)).toEqual(["booked:host", "booked:traveler", "paymentFailed:host", "paymentFailed:traveler"]);
    const byBank = await book(traveler, direct.id, stayFrom(now, 60, 2));
    const bank = await startPayment(traveler, byBank.id, "bank_transfer", { now });
    const pdf = new TextEncoder().encode("%PDF-1.4\n% proof of transfer\n");
    await uploadPaymentProof(traveler, bank.payment.id, { name: "virement.pdf", bytes: pdf }, { now });
    const operator = await createBookingUser({ role: "operator" });
    await reviewBankPayment(operator, bank.payment.id, "refuse", { note: "Amount not received", now });
    expect(await kinds(byBank.id)).toEqual([
      "bankRefused:host",
      "bankRefused:traveler",
      "booked:host",
      "booked:traveler",
      "proofReceived:host",
      "proofReceived:traveler",
    ]);
    const byTraveler = await book(traveler, direct.id, stayFrom(now, 30, 2));
    await pay(traveler, byTraveler.id);
    await cancelReservation(asViewer(traveler), byTraveler.id, { now: at(1) });
    expect(await kinds(byTraveler.id)).toEqual([
      "booked:host",
      "booked:traveler",
      "cancelledByTraveler:host",
      "cancelledByTraveler:traveler",
      "confirmed:host",
      "confirmed:traveler",
    ]);
    const byHost = await book(traveler, direct.id, stayFrom(now, 40, 2));
    await pay(traveler, byHost.id);
    await cancelReservation(asViewer(host), byHost.id, { now: at(1) });
    expect(await kinds(byHost.id)).toEqual(expect.arrayContaining(["cancelledByHost:host", "cancelledByHost:traveler"]));

    await runDueJobs({ now: at(25), limit: 200 });
    expect(await kinds(unanswered.id)).toEqual(["requestExpired:host", "requestExpired:traveler", "requested:host", "requested:traveler"]);
    expect(await kinds(unpaid.id)).toEqual(["booked:host", "booked:traveler", "holdExpired:host", "holdExpired:traveler"]);
  });

  it("renders every kind of e-mail for both parties in English, French and Spanish, with no key left untranslated", async () => {
    const subjects = new Map<string, Set<string>>();
    for (const language of ["en", "fr", "es"] as const) {
      const host = await createBookingUser({ language });
      const traveler = await createBookingUser({ language });
      const listing = await createPublicListing({ hostId: host.id });
      const r = await book(traveler, listing.id, stayFrom(now, 10, 2));
      for (const kind of RESERVATION_EMAIL_KINDS) {
        for (const to of ["traveler", "host"] as const) {
          const email = (await renderReservationEmail({ kind, reservationId: r.id, to, values: { reason: "x", refundAmount: 1000, voucherAmount: 1000 } }))!;
          expect(email.language).toBe(language);
          expect(`${email.subject}\n${email.text}`).not.toMatch(/email\.|\{\{/);
          expect(email.subject).toContain(r.reference);
          const key = `${kind}:${to}`;
          subjects.set(key, (subjects.get(key) ?? new Set()).add(email.subject.replace(r.reference, "")));
        }
      }
    }
    // Each language has its own words.
    for (const [key, texts] of subjects) expect(texts.size, key).toBe(3);
  });
});
