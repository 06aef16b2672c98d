// Receipts and invoices journey (issue 14 point 7, issue 16 point 5), JavaScript on and off: a
// traveler opens the receipt of a paid stay from the reservation page; the host declares a
// company (a malformed matricule fiscal is refused beside its field), sees it on the listing's
// host card, then opens last month's commission invoice from the revenues page and finds the
// company on it. Each run makes its own host, listing, traveler and stay.
import type { Page } from "@playwright/test";
import { createListing, createUser, signedInPage } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";
import { createStayPaidLastMonth } from "./support/receipt-factories";

test.describe.configure({ timeout: 120_000 });

const r = (key: string, language: "en" | "fr" | "es" = "en") => translation(language, key, "receipts");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test("a traveler opens a payment receipt; a host declares a company and finds it on the host card and the monthly invoice", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser({ firstName: "Amira" });
  const stay = await createStayPaidLastMonth(listing, traveler);

  // The traveler: the reservation page links the receipt, which itemises the payment.
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  await open(travelerPage, `/reservation-details/${stay.reservationId}`, javaScriptEnabled);
  await travelerPage.getByTestId("payment-receipt-link").click();
  await expect(travelerPage).toHaveURL(/\/receipts\/payments\/\d+$/);
  await expect(travelerPage.getByTestId("receipt-reference")).toHaveText(stay.paymentReference);
  await expect(travelerPage.getByTestId("stay")).toContainText(stay.reservationReference);
  await expect(travelerPage.getByTestId("receipt-service-fee")).toContainText("15");
  await expect(travelerPage.getByTestId("receipt-total")).toContainText("315");
  await expect(travelerPage.getByTestId("intermediary")).toContainText("Darna");
  // On paper: only the sheet, without the site's header and navigation.
  await travelerPage.emulateMedia({ media: "print" });
  await expect(travelerPage.locator(".site-header")).toBeHidden();
  await expect(travelerPage.getByTestId("document")).toBeVisible();
  await travelerPage.emulateMedia({ media: "screen" });
  // In French too: the reader's language.
  await open(travelerPage, `/fr${new URL(travelerPage.url()).pathname}`, javaScriptEnabled);
  await expect(travelerPage.getByRole("heading", { level: 1 })).toHaveText(r("receipt.paymentTitle", "fr"));
  // The host's own reservation page has no receipt.
  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  await open(hostPage, `/host/reservation-details/${stay.reservationId}`, javaScriptEnabled);
  await expect(hostPage.getByTestId("payment-receipt-link")).toHaveCount(0);
  // …and the traveler's receipt is not the host's to read.
  const refused = await hostPage.goto(travelerPage.url().replace("/fr/", "/"));
  expect(refused?.status()).toBe(404);

  // The host declares a company: a malformed MF is refused next to the field, then a written form is normalised.
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await hostPage.getByTestId("company-link").click();
  await expect(hostPage).toHaveURL(/\/dashboard\/company$/);
  if (javaScriptEnabled) await waitForHydration(hostPage);
  await hostPage.getByLabel(r("company.legalName")).fill("Dar Hedi SARL");
  await hostPage.getByLabel(r("company.taxId")).fill("12345/X");
  await hostPage.getByLabel(r("company.address")).fill("4 rue de Marseille, 1000 Tunis");
  await hostPage.getByTestId("company-save").click();
  await expect(hostPage.getByTestId("company-form")).toContainText(r("company.errors.taxId.format"));
  await hostPage.getByLabel(r("company.taxId")).fill("1234567 b a m 000");
  await hostPage.getByTestId("company-save").click();
  await expect(hostPage.getByTestId("company-state")).toHaveText(r("company.current").replace("{{name}}", "Dar Hedi SARL"));
  await expect(hostPage.getByLabel(r("company.taxId"))).toHaveValue("1234567B/A/M/000");

  // The listing's host card says so.
  await open(hostPage, `/property-details/${listing.id}`, javaScriptEnabled);
  await expect(hostPage.getByTestId("host-company")).toContainText("Dar Hedi SARL");
  await expect(hostPage.getByTestId("host-company")).toContainText("1234567B/A/M/000");

  // Last month's invoice, from the revenues page: numbered, with the company and the stay's commission.
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  const row = hostPage.getByTestId(`invoice-month-${stay.month}`);
  await row.getByTestId("invoice-link").click();
  await expect(hostPage).toHaveURL(/\/invoices\/\d+$/);
  await expect(hostPage.getByTestId("invoice-number")).toHaveText(new RegExp(`^DRN-\\d{4}-\\d{5}$`));
  await expect(hostPage.getByTestId("invoice-customer")).toContainText("Dar Hedi SARL");
  await expect(hostPage.getByTestId("invoice-customer")).toContainText("1234567B/A/M/000");
  await expect(hostPage.getByTestId("invoice-lines")).toContainText(stay.reservationReference);
  await expect(hostPage.getByTestId("invoice-total")).toContainText("30");
  const invoiceUrl = hostPage.url();
  const number = await hostPage.getByTestId("invoice-number").textContent();
  // Back on the revenues page, the month shows its number; the traveler cannot open the invoice.
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await expect(hostPage.getByTestId(`invoice-month-${stay.month}`)).toContainText(number!);
  const stranger = await travelerPage.goto(invoiceUrl);
  expect(stranger?.status()).toBe(404);
});
