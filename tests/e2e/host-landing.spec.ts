// The host landing (issue 16 point 1), with JavaScript on and off: "Owners" leads to /host, which
// says why and how to list, estimates earnings from the demo catalogue's real prices with a plain
// GET form, answers hosts' questions and leads into /become-host; translated, with its own description.
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const h = (key: string, language: "en" | "fr" | "es" = "en") => translation(language, key, "host-landing");

test("Owners leads to the host landing; the estimate form answers from the catalogue's prices", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: translation("en", "nav.owners"), exact: true }).click();
  await expect(page).toHaveURL(/\/host$/);
  await expect(page.getByRole("heading", { level: 1, name: h("hero.title") })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", h("meta.description"));
  await expect(page.getByTestId("host-why")).toContainText("A 10 % commission, nothing else");
  await expect(page.getByRole("heading", { name: h("steps.title") })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);

  const form = page.getByRole("form", { name: h("estimate.title") });
  await form.getByLabel(h("estimate.city")).fill("Hammamet");
  await form.getByLabel(h("estimate.type")).selectOption("apartment");
  await form.getByLabel(h("estimate.bedrooms")).fill("2");
  await form.getByRole("button", { name: h("estimate.submit") }).click();
  await page.waitForURL(/city=Hammamet&type=apartment&bedrooms=2/);

  const result = page.getByTestId("estimate-result");
  await expect(result).toContainText(/Similar homes charge DT\s[\d,.]+ to DT\s[\d,.]+ a night\./);
  await expect(result).toContainText(/After the 10 % commission you would receive DT\s[\d,.]+ to DT\s[\d,.]+ for each night booked\./);
  await expect(result).toContainText(/Based on \d+ listings of the same type/);
  // The form keeps the question.
  await expect(form.getByLabel(h("estimate.city"))).toHaveValue("Hammamet");
  await expect(form.getByLabel(h("estimate.type"))).toHaveValue("apartment");

  // A host question folds open without any script.
  await page.getByText(h("faq.cost.q")).click();
  await expect(page.getByText(/Nothing to list\./)).toBeVisible();

  await page.getByRole("link", { name: h("cta.button") }).click();
  await expect(page).toHaveURL(/\/become-host$/);
});

test("a wrong field is reported beside it; the page speaks French under /fr", async ({ page }) => {
  await page.goto("/fr/host?city=Sousse&type=&bedrooms=2");
  await expect(page.getByRole("heading", { level: 1, name: h("hero.title", "fr") })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", h("meta.description", "fr"));
  await expect(page.locator("#estimate-type-error")).toHaveText(h("errors.type", "fr"));
  await expect(page.getByTestId("estimate-result")).toHaveCount(0);
  await expect(page.getByLabel(h("estimate.city", "fr"))).toHaveValue("Sousse");
});
