// Paying for an experience (issue 21 point 5, ADR 183), with JavaScript on and off: a traveler
// books a slot, pays by the sandbox card from /experience-bookings/{id}, comes back to the booking
// confirmed (and sees it on /profile/trips); the partner's account sees the confirmed booking on
// /dashboard/experiences and cancels it from there: the traveler is refunded in full.
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const x = (key: string) => translation("en", key, "experiences");
const p = (key: string) => translation("en", key, "experience-payments");

test("a traveler pays an experience by card, the partner sees it confirmed and cancels it with a full refund", async ({ browser, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const city = `Tozeur${tag}`;
  const partnerUser = await createUser({ firstName: "Salma" });
  const partner = await Partner.create({
    userId: partnerUser.id, name: `Oasis Walks ${tag}`, description: JSON.stringify({ en: "Walks in the oasis." }), languages: JSON.stringify(["fr", "en"]),
    email: `oasis-${tag}@test.darna.tn`, phone: "+21676000000", website: null, city,
  });
  const experience = await Experience.create({
    partnerId: partner.id, title: JSON.stringify({ en: `Palm grove walk ${tag}`, fr: `Balade palmeraie ${tag}`, es: `Paseo palmeral ${tag}` }),
    description: JSON.stringify({ en: "Dates, water and shade." }), city, governorate: "Tozeur", durationMinutes: 120,
    languages: JSON.stringify(["fr", "en"]), pricePerPerson: 40_000, capacity: 6, status: "approved",
  });
  const slot = await ExperienceSlot.create({ experienceId: experience.id, startsAt: new Date(Date.now() + 9 * 86_400_000), capacity: 6 });

  // The traveler books two places…
  const traveler = await createUser();
  const page = await signedInPage(browser, traveler, javaScriptEnabled);
  await page.goto(`/experiences/${experience.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(x("details.people")).fill("2");
  await page.getByLabel(x("details.acceptTerms")).check();
  await page.getByRole("button", { name: x("details.submit") }).click();
  await page.waitForURL(/\/experience-bookings\/\d+$/);
  const bookingPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("experience-booking-status")).toHaveText(x("bookingStatus.pending_payment"));
  const reference = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Booking ", "").trim();
  expect(reference).toMatch(/^DX[2-9A-Z]{8}$/);

  // …and pays by card on the sandbox gateway, which sends them back to the booking.
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel(p("pay.card")).check();
  await page.getByTestId("experience-pay").click();
  await page.waitForURL((url) => url.pathname.startsWith("/sandbox-gateway/pay/"));
  if (javaScriptEnabled) await waitForHydration(page);
  await page.locator("#cardNumber").fill("4242 4242 4242 4242");
  await page.locator("#expiry").fill("12/39");
  await page.locator("#cvc").fill("123");
  await page.locator("#holder").fill("Amira Ben Salah");
  await page.getByTestId("gateway-pay").click();
  await page.waitForURL((url) => url.pathname === bookingPath && url.searchParams.has("ref"));
  await expect(page.getByTestId("experience-payment-state")).toHaveText(p("state.success"));
  await expect(page.getByTestId("experience-booking-status")).toHaveText(x("bookingStatus.confirmed"));
  await expect(page.getByTestId("experience-payments")).toContainText("80");
  await page.goto("/profile/trips");
  await expect(page.locator("main")).toContainText(`Palm grove walk ${tag}`);
  await expect(page.locator("main")).toContainText(x("bookingStatus.confirmed"));

  // The partner signs in and sees the confirmed booking, then cancels it from the dashboard.
  const partnerPage = await signedInPage(browser, partnerUser, javaScriptEnabled);
  await partnerPage.goto("/dashboard/experiences");
  const bookings = partnerPage.getByTestId("partner-bookings");
  await expect(bookings).toContainText(`Palm grove walk ${tag}`);
  await expect(bookings).toContainText(x("bookingStatus.confirmed"));
  if (javaScriptEnabled) await waitForHydration(partnerPage);
  const row = bookings.locator("tr", { hasText: reference });
  await row.getByLabel(p("cancel.confirm")).check();
  await row.getByTestId(`partner-cancel-${reference}`).click();
  await partnerPage.waitForURL((url) => url.pathname === bookingPath);
  await expect(partnerPage.getByTestId("experience-booking-status")).toHaveText(x("bookingStatus.cancelled"));

  // The traveler sees the refund owed; the places are free again.
  await page.goto(bookingPath);
  await expect(page.getByTestId("experience-booking-status")).toHaveText(x("bookingStatus.cancelled"));
  await expect(page.getByTestId("experience-refunds")).toContainText("80");
  expect((await slot.reload()).placesTaken).toBe(0);
  await page.context().close();
  await partnerPage.context().close();
});
