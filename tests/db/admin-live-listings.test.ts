// Issue 17 points 3 and 8: the team suspends a live listing (out of search, bookings refused with
// a clear message, the existing reservation stands, the host reads the reason and answers),
// reinstates it, or removes it (its future paid reservation cancelled as by the host: the
// traveler refunded in full and e-mailed); every step in the moderation history and the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { AuditEntry } from "~/db/models/audit-entry.server";
import { Listing } from "~/db/models/listing.server";
import { Notification } from "~/db/models/notification.server";
import { Refund } from "~/db/models/refund.server";
import { Reservation } from "~/db/models/reservation.server";
import { Voucher } from "~/db/models/voucher.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as listingRoute from "~/routes/($lang).admin.listings.$id";
import * as answerRoute from "~/routes/($lang).dashboard.listing-answer.$id";
import { createReservation } from "~/services/booking/booking.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createPublicListing, stayFrom } from "../factories/booking-factories";
import { paidStay } from "../factories/money-factories";

const supportJar = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

const post = (listingId: number, form: Record<string, string>, jar = supportJar) =>
  callRoute(listingRoute.action, makeRequest(`/admin/listings/${listingId}`, { form, jar }), { params: { id: String(listingId) }, jar });

const history = async (listingId: number) =>
  ((await callRoute(listingRoute.loader, makeRequest(`/admin/listings/${listingId}`, { jar: supportJar }), { params: { id: String(listingId) } })).data as Awaited<
    ReturnType<typeof listingRoute.loader>
  >).listing.history.map((event) => [event.action, event.note]);

beforeAll(async () => {
  await logIn(supportJar, (await createAccount({ role: "support" })).email);
});

describe("a live listing", () => {
  it("suspended: out of search, bookings refused, the reservation stands; the host answers; reinstated", async () => {
    const host = await createAccount({ hostMode: true, language: "fr" });
    const listing = await createPublicListing({ hostId: host.id });
    const traveler = await createAccount();
    const stay = await paidStay(traveler, listing.id, new Date());

    expect((await post(listing.id, { intent: "suspend", reason: "" })).status).toBe(400);
    const suspended = await post(listing.id, { intent: "suspend", reason: "Photos of another house" });
    expect(await toastOf(suspended)).toMatchObject({ message: "console:actions.done.listingSuspend" });
    expect(await isPublicListing(listing.id)).toBeNull();
    const booking = createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(new Date(), 30, 2) }, { termsAccepted: true });
    await expect(booking).rejects.toMatchObject({ status: 409, key: "booking:errors.listingSuspended" });
    expect((await Reservation.findByPk(stay.id))?.status).toBe("confirmed");
    await runDueJobs({ limit: 100 });
    expect((await lastEmailTo(host.email, "console-listingSuspended"))?.text).toContain("Photos of another house");
    // In the host's notification centre too (ADR 146, category "listings").
    expect((await Notification.findAll({ where: { userId: host.id } })).map((row) => [row.kind, row.link])).toContainEqual([
      "listing.suspended",
      `/dashboard/host-property-details/${listing.id}`,
    ]);

    // The host answers from the listing's page; a stranger cannot.
    const hostJar = new CookieJar();
    await logIn(hostJar, host.email);
    const answer = (jar: CookieJar) =>
      callRoute(answerRoute.action, makeRequest(`/dashboard/listing-answer/${listing.id}`, { form: { answer: "They are mine, here is the deed." }, jar }), { params: { id: String(listing.id) } });
    expect((await answer(hostJar)).status).toBe(302);
    expect((await answer(supportJar)).status).toBe(404);

    expect((await post(listing.id, { intent: "suspend", reason: "again" })).status).toBe(409);
    expect((await post(listing.id, { intent: "reinstate", reason: "Deed checked" })).status).toBe(302);
    expect(await isPublicListing(listing.id)).not.toBeNull();
    expect(await history(listing.id)).toEqual([
      ["suspend", "Photos of another house"],
      ["answer", "They are mine, here is the deed."],
      ["reinstate", "Deed checked"],
    ]);
    expect((await AuditEntry.findAll({ where: { recordType: "listing", recordId: String(listing.id) }, order: [["id", "ASC"]] })).map((row) => row.kind)).toEqual([
      "listing.suspend",
      "listing.reinstate",
    ]);
  });

  it("removed: the future paid reservation is cancelled as by the host, the traveler refunded in full and e-mailed", async () => {
    const host = await createAccount({ hostMode: true });
    const listing = await createPublicListing({ hostId: host.id });
    const traveler = await createAccount({ language: "es" });
    const stay = await paidStay(traveler, listing.id, new Date(), 20, 3);

    const removed = await post(listing.id, { intent: "remove", reason: "The host asked us to close it" });
    expect(await toastOf(removed)).toMatchObject({ message: "console:actions.done.listingRemove" });
    expect(await Listing.findByPk(listing.id)).toMatchObject({ status: "deleted", moderationState: "removed" });
    expect(await isPublicListing(listing.id)).toBeNull();
    expect((await Reservation.findByPk(stay.id))?.status).toBe("cancelled");
    const refund = await Refund.findOne({ where: { reservationId: stay.id } });
    expect(refund).toMatchObject({ reason: "host_cancelled", bankFee: 0 });
    // In full: everything paid comes back — the service fee as a voucher, as every host cancellation.
    const voucher = await Voucher.findOne({ where: { userId: traveler.id, sourceReservationId: stay.id } });
    expect(refund!.grossAmount + (voucher?.amount ?? 0)).toBe(stay.total);
    await runDueJobs({ limit: 100 });
    expect(await lastEmailTo(traveler.email, "reservation-cancelledByHost")).toBeTruthy();
    expect((await AuditEntry.findOne({ where: { kind: "listing.remove", recordId: String(listing.id) } }))?.reason).toBe("The host asked us to close it");
    // Removed is final; the team still reads the whole history.
    expect((await post(listing.id, { intent: "reinstate", reason: "oops" })).status).toBe(404);
    expect(await history(listing.id)).toEqual([["remove", "The host asked us to close it"]]);
  });
});
