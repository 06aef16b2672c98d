// Operators set the display currencies' rates (issue 2, point 4), JavaScript on and off: from the
// operator menu to /admin/currencies, add a currency, a bad rate is refused next to the field with
// what was typed kept, a good one is saved, and the API and the currency selector follow.
import { createOperator, unusedCurrencyCode } from "./support/factories";
import { chooseCurrency, expect, test, translation, waitForHydration, type Page } from "./support/fixtures";

const admin = (key: string) => translation("en", key, "admin");

async function logInAsOperator(page: Page, javaScriptEnabled: boolean) {
  const operator = await createOperator();
  await page.goto("/auth/login");
  await page.getByLabel(translation("en", "fields.email", "auth")).fill(operator.email);
  await page.getByLabel(translation("en", "fields.password", "auth")).fill(operator.password);
  await page.getByRole("button", { name: translation("en", "login.submit", "auth") }).click();
  await expect(page.locator("details.user-menu")).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

test("an operator adds a currency and sets its rate; the API and the selector follow", async ({ page, request, javaScriptEnabled }) => {
  const code = await unusedCurrencyCode();
  await logInAsOperator(page, javaScriptEnabled);
  await page.goto("/"); // past the welcome toast
  const menu = page.locator("details.user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: translation("en", "operatorMenu.currencies"), exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: admin("currencies.title") })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByTestId("currency-TND")).toContainText(admin("currencies.tndFixed"));

  const add = page.getByRole("form", { name: admin("currencies.addTitle") });
  await add.getByLabel(admin("currencies.code")).fill(code.toLowerCase());
  await add.getByLabel(admin("currencies.symbol")).fill("¤");
  await add.getByLabel(admin("currencies.rate")).fill("48.5");
  await add.getByLabel(admin("currencies.decimals")).selectOption("0");
  await add.getByRole("button", { name: admin("currencies.add") }).click();
  await expect(page.getByText(admin("currencies.added").replace("{{code}}", code))).toBeVisible();
  expect(await (await request.get(`/api/v1/tnd-value/${code}`)).json()).toEqual({ value: 48.5 });
  await expect(add.getByLabel(admin("currencies.code"))).toHaveValue("");

  // A bad rate: the message next to the field, what was typed kept, nothing saved.
  const row = page.getByTestId(`currency-${code}`);
  const rate = row.getByLabel(admin("currencies.rate"));
  await expect(rate).toHaveValue("48.5");
  await rate.fill("4,8.5");
  await row.getByRole("button", { name: admin("currencies.save"), exact: true }).click();
  await expect(row.getByRole("alert")).toHaveText(admin("currencies.errors.rate"));
  await expect(rate).toHaveValue("4,8.5");
  expect(await (await request.get(`/api/v1/tnd-value/${code}`)).json()).toEqual({ value: 48.5 });

  await rate.fill("50,25");
  // With JavaScript the message goes as soon as the value is right.
  if (javaScriptEnabled) await expect(row.getByRole("alert")).toHaveCount(0);
  await row.getByRole("button", { name: admin("currencies.save"), exact: true }).click();
  await expect(page.getByText(admin("currencies.saved").replace("{{code}}", code))).toBeVisible();
  await expect(page.getByTestId(`currency-${code}`).getByLabel(admin("currencies.rate"))).toHaveValue("50.25");
  expect(await (await request.get(`/api/v1/tnd-value/${code}`)).json()).toEqual({ value: 50.25 });

  // The new currency is offered to visitors in the shell's currency selector.
  await page.goto("/");
  await chooseCurrency(page, code, javaScriptEnabled);
});

test("other users cannot open the currencies page", async ({ page }) => {
  const response = await page.goto("/admin/currencies");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fcurrencies/);
  expect(response?.status()).toBe(200);
});
