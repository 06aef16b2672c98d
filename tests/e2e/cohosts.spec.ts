// Co-hosts journey (issue 16 point 5, ADR 147), with JavaScript on and off: a host invites a
// co-host by e-mail for a listing, the co-host accepts on /dashboard/cohosts, then accepts a
// booking request of that listing from the host dashboard; the host's reservation page and
// co-hosts page say who accepted ("… (co-host)"). Each run makes its own people and listing.
import type { Page } from "@playwright/test";
import { Reservation } from "~/db/models/reservation.server";
import { createListing, createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const c = (key: string) => translation("en", key, "cohosts");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** A request waiting for the host's answer, as the booking page leaves it. */
async function bookingRequest(listing: { id: number; hostId: number }, travelerId: number) {
  const nightsTotal = 200_000;
  return Reservation.create({
    reference: `E2C${uniqueTag().toUpperCase()}`.slice(0, 16),
    listingId: listing.id,
    roomTypeId: null,
    guesthouseRoomId: null,
    travelerId,
    hostId: listing.hostId,
    checkIn: isoDaysFromNow(40),
    checkOut: isoDaysFromNow(42),
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    method: "request",
    status: "pending_host",
    holdExpiresAt: null,
    respondBy: new Date(Date.now() + 20 * 3_600_000),
    nights: 2,
    nightsTotal,
    discount: 0,
    cleaningFee: 0,
    serviceFee: 10_000,
    total: nightsTotal + 10_000,
    hostCommission: 20_000,
    hostPayout: nightsTotal - 20_000,
    declineReason: null,
    cancelledBy: null,
    cancelledAt: null,
    confirmedAt: null,
    language: "en",
  });
}

test("a host invites a co-host, who accepts and then accepts a booking request; the host sees who accepted", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const cohost = await createUser({ host: true, firstName: "Amira" });
  const traveler = await createUser({ firstName: "Karim" });
  const listing = await createListing({ host, method: "request" });
  const request = await bookingRequest(listing, traveler.id);

  // The host invites Amira for this listing (a missing choice is refused beside the field first).
  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  await open(hostPage, "/dashboard/cohosts", javaScriptEnabled);
  await hostPage.locator("#cohost-email").fill(cohost.email);
  await hostPage.getByTestId("invite-submit").click();
  await expect(hostPage.locator("#cohost-listings-errors")).toHaveText(c("errors.listings"));
  await hostPage.locator("#cohost-email").fill(cohost.email);
  await hostPage.getByTestId(`invite-listing-${listing.id}`).check();
  await hostPage.getByTestId("invite-submit").click();
  await expect(hostPage.locator(".toast").filter({ hasText: c("toast.invited") })).toBeVisible();
  await expect(hostPage.getByTestId("sent-invitation")).toHaveAttribute("data-status", "pending");

  // Amira sees the invitation and accepts it.
  const cohostPage = await signedInPage(browser, cohost, javaScriptEnabled);
  await open(cohostPage, "/dashboard/cohosts", javaScriptEnabled);
  const invitation = cohostPage.getByTestId("received-invitation");
  await expect(invitation).toContainText(listing.title);
  await invitation.getByTestId("accept-invitation").click();
  await expect(cohostPage.locator(".toast").filter({ hasText: c("toast.accepted") })).toBeVisible();
  await expect(cohostPage.getByTestId("received-invitation")).toHaveAttribute("data-status", "accepted");

  // She runs the listing's requests from the host dashboard.
  await open(cohostPage, "/dashboard/reservations?tab=pending", javaScriptEnabled);
  const row = cohostPage.getByTestId(`reservation-${request.reference}`);
  await expect(row).toBeVisible();
  await row.getByTestId("accept").click();
  await cohostPage.waitForLoadState("load");
  await expect(cohostPage.getByTestId(`reservation-${request.reference}`).getByTestId("accept")).toHaveCount(0);
  expect((await Reservation.findByPk(request.id))!.status).toBe("pending_payment");

  // The host sees who accepted, on the reservation and on the co-hosts page.
  const accepted = `Accepted by ${cohost.firstName} ${cohost.lastName} (co-host)`;
  await open(hostPage, `/host/reservation-details/${request.id}`, javaScriptEnabled);
  await expect(hostPage.getByTestId("host-actions")).toContainText(accepted);
  await open(hostPage, "/dashboard/cohosts", javaScriptEnabled);
  await expect(hostPage.getByTestId("host-actions")).toContainText(accepted);
  await expect(hostPage.getByTestId("sent-invitation")).toHaveAttribute("data-status", "accepted");
});
