// Reviews journey (issue 13 point 9), with JavaScript on and off: a traveler reviews a completed
// stay from its reservation page (a short comment refused with SPEC.md §5's message, in each
// language), sees it on the property page, edits it; the host replies and reports it; an operator
// hides the reported review and the listing's average changes. Each run makes its own host,
// listing, travelers, operator and stays (support/factories.ts), so no other journey shares them.
import type { Page } from "@playwright/test";
import { dbGet, dbRun } from "./support/database";
import { createCompletedStay, createListing, createOperator, createUser, signedInPage } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const rv = (key: string, language: "en" | "fr" | "es" = "en") => translation(language, key, "reviews");

/** A timestamp as Sequelize stores it in SQLite. */
const stamp = (date: Date) => date.toISOString().replace("T", " ").replace("Z", " +00:00");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

async function rate(page: Page, values: number[]) {
  const aspects = ["amenities", "services", "price", "tours", "location"];
  for (const [index, aspect] of aspects.entries()) {
    await page.getByTestId(`stars-${aspect}`).getByRole("radio", { name: new RegExp(`^${values[index]} `) }).check();
  }
}

test("a traveler reviews a completed stay, edits it; the host replies and reports it; an operator hides it and the average changes", async ({
  browser,
  javaScriptEnabled,
}) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const listingId = listing.id;
  const traveler = await createUser({ firstName: "Amira" });
  const reservationId = await createCompletedStay(listing, traveler);
  // An earlier traveler's five-star review of the same listing.
  const earlier = await createUser({ firstName: "Karim" });
  const earlierStay = await createCompletedStay(listing, earlier);
  const past = stamp(new Date(Date.now() - 86_400_000));
  await dbRun(
    `INSERT INTO reviews (reservation_id, listing_id, host_id, author_id, text, amenities, services, price, tours, location, stay_month, language, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Perfect stay, spotless and calm.', 5, 5, 5, 5, 5, ?, 'en', ?, ?)`,
    [earlierStay, listingId, host.id, earlier.id, isoDaysFromNow(-5).slice(0, 7), past, past],
  );

  // The traveler: a short comment is refused with §5's message in each language.
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  for (const language of ["fr", "es", "en"] as const) {
    await open(travelerPage, `/${language}/reservation-details/${reservationId}`, javaScriptEnabled);
    await rate(travelerPage, [3, 3, 3, 3, 3]);
    await travelerPage.getByTestId("review-text-input").fill("Too short");
    await travelerPage.getByTestId("review-submit").click();
    await expect(travelerPage.getByTestId("review-form")).toContainText(rv("errors.textMin", language));
  }
  expect(await dbGet("SELECT id FROM reviews WHERE reservation_id = ?", [reservationId])).toBeUndefined();

  // …then a real one: "Comment saved".
  await open(travelerPage, `/reservation-details/${reservationId}`, javaScriptEnabled);
  await rate(travelerPage, [3, 3, 3, 3, 3]);
  await travelerPage.getByTestId("review-text-input").fill("Nice flat, but the street was noisy at night.");
  await travelerPage.getByTestId("review-submit").click();
  await expect(travelerPage.locator(".toast").filter({ hasText: rv("toast.saved") })).toBeVisible();
  await expect(travelerPage.getByTestId("reservation-review").getByTestId("review-text")).toHaveText("Nice flat, but the street was noisy at night.");

  // On the property page: (5 + 3) / 2 = 4.0 over 2 reviews, newest first.
  await open(travelerPage, `/property-details/${listingId}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("reviews-summary")).toHaveAttribute("data-rating", "4.0");
  await expect(travelerPage.getByTestId("reviews-summary")).toHaveAttribute("data-count", "2");
  await expect(travelerPage.getByTestId("review").first().getByTestId("review-text")).toHaveText("Nice flat, but the street was noisy at night.");
  await expect(travelerPage.getByTestId("review").first().getByTestId("review-author")).toHaveText("Amira");

  // Edits it: (5 + 2) / 2 = 3.5.
  await open(travelerPage, `/reservation-details/${reservationId}`, javaScriptEnabled);
  await rate(travelerPage, [2, 2, 2, 2, 2]);
  await travelerPage.getByTestId("review-text-input").fill("Noisy street, and the air conditioning failed twice.");
  await travelerPage.getByTestId("review-submit").click();
  await expect(travelerPage.locator(".toast").filter({ hasText: rv("toast.saved") })).toBeVisible();
  await open(travelerPage, `/property-details/${listingId}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("reviews-summary")).toHaveAttribute("data-rating", "3.5");
  await expect(travelerPage.getByTestId("review").first().getByTestId("review-text")).toHaveText("Noisy street, and the air conditioning failed twice.");

  // The host replies, then reports the review as false.
  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  await open(hostPage, `/host/reservation-details/${reservationId}`, javaScriptEnabled);
  await hostPage.getByTestId("review-reply-input").fill("We are sorry: the air conditioning was checked the day before.");
  await hostPage.getByTestId("review-reply-submit").click();
  await expect(hostPage.locator(".toast").filter({ hasText: rv("toast.replied") })).toBeVisible();
  await open(hostPage, `/host/reservation-details/${reservationId}`, javaScriptEnabled);
  await hostPage.locator(".review-report summary").click();
  await hostPage.getByTestId("review-report-reason").fill("The air conditioning log shows no failure during the stay.");
  await hostPage.getByTestId("review-report-submit").click();
  await expect(hostPage.locator(".toast").filter({ hasText: rv("toast.reported") })).toBeVisible();
  await expect(hostPage.getByTestId("review-reported")).toBeVisible();

  await open(travelerPage, `/property-details/${listingId}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("review").first().getByTestId("review-reply")).toContainText("the air conditioning was checked");

  // The operator hides it: the average is the earlier review's alone.
  const reviewId = (await dbGet<{ id: number }>("SELECT id FROM reviews WHERE reservation_id = ?", [reservationId]))!.id;
  const operatorPage = await signedInPage(browser, await createOperator(), javaScriptEnabled);
  await open(operatorPage, "/admin/reviews", javaScriptEnabled);
  const report = operatorPage.locator(`[data-review-id="${reviewId}"]`);
  await expect(report.getByTestId("report-reason")).toContainText("no failure during the stay");
  await report.getByTestId("report-note").fill("The host's log matches the dates.");
  await report.getByTestId("report-hide").click();
  await expect(operatorPage.locator(".toast").filter({ hasText: rv("toast.decided") })).toBeVisible();
  await expect(operatorPage.locator(`[data-review-id="${reviewId}"]`)).toHaveCount(0);

  await open(travelerPage, `/property-details/${listingId}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("reviews-summary")).toHaveAttribute("data-rating", "5.0");
  await expect(travelerPage.getByTestId("reviews-summary")).toHaveAttribute("data-count", "1");
  await expect(travelerPage.getByText("Noisy street, and the air conditioning failed twice.")).toHaveCount(0);
  await open(travelerPage, `/reservation-details/${reservationId}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("review-hidden")).toBeVisible();

  for (const page of [travelerPage, hostPage, operatorPage]) await page.context().close();
});
