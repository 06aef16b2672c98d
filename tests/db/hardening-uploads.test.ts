// Uploads whose file name holds "=", ";", quotes or non-ASCII characters (issue 12, point 1): real
// users' names ("vue=mer.png") are stored like any other on every upload path — the photo route
// the script posts to, the host's edit page (and with it the wizard's step, which reads uploads the
// same way) and the bank proof on the reservation page. A broken multipart body is a 400.
import { describe, expect, it } from "vitest";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { Payment } from "~/db/models/payment.server";
import { createReservation } from "~/services/booking/booking.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { createSession } from "~/utils/auth-sessions.server";
import * as propertyRoute from "~/routes/($lang).dashboard.host-property-details.$id";
import * as reservationRoute from "~/routes/($lang).reservation-details.$id";
import * as photosRoute from "~/routes/listings.$id.photos";
import { tokenCookie } from "~/utils/auth.server";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";
import { callRoute } from "../factories/account-requests";
import { testPhoto } from "../factories/listing-factories";

const ORIGIN = "http://localhost:4321";
const NAMES = ["vue=mer.png", "plage;nuit.jpg", 'la "médina".jpg', "été à Djerba — 海.jpg"];

async function cookieOf(user: { id: number }) {
  return tokenCookie.serialize((await createSession(user.id, "web")).id);
}

function multipartRequest(path: string, cookie: string, field: string, files: Array<{ name: string; data: Uint8Array<ArrayBuffer>; type: string }>, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(extra)) body.append(name, value);
  for (const file of files) body.append(field, new Blob([file.data], { type: file.type }), file.name);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, headers: { Cookie: cookie } });
}

describe("upload file names", () => {
  it("the photo route and the host's edit page store photos whatever their names hold", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const cookie = await cookieOf(host);
    const photos = await Promise.all(NAMES.map(async (name, seed) => ({ name, data: new Uint8Array(await testPhoto(40 + seed)), type: "image/jpeg" })));

    const script = await callRoute(photosRoute.action, multipartRequest(`/listings/${listing.id}/photos`, cookie, "photos", photos.slice(0, 2)), { params: { id: String(listing.id) } });
    expect([script.status, script.data]).toEqual([200, { ok: true }]);
    const page = await callRoute(
      propertyRoute.action,
      multipartRequest(`/dashboard/host-property-details/${listing.id}?tab=photos`, cookie, "photos", photos.slice(2)),
      { params: { id: String(listing.id) } },
    );
    expect(page.status).toBe(302);
    expect(await ListingPhoto.count({ where: { listingId: listing.id } })).toBe(4);
  });

  it("a broken multipart body is a 400 on the photo route, never a 500", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const request = new Request(new URL(`/listings/${listing.id}/photos`, ORIGIN), {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="photos"; filename="x.jpg"\r\n\r\nabc',
      headers: { Cookie: await cookieOf(host), "Content-Type": "multipart/form-data; boundary=b" },
    });
    const result = await callRoute(photosRoute.action, request, { params: { id: String(listing.id) } });
    expect(result.status).toBe(400);
  });

  it("the bank proof on the reservation page keeps a safe version of its name", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(new Date(), 12, 2) }, { termsAccepted: true });
    const started = await startPayment(traveler, reservation.id, "bank_transfer");
    const pdf = new TextEncoder().encode("%PDF-1.4\n% proof of transfer\n");
    const result = await callRoute(
      reservationRoute.action,
      multipartRequest(`/reservation-details/${reservation.id}`, await cookieOf(traveler), "proof", [{ name: "virement=mars;été.pdf", data: pdf, type: "application/pdf" }], {
        intent: "upload-proof",
        paymentId: String(started.payment.id),
      }),
      { params: { id: String(reservation.id) } },
    );
    expect(result.status).toBe(302);
    const payment = (await Payment.findByPk(started.payment.id))!;
    expect(payment.proofName).toMatch(/^virement_mars_.+\.pdf$/);
  });
});
