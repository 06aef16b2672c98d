// Notification centre journey (issue 16 point 8), with JavaScript on and off: a traveler books
// the host's listing, the host's bell counts the new notification (live, without a reload, when
// JavaScript is on and the socket connected), the host opens it from /notifications — it leads to
// the reservation and is read — and the count drops; the e-mail settings are a plain form; someone
// else's notification is 404.
import type { Page } from "@playwright/test";
import { createListing, createUser, signedInPage } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration } from "./support/fixtures";

test.describe.configure({ timeout: 90_000 });

const n = (key: string) => translation("en", key, "notifications");

async function ready(page: Page, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await waitForHydration(page);
}

test("a traveler books: the host's bell counts it, opening it leads to the reservation and the count drops", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const traveler = await createUser({ firstName: "Amira" });
  const listing = await createListing({ host });

  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  await hostPage.goto("/");
  await ready(hostPage, javaScriptEnabled);
  const bell = hostPage.getByTestId("nav-notifications");
  await expect(bell).toHaveAttribute("data-count", "0");
  if (javaScriptEnabled) await expect(bell).toHaveAttribute("data-live", "true");

  // The traveler books (a direct listing: the reservation waits for payment).
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  const nights = Math.max(2, listing.minNights);
  const stay = { checkIn: isoDaysFromNow(45), checkOut: isoDaysFromNow(45 + nights) };
  await travelerPage.goto(`/property-details/${listing.id}?${new URLSearchParams({ ...stay, adults: "1" })}`);
  await ready(travelerPage, javaScriptEnabled);
  await travelerPage.getByTestId("reserve").click();
  await travelerPage.waitForURL((url) => url.pathname === "/payment");
  await ready(travelerPage, javaScriptEnabled);
  if (await travelerPage.getByTestId("method-card").count()) await travelerPage.getByTestId("method-card").check();
  await travelerPage.getByTestId("accept-terms").check();
  await travelerPage.getByTestId("confirm-booking").click();
  await travelerPage.waitForURL((url) => url.pathname !== "/payment");

  if (javaScriptEnabled) {
    // Live: the count moves on the page the host already has open.
    await expect(bell).toHaveAttribute("data-count", "1");
  } else {
    await expect(bell).toHaveAttribute("data-count", "0");
    await hostPage.reload();
    await expect(hostPage.getByTestId("nav-notifications")).toHaveAttribute("data-count", "1");
  }

  // The traveler's own step is recorded, already read: their bell stays at 0.
  await travelerPage.goto("/notifications");
  await expect(travelerPage.getByTestId("nav-notifications")).toHaveAttribute("data-count", "0");
  await expect(travelerPage.getByTestId("notifications").getByText(listing.title)).toBeVisible();

  await hostPage.getByTestId("nav-notifications").click();
  await hostPage.waitForURL((url) => url.pathname === "/notifications");
  await ready(hostPage, javaScriptEnabled);
  await expect(hostPage.getByTestId("notifications-unread")).toHaveAttribute("data-count", "1");
  const item = hostPage.locator("[data-testid=notifications] li[data-unread=true]");
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute("data-kind", "reservation.booked");
  await expect(item).toContainText(listing.title);
  const href = (await item.getByRole("link").getAttribute("href"))!;
  expect(href).toMatch(/^\/notifications\/\d+$/);
  await item.getByRole("link").click();
  await hostPage.waitForURL((url) => /^\/host\/reservation-details\/\d+$/.test(url.pathname));
  await ready(hostPage, javaScriptEnabled);
  await expect(hostPage.getByTestId("nav-notifications")).toHaveAttribute("data-count", "0");

  await hostPage.goto("/notifications");
  await expect(hostPage.locator("[data-testid=notifications] li[data-unread=true]")).toHaveCount(0);

  // E-mail settings: a plain form; messages e-mails switched on are kept.
  const messages = hostPage.locator("input[name=email][value=messages]");
  await expect(messages).not.toBeChecked();
  await expect(hostPage.locator("input[name=email][value=reservations]")).toBeChecked();
  await messages.check();
  await hostPage.getByRole("button", { name: n("settings.save"), exact: true }).click();
  await expect(hostPage.getByText(n("settings.saved"))).toBeVisible();
  await expect(hostPage.locator("input[name=email][value=messages]")).toBeChecked();

  // Someone else cannot open the host's notification.
  expect((await travelerPage.goto(href))?.status()).toBe(404);
});
