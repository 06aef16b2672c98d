// Booking journeys (issue 6 point 12), each with JavaScript on and off: book a direct listing and
// pay with the sandbox card (confirmed on both sides; a second traveler cannot book those nights;
// a stranger cannot open the reservation); request → host accepts → traveler pays; a refused card
// then a retry; the traveler cancels and sees the refund; a bank transfer confirmed by an operator;
// an operator refuses a bank transfer (the traveler sees why and pays by card); the host blocks a
// range in the calendar, then all dates and unblocks all; two rooms of a hotel booked from the
// establishment page and paid (the return page without a language prefix); the verification
// page's missing reference and "verifying" states; the host declines a request with a reason.
import type { Page } from "@playwright/test";
import { dbGet, dbRun } from "./support/database";
import { createListing, createOperator, createUser, signedInPage, type ListingOptions, type TestListing } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration } from "./support/fixtures";
import { waitForEmail } from "./support/outbox";

const CARD_OK = "4242 4242 4242 4242";
const CARD_REFUSED = "4000 0000 0000 0002";
const CARD_DELAYED = "4000 0000 0000 0077";
// Several browsers sign in per journey (traveler, host, operator…): more than the default 30 s on
// a busy machine.
test.describe.configure({ timeout: 90_000 });

const b = (key: string) => translation("en", key, "booking");
const p = (key: string) => translation("en", key, "payment");
const r = (key: string) => translation("en", key, "reservation");
const c = (key: string) => translation("en", key, "calendar");

/** A traveler, a host and a public listing of that host's, all this test's own. */
async function bookingScene(listing: Omit<ListingOptions, "host"> = {}) {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const traveler = await createUser({ firstName: "Amira" });
  return { host, traveler, listing: await createListing({ ...listing, host }) };
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A stay of the listing's minimum (two nights at least), `shift` days after the 40th day from now. */
function stayFor(listing: TestListing, shift = 0) {
  const start = 40 + shift;
  const nights = Math.max(2, listing.minNights);
  return { checkIn: isoDaysFromNow(start), checkOut: isoDaysFromNow(start + nights) };
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await waitForHydration(page);
}

/** From the property page's quote to /payment, then confirm with a payment method. */
async function bookFromPropertyPage(
  page: Page,
  listing: TestListing,
  stay: { checkIn: string; checkOut: string },
  javaScriptEnabled: boolean,
  method: "card" | "bank_transfer" = "card",
) {
  await page.goto(`/property-details/${listing.id}?${new URLSearchParams({ ...stay, adults: "1" })}`);
  await ready(page, javaScriptEnabled);
  await page.getByTestId("reserve").click();
  await page.waitForURL((url) => url.pathname === "/payment");
  await ready(page, javaScriptEnabled);
  await expect(page.getByTestId("price-breakdown")).toBeVisible();
  await expect(page.getByTestId("charged-tnd")).toContainText("DT");
  if (await page.getByTestId(`method-${method}`).count()) await page.getByTestId(`method-${method}`).check();
  // The terms of sale must be accepted.
  await page.getByTestId("confirm-booking").click();
  await expect(page.getByText(b("errors.acceptTerms")).first()).toBeVisible();
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("confirm-booking").click();
}

async function payOnGateway(page: Page, card: string, javaScriptEnabled: boolean, returnPath = "/reservation-verification") {
  await page.waitForURL((url) => url.pathname.startsWith("/sandbox-gateway/pay/"));
  await ready(page, javaScriptEnabled);
  await page.locator("#cardNumber").fill(card);
  await page.locator("#expiry").fill("12/39");
  await page.locator("#cvc").fill("123");
  await page.locator("#holder").fill("Amira Ben Salah");
  await page.getByTestId("gateway-pay").click();
  await page.waitForURL((url) => url.pathname.endsWith(returnPath));
  await ready(page, javaScriptEnabled);
}

/** Follows the success page's link to the reservation (or its own move there, when it came first). */
async function openReservationFromVerification(page: Page, javaScriptEnabled: boolean, prefix = "/reservation-details/"): Promise<string> {
  // The success page moves on by itself after SUCCESS_REDIRECT_SECONDS: a slow step may find it gone.
  if (!new URL(page.url()).pathname.startsWith(prefix)) await page.getByTestId("view-reservation").click({ timeout: 5_000 }).catch(() => undefined);
  await page.waitForURL((url) => url.pathname.startsWith(prefix));
  await ready(page, javaScriptEnabled);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("book a direct listing and pay by card: confirmed on both sides; the nights cannot be booked again; strangers get 404", async ({
  browser,
  javaScriptEnabled,
}) => {
  const started = Date.now();
  const scene = await bookingScene();
  const { listing } = scene;
  const stay = stayFor(listing);
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, listing, stay, javaScriptEnabled);
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "success");
  await expect(traveler.getByText(p("verify.successTitle"))).toBeVisible();
  const id = await openReservationFromVerification(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-display-status", "upcoming");
  await expect(traveler.getByTestId("host-info")).toBeVisible();
  await expect(traveler.getByTestId("host-hidden")).toHaveCount(0);
  const reference = (await traveler.getByTestId("reservation-reference").textContent())!.trim();
  // The e-mails go out through the server's background job runner (queued in the booking's
  // transaction): both sides get "confirmed", each with a link to their reservation page.
  const linksTo = (page: string) => (message: { links: string[] }) => message.links.some((link) => link.endsWith(page));
  await waitForEmail(scene.traveler.email, "reservation-confirmed", started, 20_000, linksTo(`/reservation-details/${id}`));
  await waitForEmail(scene.host.email, "reservation-confirmed", started, 20_000, linksTo(`/host/reservation-details/${id}`));

  const host = await signedInPage(browser, scene.host, javaScriptEnabled);
  await host.goto("/dashboard/reservations?tab=upcoming");
  await expect(host.getByTestId(`reservation-${reference}`)).toBeVisible();
  await host.goto(`/host/reservation-details/${id}`);
  await expect(host.getByTestId("client-info")).toContainText(scene.traveler.email);
  await expect(host.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");

  const second = await signedInPage(browser, await createUser({ firstName: "Youssef", language: "fr" }), javaScriptEnabled);
  await second.goto(`/payment?${new URLSearchParams({ propertyId: String(listing.id), ...stay, adults: "1" })}`);
  // (In whichever language the second traveler reads the site.)
  const alreadyBooked = (["en", "fr", "es"] as const).map((language) => translation(language, "stay.datesBooked", "rules"));
  await expect(second.getByTestId("booking-refusal")).toContainText(new RegExp(alreadyBooked.map(escapeRegExp).join("|")));
  await expect(second.getByTestId("confirm-booking")).toHaveCount(0);

  const stranger = await signedInPage(browser, await createUser({ host: true, firstName: "Meriem" }), javaScriptEnabled);
  expect((await stranger.goto(`/reservation-details/${id}`))?.status()).toBe(404);
  expect((await stranger.goto(`/host/reservation-details/${id}`))?.status()).toBe(404);
});

test("request a by-request listing: the host accepts, the traveler pays, the stay is confirmed", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene({ method: "request" });
  const { listing } = scene;
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, listing, stayFor(listing), javaScriptEnabled);
  await traveler.waitForURL((url) => url.pathname.startsWith("/reservation-details/"));
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "pending_host");
  await expect(traveler.getByTestId("host-hidden")).toHaveText(r("hostHidden.awaitingHost"));
  const reference = (await traveler.getByTestId("reservation-reference").textContent())!.trim();
  const path = new URL(traveler.url()).pathname;

  const host = await signedInPage(browser, scene.host, javaScriptEnabled);
  await host.goto("/dashboard/reservations?tab=pending");
  await ready(host, javaScriptEnabled);
  const row = host.getByTestId(`reservation-${reference}`);
  await expect(row).toBeVisible();
  await row.getByTestId("accept").click();
  await host.waitForLoadState("load");
  await expect(host.getByTestId(`reservation-${reference}`).getByTestId("accept")).toHaveCount(0);

  await traveler.goto(path);
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "pending_payment");
  await traveler.getByTestId("pay-method-card").check();
  await traveler.getByTestId("pay-now").click();
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "success");
  await openReservationFromVerification(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
});

test("a refused card shows the failure, and a retry with a good card confirms", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene();
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, scene.listing, stayFor(scene.listing), javaScriptEnabled);
  await payOnGateway(traveler, CARD_REFUSED, javaScriptEnabled);
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "failed");
  await expect(traveler.getByText(p("errors.failed"))).toBeVisible();
  await traveler.getByTestId("retry-payment").click();
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "success");
  await openReservationFromVerification(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("payments").locator("li")).toHaveCount(2);
});

/** The newest reservation of a listing for a check-in date. */
function reservationStatus(listingId: number, checkIn: string) {
  return dbGet<{ id: number; status: string }>("SELECT id, status FROM reservations WHERE listing_id = ? AND check_in = ? ORDER BY id DESC LIMIT 1", [
    listingId,
    checkIn,
  ]);
}

test("a payment that comes back after the hold expired: 'no longer available', refunded in full, and the e-mail says so", async ({
  browser,
  javaScriptEnabled,
}) => {
  const started = Date.now();
  const scene = await bookingScene();
  const { listing } = scene;
  const stay = stayFor(listing);
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, listing, stay, javaScriptEnabled);
  await traveler.waitForURL((url) => url.pathname.startsWith("/sandbox-gateway/pay/"));
  const held = (await reservationStatus(listing.id, stay.checkIn))!;
  expect(held.status).toBe("pending_payment");

  // The traveler lingers on the gateway past the 30 minutes: the hold's time is brought forward,
  // and the server's job runner expires it.
  const past = "2000-01-01 00:00:00.000 +00:00";
  await dbRun("UPDATE reservations SET hold_expires_at = ? WHERE id = ?", [past, held.id]);
  await dbRun("UPDATE jobs SET run_at = ? WHERE unique_key LIKE ? AND status = 'pending'", [past, `expire-hold:${held.id}:%`]);
  await expect.poll(async () => (await reservationStatus(listing.id, stay.checkIn))!.status, { timeout: 20_000 }).not.toBe("pending_payment");

  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  const verification = traveler.getByTestId("payment-verification");
  await expect(verification).toHaveAttribute("data-state", "late");
  await expect(traveler.getByRole("heading", { level: 1 })).toHaveText(p("verify.lateTitle"));
  await expect(verification.getByRole("alert")).toHaveText(p("errors.noLongerAvailable"));
  // Refunded in full: the refund is the amount paid.
  const refund = (await traveler.getByTestId("late-refund").innerText()).replace(p("verify.refunded"), "").trim();
  expect(refund).toContain("DT");
  await expect(verification.getByText(p("verify.amount"))).toContainText(refund);
  await waitForEmail(scene.traveler.email, "reservation-latePayment", started, 20_000, (message) =>
    message.links.some((link) => link.endsWith(`/reservation-details/${held.id}`)),
  );
});

test("the traveler sees the refund before cancelling, then the refund is recorded", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene();
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, scene.listing, stayFor(scene.listing), javaScriptEnabled);
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  await openReservationFromVerification(traveler, javaScriptEnabled);
  await traveler.getByTestId("open-cancel").click();
  const preview = traveler.getByTestId("refund-net");
  await expect(preview).toBeVisible();
  const shown = (await preview.textContent())!.trim();
  expect(shown).toMatch(/\d/);
  await traveler.getByTestId("confirm-cancel").check();
  await traveler.getByTestId("cancel-reservation").click();
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "cancelled");
  await expect(traveler.getByTestId("refund-amount")).toHaveText(shown);
});

test("a bank transfer: bank details, an uploaded proof, an operator confirms", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene();
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, scene.listing, stayFor(scene.listing), javaScriptEnabled, "bank_transfer");
  await traveler.waitForURL((url) => url.pathname.startsWith("/reservation-details/"));
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("bank-details")).toBeVisible();
  const reference = (await traveler.getByTestId("bank-reference").textContent())!.trim();
  const path = new URL(traveler.url()).pathname;
  await traveler.getByTestId("proof-input").setInputFiles({
    name: "virement.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% proof of transfer\n"),
  });
  await traveler.getByTestId("upload-proof").click();
  await expect(traveler.getByTestId("proof-received")).toBeVisible();

  const operator = await signedInPage(browser, await createOperator(), javaScriptEnabled);
  await operator.goto("/admin/payments");
  await ready(operator, javaScriptEnabled);
  const row = operator.getByTestId(`bank-payment-${reference}`);
  await expect(row.getByTestId("proof-link")).toBeVisible();
  await row.getByTestId("confirm-payment").click();
  await expect(operator.getByTestId(`bank-payment-${reference}`)).toHaveCount(0);

  await traveler.goto(path);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
  await expect(traveler.getByTestId("host-info")).toBeVisible();
});

test("an operator refuses a bank transfer with a reason: the traveler sees it, the nights stay held, and a card payment confirms", async ({
  browser,
  javaScriptEnabled,
}) => {
  const started = Date.now();
  const scene = await bookingScene();
  const { listing } = scene;
  const stay = stayFor(listing);
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, listing, stay, javaScriptEnabled, "bank_transfer");
  await traveler.waitForURL((url) => url.pathname.startsWith("/reservation-details/"));
  await ready(traveler, javaScriptEnabled);
  const reference = (await traveler.getByTestId("bank-reference").textContent())!.trim();
  const path = new URL(traveler.url()).pathname;
  await traveler.getByTestId("proof-input").setInputFiles({ name: "virement.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% proof\n") });
  await traveler.getByTestId("upload-proof").click();
  await expect(traveler.getByTestId("proof-received")).toBeVisible();

  const operator = await signedInPage(browser, await createOperator(), javaScriptEnabled);
  await operator.goto("/admin/payments");
  await ready(operator, javaScriptEnabled);
  const row = () => operator.getByTestId(`bank-payment-${reference}`);
  // A refusal needs a reason: blank ones are refused by the server (spaces pass "required").
  await row().locator("summary").click();
  await row().getByTestId("refuse-note").fill("   ");
  await row().getByTestId("refuse-payment").click();
  await expect(row().getByRole("alert")).toHaveText(p("errors.refuseReason"));
  await ready(operator, javaScriptEnabled);
  const reason = "No transfer with this reference reached our account.";
  if (!(await row().locator("details").evaluate((element) => (element as HTMLDetailsElement).open))) await row().locator("summary").click();
  await row().getByTestId("refuse-note").fill(reason);
  await row().getByTestId("refuse-payment").click();
  await expect(operator.locator(".toast").filter({ hasText: p("toast.refused") })).toBeVisible();
  await expect(row()).toHaveCount(0);
  await operator.goto("/admin/payments?status=failed");
  await expect(row()).toContainText(reason);
  await expect(row().getByTestId("confirm-payment")).toHaveCount(0);
  await waitForEmail(scene.traveler.email, "reservation-bankRefused", started, 20_000, (message) => message.links.some((link) => link.endsWith(path)));

  // The traveler's reservation says so, with the reason; the refused transfer takes no more proof.
  await traveler.goto(path);
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "pending_payment");
  await expect(traveler.getByTestId("bank-refused")).toContainText(reference);
  await expect(traveler.getByTestId("bank-refused-reason")).toHaveText(reason);
  await expect(traveler.getByTestId("payments").locator("li[data-status=failed]")).toContainText(reference);
  await expect(traveler.getByTestId("proof-input")).toHaveCount(0);
  await expect(traveler.getByTestId("host-hidden")).toBeVisible();

  // ADR 071: the nights stay held (the hold the proof extended) while the traveler tries again.
  const host = await signedInPage(browser, scene.host, javaScriptEnabled);
  await host.goto(`/dashboard/calendrier/${listing.id}?month=${stay.checkIn.slice(0, 7)}`);
  await expect(host.locator(`[data-date="${stay.checkIn}"]`)).toHaveAttribute("data-state", "held");

  // Paying another way: by card, confirmed; the page no longer speaks of the refusal.
  await traveler.getByTestId("pay-method-card").check();
  await traveler.getByTestId("pay-now").click();
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled);
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "success");
  await openReservationFromVerification(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
  await expect(traveler.getByTestId("bank-refused")).toHaveCount(0);
  await expect(traveler.getByTestId("payments").locator("li")).toHaveCount(2);
  await host.reload();
  await expect(host.locator(`[data-date="${stay.checkIn}"]`)).toHaveAttribute("data-state", "booked");
});

test("the host blocks a range in the calendar (dragging with JavaScript), sets its price and unblocks it, each with its message", async ({ browser, javaScriptEnabled }) => {
  const { host: owner, listing } = await bookingScene();
  const host = await signedInPage(browser, owner, javaScriptEnabled);
  // Two days of next month (so both are in the month view the page opens on).
  const now = new Date();
  const day = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, n)).toISOString().slice(0, 10);
  const from = day(10);
  const to = day(11);
  await host.goto(`/dashboard/calendrier/${listing.id}?month=${from.slice(0, 7)}`);
  await ready(host, javaScriptEnabled);
  if (javaScriptEnabled) {
    // Drag across the days to select them.
    await host.getByTestId("range-from").fill("");
    await host.locator(`[data-date="${from}"]`).hover();
    await host.mouse.down();
    await host.locator(`[data-date="${to}"]`).hover();
    await host.mouse.up();
    await expect(host.getByTestId("range-from")).toHaveValue(from);
    await expect(host.getByTestId("range-to")).toHaveValue(to);
  } else {
    await host.getByTestId("range-from").fill(from);
    await host.getByTestId("range-to").fill(to);
  }
  await host.getByTestId("block-range").click();
  // The page comes back (redirect, or revalidation with JavaScript) with the nights blocked.
  await expect(host.locator(`[data-date="${from}"]`)).toHaveAttribute("data-state", "blocked");
  await expect(host.locator(`[data-date="${to}"]`)).toHaveAttribute("data-state", "blocked");
  await expect(host.locator(".toast").filter({ hasText: c("toast.blocked") })).toBeVisible();

  // A price for the range, then the range unblocked again.
  const selectRange = async () => {
    await ready(host, javaScriptEnabled);
    await host.getByTestId("range-from").fill(from);
    await host.getByTestId("range-to").fill(to);
  };
  await selectRange();
  await host.getByTestId("range-price").fill("250");
  await host.getByTestId("set-price").click();
  await expect(host.locator(".toast").filter({ hasText: c("toast.priced") })).toBeVisible();
  for (const date of [from, to]) await expect(host.locator(`[data-date="${date}"] .calendar-day__price`)).toContainText("250.000");
  await selectRange();
  await host.getByTestId("unblock-range").click();
  await expect(host.locator(".toast").filter({ hasText: c("toast.unblocked") })).toBeVisible();
  for (const date of [from, to]) await expect(host.locator(`[data-date="${date}"]`)).toHaveAttribute("data-state", "free");
});

test("the host blocks all dates, then unblocks all, each with its message: every night is free again and keeps its own price", async ({
  browser,
  javaScriptEnabled,
}) => {
  // Hidden by its host: approved, but out of search and pages (blocking all dates is the host's own business).
  const { host: owner, listing } = await bookingScene({ visibility: "hidden" });
  const listingId = listing.id;
  const host = await signedInPage(browser, owner, javaScriptEnabled);
  const now = new Date();
  const monthFromNow = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  // Next month, and the last whole month of the coming year ("all" is every date of that year).
  const next = monthFromNow(1);
  const far = monthFromNow(11);
  const priced = `${next}-20`;
  const open = async (month: string) => {
    await host.goto(`/dashboard/calendrier/${listingId}?month=${month}`);
    await ready(host, javaScriptEnabled);
  };
  const nights = (month: string, state?: string) => host.locator(`[data-date^="${month}-"]${state ? `[data-state="${state}"]` : ""}`);
  const toast = (key: string) => host.locator(".toast").filter({ hasText: c(key) });
  const pricedNight = host.locator(`[data-date="${priced}"] .calendar-day__price`);

  await open(next);
  const inNext = await nights(next).count();
  expect(inNext).toBeGreaterThanOrEqual(28);
  await expect(nights(next, "free")).toHaveCount(inNext);
  // One night gets a price of its own first: unblocking all must not take it away.
  await host.getByTestId("range-from").fill(priced);
  await host.getByTestId("range-to").fill(priced);
  await host.getByTestId("range-price").fill("175");
  await host.getByTestId("set-price").click();
  await expect(toast("toast.priced")).toBeVisible();
  await expect(pricedNight).toContainText("175.000");

  await ready(host, javaScriptEnabled);
  await host.getByTestId("block-all").click();
  await expect(toast("toast.blocked")).toBeVisible();
  await expect(nights(next, "blocked")).toHaveCount(inNext);
  await expect(pricedNight).toContainText("175.000");
  await open(far);
  const inFar = await nights(far).count();
  await expect(nights(far, "blocked")).toHaveCount(inFar);

  await host.getByTestId("unblock-all").click();
  await expect(toast("toast.unblocked")).toBeVisible();
  await expect(nights(far, "free")).toHaveCount(inFar);
  await open(next);
  await expect(nights(next, "free")).toHaveCount(inNext);
  await expect(pricedNight).toContainText("175.000");
});

test("book 2 rooms of a hotel from its page and pay by card: back on /verify-establishment-payment, the rooms on both sides", async ({
  browser,
  javaScriptEnabled,
}) => {
  // A direct-booking hotel with a room type for two (four adults need two rooms).
  const scene = await bookingScene({ type: "hotel", roomTypes: [{ name: "Double Sea View", price: 210, occupancy: 2, quantity: 4 }] });
  const hotel = { id: scene.listing.id, roomTypeName: scene.listing.roomTypes[0]!.name };
  const stay = { checkIn: isoDaysFromNow(70), checkOut: isoDaysFromNow(72) };
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await traveler.goto(`/establishment-details/${hotel.id}?${new URLSearchParams({ ...stay, adults: "4" })}`);
  await ready(traveler, javaScriptEnabled);
  const unit = traveler.getByTestId("unit").filter({ hasText: hotel.roomTypeName });
  await expect(unit).toContainText(translation("en", "establishment.forRooms_other", "property").replace("{{count}}", "2"));
  await unit.getByTestId("reserve").click();

  await traveler.waitForURL((url) => url.pathname === "/establishment-payment");
  await ready(traveler, javaScriptEnabled);
  const query = new URL(traveler.url()).searchParams;
  expect([query.get("rooms"), query.get("checkIn"), query.get("checkOut")]).toEqual(["2", stay.checkIn, stay.checkOut]);
  await expect(traveler.getByTestId("booking-unit")).toContainText(`2 × ${hotel.roomTypeName}`);
  await expect(traveler.getByTestId("price-breakdown")).toBeVisible();
  await traveler.getByTestId("method-card").check();
  await traveler.getByTestId("accept-terms").check();
  await traveler.getByTestId("confirm-booking").click();

  // The gateway sends the traveler back to the one route without a language prefix.
  await payOnGateway(traveler, CARD_OK, javaScriptEnabled, "/verify-establishment-payment");
  const back = new URL(traveler.url());
  expect(back.pathname).toBe("/verify-establishment-payment");
  expect(back.searchParams.get("ref")).toBeTruthy();
  await expect(traveler.getByTestId("payment-verification")).toHaveAttribute("data-state", "success");
  await expect(traveler.getByRole("heading", { level: 1 })).toHaveText(p("verify.successTitle"));

  const id = await openReservationFromVerification(traveler, javaScriptEnabled, "/est-reservation-details/");
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
  await expect(traveler.getByTestId("reservation-unit")).toHaveText(`2 × ${hotel.roomTypeName}`);
  await expect(traveler.getByTestId("host-info")).toBeVisible();

  const host = await signedInPage(browser, scene.host, javaScriptEnabled);
  await host.goto(`/host/est-reservation-details/${id}`);
  await expect(host.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
  await expect(host.getByTestId("reservation-unit")).toHaveText(`2 × ${hotel.roomTypeName}`);
  await expect(host.getByTestId("client-info")).toContainText(scene.traveler.email);

  // The return route has no language prefix: a prefixed one does not exist.
  expect((await traveler.goto(`/fr/verify-establishment-payment?${back.searchParams}`))?.status()).toBe(404);
});

test("the verification page without a reference says so; a delayed card shows 'verifying' then the success", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene();
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  for (const page of ["/reservation-verification", "/verify-establishment-payment"]) {
    await traveler.goto(page);
    const verification = traveler.getByTestId("payment-verification");
    await expect(verification).toHaveAttribute("data-state", "missing_reference");
    await expect(verification.getByRole("alert")).toHaveText(p("errors.missingReference"));
  }

  // The e2e server's sandbox answers the delayed card after SANDBOX_DELAY_SECONDS (6 s,
  // playwright.config.ts); the "verifying" page checks again every 3 s by itself.
  await bookFromPropertyPage(traveler, scene.listing, stayFor(scene.listing), javaScriptEnabled);
  await payOnGateway(traveler, CARD_DELAYED, javaScriptEnabled);
  const verification = traveler.getByTestId("payment-verification");
  await expect(verification).toHaveAttribute("data-state", "processing");
  await expect(traveler.getByRole("heading", { level: 1 })).toHaveText(p("verify.verifyingTitle"));
  await expect(verification.getByRole("status")).toContainText(p("verify.verifying"));
  await expect(verification).toHaveAttribute("data-state", "success", { timeout: 20_000 });
  await expect(traveler.getByRole("heading", { level: 1 })).toHaveText(p("verify.successTitle"));
  await expect(verification).toContainText(p("verify.movingOn"));
  // Left alone, the success page moves on to the reservation by itself (SPEC.md §4), scripts or not.
  await traveler.waitForURL((url) => url.pathname.startsWith("/reservation-details/"), { timeout: 20_000 });
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "confirmed");
});

test("the host declines a request from the dashboard: a reason is required, and the traveler sees it", async ({ browser, javaScriptEnabled }) => {
  const scene = await bookingScene({ method: "request" });
  const traveler = await signedInPage(browser, scene.traveler, javaScriptEnabled);
  await bookFromPropertyPage(traveler, scene.listing, stayFor(scene.listing), javaScriptEnabled);
  await traveler.waitForURL((url) => url.pathname.startsWith("/reservation-details/"));
  await ready(traveler, javaScriptEnabled);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "pending_host");
  const reference = (await traveler.getByTestId("reservation-reference").textContent())!.trim();
  const path = new URL(traveler.url()).pathname;

  const host = await signedInPage(browser, scene.host, javaScriptEnabled);
  await host.goto("/dashboard/reservations?tab=pending");
  await ready(host, javaScriptEnabled);
  const row = () => host.getByTestId(`reservation-${reference}`);
  // Blank reasons are refused by the server (spaces pass the browser's "required").
  await row().locator("summary").click();
  await row().locator("textarea[name=reason]").fill("   ");
  await row().getByTestId("decline").click();
  await expect(row().getByRole("alert")).toHaveText(r("errors.reasonRequired"));
  await ready(host, javaScriptEnabled);
  const reason = "Family staying that week, sorry.";
  await row().locator("textarea[name=reason]").fill(reason);
  await row().getByTestId("decline").click();
  await expect(host.locator(".toast").filter({ hasText: r("toast.declined") })).toBeVisible();
  await expect(row()).toHaveCount(0);

  await traveler.goto(path);
  await expect(traveler.getByTestId("reservation-page")).toHaveAttribute("data-status", "declined");
  await expect(traveler.getByTestId("decline-reason")).toContainText(reason);
});
