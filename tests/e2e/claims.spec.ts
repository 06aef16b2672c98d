// Claims journey (issue 14 points 4, 5 and 10), with JavaScript on and off: a traveler who checked
// in less than 24 hours ago opens an amenity-failure claim with a photo from the reservation page;
// the host sees the stay's earning withheld and answers; an operator accepts the claim in part;
// the host's earning and the traveler's refund follow; the operator pays the refund with a bank
// fee and the traveler's page shows it paid. Each run makes its own users, listing and stay.
import { formatMoney, TND } from "~/domain/money";
import { dbGet } from "./support/database";
import { createCheckedInStay } from "./support/claim-factories";
import { createListing, createOperator, createUser, signedInPage } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";
import type { Page } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const cl = (key: string) => translation("en", key, "claims");
const dt = (millimes: number) => formatMoney(millimes, TND, "en");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

async function photo(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
}

test("a traveler opens an amenity claim, the host answers, an operator accepts it in part; the host's earning and the traveler's refund follow", async ({
  browser,
  javaScriptEnabled,
}) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host, price: 150, cleaningFee: 30 });
  const traveler = await createUser({ firstName: "Amira" });
  const stay = await createCheckedInStay(listing.id, traveler.id);
  const earning = stay.hostPayout;

  // The traveler: a claim without its amenity is refused next to the field, then sent with a photo.
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  await open(travelerPage, `/reservation-details/${stay.id}`, javaScriptEnabled);
  const form = travelerPage.getByTestId("claim-form");
  await form.getByTestId(`claim-night-${stay.checkIn}`).check();
  await form.getByTestId("claim-text").fill("The air conditioning does not cool at all.");
  await form.getByTestId("claim-submit").click();
  await expect(travelerPage.getByTestId("claim-form")).toContainText(cl("errors.amenity"));
  expect(await dbGet("SELECT id FROM claims WHERE reservation_id = ?", [stay.id])).toBeUndefined();

  const retry = travelerPage.getByTestId("claim-form");
  await retry.getByTestId("claim-amenity").selectOption("air_conditioning");
  if (!(await retry.getByTestId(`claim-night-${stay.checkIn}`).isChecked())) await retry.getByTestId(`claim-night-${stay.checkIn}`).check();
  await retry.getByTestId("claim-text").fill("The air conditioning does not cool at all.");
  await retry.getByTestId("claim-photos").setInputFiles({ name: "thermostat.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await retry.getByTestId("claim-submit").click();
  await travelerPage.waitForURL((url) => url.pathname === `/reservation-details/${stay.id}`);
  const claim = travelerPage.getByTestId("claim");
  await expect(claim).toHaveAttribute("data-status", "open");
  await expect(claim.locator("img")).toHaveCount(1);
  await expect(travelerPage.getByTestId("claim-form")).toHaveCount(0);

  // The host: the stay's earning is withheld; the host answers from the reservation page.
  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await expect(hostPage.getByTestId("total-withheld")).toContainText(dt(earning));
  await open(hostPage, `/host/reservation-details/${stay.id}`, javaScriptEnabled);
  await hostPage.getByTestId("claim-answer-input").fill("The technician comes tomorrow morning.");
  await hostPage.getByTestId("claim-answer-submit").click();
  await expect(hostPage.getByTestId("claim-host-answer")).toHaveText("The technician comes tomorrow morning.");

  // The operator accepts it in part: 20 TND of the 37.500 TND the rules allow (25 % of one night at 150 TND).
  const operatorPage = await signedInPage(browser, await createOperator(), javaScriptEnabled);
  await open(operatorPage, "/admin/claims", javaScriptEnabled);
  const row = operatorPage.locator(`[data-testid=admin-claim][data-claim-id]`).filter({ hasText: stay.reference });
  await expect(row.getByTestId("claim-cap")).toContainText(dt(37_500));
  await row.getByTestId("claim-decision-partial").check();
  await row.getByTestId("claim-amount").fill("20");
  await row.getByTestId("claim-note").fill("The bedroom unit failed the first night only.");
  await row.getByTestId("claim-decide").click();
  await expect(operatorPage.locator(`[data-testid=admin-claim]`).filter({ hasText: stay.reference })).toHaveCount(0);

  // The host's earning follows: 20 TND less, no longer withheld.
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await expect(hostPage.getByTestId("total-withheld")).toContainText(dt(0));
  await expect(hostPage.getByTestId("total-refunds")).toContainText(dt(20_000));
  await expect(hostPage.getByTestId("total-pending")).toContainText(dt(earning - 20_000));

  // …and the traveler's refund: owed, due in 15 days.
  await open(travelerPage, `/reservation-details/${stay.id}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("claim")).toHaveAttribute("data-status", "partial");
  await expect(travelerPage.getByTestId("claim-decision")).toContainText(dt(20_000));
  await expect(travelerPage.getByTestId("refunds")).toContainText(dt(20_000));
  await expect(travelerPage.getByTestId("refund-status")).toHaveText(translation("en", "refundStatus.pending", "reservation"));

  // The operator pays it with a 1 TND bank fee; the traveler sees it paid with the reference.
  await open(operatorPage, "/admin/refunds", javaScriptEnabled);
  const refund = operatorPage.getByTestId("admin-refund").filter({ hasText: stay.reference });
  await refund.getByTestId("refund-reference").fill("VIR-E2E-1");
  await refund.getByTestId("refund-bank-fee").fill("1");
  await refund.getByTestId("refund-mark-paid").click();
  await expect(operatorPage.getByTestId("admin-refund").filter({ hasText: stay.reference })).toHaveCount(0);
  await open(travelerPage, `/reservation-details/${stay.id}`, javaScriptEnabled);
  await expect(travelerPage.getByTestId("refund-status")).toContainText("VIR-E2E-1");
  await expect(travelerPage.getByTestId("refund-amount")).toContainText(dt(19_000));
  const fee = await dbGet<{ amount: number }>("SELECT amount FROM ledger_lines WHERE reservation_id = ? AND kind = 'refund_bank_fee'", [stay.id]);
  expect(Number(fee?.amount)).toBe(-1_000);
});
