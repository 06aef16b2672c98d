// Partners journey (issue 21 points 2, 3 and 9; ADR 181), with JavaScript on and off: a visitor
// follows "Become a partner" in the footer and proposes a partnership (a bad website is refused
// beside the field, "add another" adds a price row and keeps what was typed), an operator
// approves it at /admin/partners, the partner page is public (contact hidden), a signed-out
// visitor is asked to log in to favorite it, and a signed-in traveler favorites it and finds it
// in their favorites. Each run makes its own people and partner.
import type { Page } from "@playwright/test";
import { createOperator, createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, isoDaysFromNow, test, toggleFavorite, translation, waitForHydration } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

const p = (key: string) => translation("en", key, "partners");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test("a visitor proposes a partnership, an operator approves it, the page is public and a traveler favorites it", async ({ page, browser, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const name = `Atelier Nabeul ${tag}`;
  const email = `atelier-${tag}@partners.e2e.darna.tn`;

  // The visitor finds the form from the footer.
  await open(page, "/", javaScriptEnabled);
  await page.locator("footer.site-footer").getByRole("link", { name: translation("en", "footer.becomePartner") }).click();
  await expect(page).toHaveURL(/\/partner-proposal$/);
  if (javaScriptEnabled) await waitForHydration(page);
  const form = page.getByTestId("partner-proposal-form");
  await form.getByLabel(p("proposal.name")).fill(name);
  await form.getByLabel(p("proposal.description")).fill("Pottery and ceramics workshops in Nabeul, for beginners and families.");
  await form.getByLabel(`${p("proposal.priceMin")} 1`).fill("35");
  await form.getByLabel(`${p("proposal.priceMax")} 1`).fill("60");
  await form.getByLabel(`${p("proposal.date")} 1`).fill(isoDaysFromNow(30));
  await form.getByLabel(`${p("proposal.from")} 1`).fill("09:30");
  await form.getByLabel(`${p("proposal.to")} 1`).fill("12:00");
  await form.getByLabel(p("languages.fr")).check();
  await form.getByLabel(p("languages.ar")).check();
  await form.getByLabel(p("proposal.email")).fill(email);
  await form.getByLabel(p("proposal.phone")).fill("+216 72 000 111");
  await form.getByLabel(p("proposal.website")).fill("not a website");

  // "Add another" posts back without JavaScript: one more row, nothing typed lost.
  await form.getByRole("button", { name: p("proposal.addPrice") }).click();
  await expect(form.getByLabel(`${p("proposal.priceMin")} 4`)).toBeVisible();
  await expect(form.getByLabel(p("proposal.name"))).toHaveValue(name);
  await expect(form.getByLabel(`${p("proposal.priceMax")} 1`)).toHaveValue("60");
  await expect(form.getByLabel(p("languages.ar"))).toBeChecked();
  await form.getByLabel(`${p("proposal.priceMin")} 4`).fill("120");
  await form.getByLabel(`${p("proposal.priceMax")} 4`).fill("200");

  await form.getByRole("button", { name: p("proposal.submit") }).click();
  await expect(form.getByText(p("errors.website"))).toBeVisible();
  await expect(form.getByLabel(p("proposal.description"))).toHaveValue(/Pottery and ceramics/);
  await form.getByLabel(p("proposal.website")).fill("https://atelier-nabeul.example.com");
  await form.getByRole("button", { name: p("proposal.submit") }).click();
  await expect(page.locator(".toast").filter({ hasText: p("proposal.sent") })).toBeVisible();

  // An operator approves it.
  const operator = await createOperator();
  const operatorPage = await signedInPage(browser, operator, javaScriptEnabled);
  await open(operatorPage, "/admin/partners", javaScriptEnabled);
  const row = operatorPage.getByTestId("pending-proposal").filter({ hasText: name });
  await row.getByRole("link", { name: p("admin.open") }).click();
  await expect(operatorPage.getByRole("heading", { level: 1 })).toContainText(name);
  if (javaScriptEnabled) await waitForHydration(operatorPage);
  await operatorPage.getByLabel(p("admin.descriptionFr")).fill("Ateliers de poterie et de céramique à Nabeul.");
  await operatorPage.getByLabel(p("admin.city")).fill("Nabeul");
  await operatorPage.getByTestId("approve-proposal").click();
  await expect(operatorPage.locator(".toast").filter({ hasText: p("admin.approved") })).toBeVisible();
  const partnerPath = new URL((await operatorPage.getByTestId("partner-page-link").getAttribute("href"))!, "http://x").pathname;

  // The page is public; the contact is hidden. Signed out, the heart asks to log in.
  await open(page, partnerPath, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("partner-languages")).toContainText(p("languages.ar"));
  await expect(page.getByTestId("partner-contact-hidden")).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await page.getByTestId("favorite-button").click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.locator(".toast").filter({ hasText: translation("en", "loginRequired", "favorites") })).toBeVisible();

  // In French, the operator's French description.
  await open(page, `/fr${partnerPath}`, javaScriptEnabled);
  await expect(page.getByTestId("partner-description")).toContainText("Ateliers de poterie");

  // A signed-in traveler favorites it and finds it in their favorites.
  const traveler = await createUser();
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  await open(travelerPage, partnerPath, javaScriptEnabled);
  const heart = travelerPage.getByTestId("favorite-button");
  await toggleFavorite(travelerPage, heart);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await open(travelerPage, "/profile/favorites", javaScriptEnabled);
  await expect(travelerPage.getByTestId("favorite-partners")).toContainText(name);
});
