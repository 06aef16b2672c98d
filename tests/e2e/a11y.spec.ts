// Accessibility and validity of the pages added by recent work (issue 18 point 7; the rule "a new
// page is measured — axe and the Nu HTML checker — before it is called done"): each page, on a
// production build, at 390 px and 1280 px wide, has 0 axe violations of the WCAG 2.0/2.1/2.2 A
// and AA rules, and its HTML as the server sends it (fetched with the page's own cookies) has 0
// errors from the W3C Nu HTML checker. With JavaScript on only: axe runs in the page, and the
// HTML the checker reads is the same with JavaScript off. Each test makes its own users and data.
import "./support/app-database";
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "~/db/models/webhook.server";
import { createToken } from "~/services/api-tokens/tokens.server";
import { createCheckedInStay } from "./support/claim-factories";
import { createExperienceBooking, createPartnerExperience } from "./support/experience-factories";
import { createCompletedStay, createListing, createOperator, createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, test } from "./support/fixtures";
import { measure } from "./support/measure-pages";
import { createStayPaidLastMonth } from "./support/receipt-factories";

// Independent tests (each makes its own users and data), the longest of the suite: spread over the workers (ADR 252).
// The limit catches a hang, not slowness: the longest took 2.0 of the 2 minutes it was on a 2-vCPU machine under the three workers.
test.describe.configure({ mode: "parallel", timeout: 240_000 });

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page; the HTML the checker reads is the same without JavaScript");
});

test("a traveler's pages: notifications, reservations with their review and claim sections, a claim, a receipt", async ({ browser }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser({ firstName: "Amira" });
  const completed = await createCompletedStay(listing, traveler);
  const checkedIn = await createCheckedInStay(listing.id, traveler.id);
  const paid = await createStayPaidLastMonth(listing, traveler);
  const page = await signedInPage(browser, traveler, true);
  await page.goto(`/reservation-details/${paid.reservationId}`);
  const receipt = await page.getByTestId("payment-receipt-link").getAttribute("href");
  expect(receipt).toMatch(/\/receipts\/payments\/\d+$/);
  await measure(page, [
    "/notifications",
    { path: `/reservation-details/${completed}`, shows: "review-form" },
    { path: `/reservation-details/${checkedIn.id}`, shows: "claim-form" },
    { path: `/reservation-details/${checkedIn.id}/claim`, shows: "claim-form" },
    { path: receipt!, shows: "document" },
  ]);
  await page.context().close();
});

test("the API documentation: /developers searched, in English and French", async ({ page }) => {
  // Searched: the whole reference is too large a page for axe within the time (tests/db/developers-page.test.ts renders all of it).
  await measure(page, [
    { path: "/developers?q=webhooks", shows: "api-operation" },
    { path: "/fr/developers?q=reservations%20cancel", shows: "api-search-result" },
  ]);
});

test("a host's developer settings: /profile/security with a token, /profile/developers with an endpoint and its deliveries", async ({ browser }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  await createToken(host.id, { name: "Channel manager sync", scopes: ["read", "calendar:write"], expiresInDays: 30 });
  const now = new Date();
  const endpoint = await WebhookEndpoint.create({ userId: host.id, url: "https://example.com/darna-hook", events: JSON.stringify(["reservation.paid", "calendar.changed"]), secret: `whsec_${uniqueTag()}`, createdAt: now, updatedAt: now });
  const event = await WebhookEvent.create({ publicId: `evt_a11y${uniqueTag()}`, userId: host.id, type: "reservation.paid", data: "{}", occurredAt: now });
  await WebhookDelivery.create({ endpointId: endpoint.id, eventId: event.id, occurredAt: now, status: "delivered", attempts: 2, nextAttemptAt: now, lastResponseCode: 200, deliveredAt: now, createdAt: now, updatedAt: now });
  const page = await signedInPage(browser, host, true);
  await measure(page, [
    { path: "/profile/security", shows: "token" },
    { path: "/profile/developers", shows: "webhook-delivery" },
  ]);
  await page.context().close();
});

test("experiences: a partner's photos page, a traveler's bookings awaiting a bank transfer and paid", async ({ browser }) => {
  const experience = await createPartnerExperience();
  const traveler = await createUser({ firstName: "Amira" });
  const awaiting = await createExperienceBooking(experience, traveler, "transfer");
  const paid = await createExperienceBooking(experience, traveler, "paid");
  const partnerPage = await signedInPage(browser, experience.partnerUser, true);
  await measure(partnerPage, [{ path: `/dashboard/experiences/${experience.experienceId}/photos`, shows: "managed-photo" }]);
  await partnerPage.context().close();
  const page = await signedInPage(browser, traveler, true);
  await measure(page, [
    { path: `/experience-bookings/${awaiting.bookingId}`, shows: "experience-bank-payment" },
    { path: `/experience-bookings/${paid.bookingId}`, shows: "experience-payments" },
  ]);
  await page.context().close();
});

test("a host's pages: revenues, co-hosts, company, channel manager, a commission invoice", async ({ browser }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser();
  const stay = await createStayPaidLastMonth(listing, traveler);
  const page = await signedInPage(browser, host, true);
  await measure(page, [
    "/dashboard/revenues",
    "/dashboard/cohosts",
    "/dashboard/company",
    "/dashboard/channel-manager",
    { path: `/dashboard/invoices/${stay.month}`, shows: "invoice-lines" },
  ]);
  await page.context().close();
});

// The operator's pages in two tests, spread over the workers: nine pages measured at two widths
// took more than the 120 s limit on a slower CI machine.
test("an operator's pages: reviews, quality, a host, payouts, refunds", async ({ browser }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser();
  await createCompletedStay(listing, traveler);
  const operator = await createOperator();
  const page = await signedInPage(browser, operator, true);
  await measure(page, ["/admin/reviews", "/admin/quality", `/admin/hosts/${host.id}`, "/admin/payouts", "/admin/refunds"]);
  await page.context().close();
});

test("an operator's pages: claims, blog, analytics, calendar conflicts", async ({ browser }) => {
  const operator = await createOperator();
  const page = await signedInPage(browser, operator, true);
  await measure(page, ["/admin/claims", "/admin/blog", "/admin/analytics", "/admin/calendar-conflicts"]);
  await page.context().close();
});
