// Languages (issue 2, point 3): prefixes, ?lng=, the remembered cookie, Accept-Language, the
// switcher's links, and 404 for any first segment that is not a language.
import { cookieValue, expect, openPreferences, test, translation } from "./support/fixtures";

const languages = ["en", "fr", "es"] as const;

for (const language of languages) {
  test(`/${language} renders the home page in ${language} with <html lang="${language}">`, async ({ page }) => {
    const response = await page.goto(`/${language}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation(language, "home.title"));
    // The shell speaks the same language.
    await expect(page.getByRole("navigation", { name: translation(language, "nav.label") })).toContainText(
      translation(language, "nav.accommodation"),
    );
  });
}

test("a language prefix is remembered in the cookie for pages without a prefix", async ({ page, context }) => {
  await page.goto("/fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await cookieValue(context, "lng")).toBeTruthy();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("fr", "home.title"));
});

test("?lng=es picks Spanish and the choice is remembered", async ({ page }) => {
  await page.goto("/?lng=es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // A prefix still wins over the remembered choice.
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("without prefix, query or cookie, Accept-Language picks the language", async ({ browser, baseURL, javaScriptEnabled }) => {
  // The browser's locale sets its Accept-Language header ("fr-FR,fr;q=0.9").
  for (const [locale, expected] of [
    ["fr-FR", "fr"],
    ["es-ES", "es"],
    ["de-DE", "en"], // unsupported → English
  ] as const) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", expected);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation(expected, "home.title"));
    await context.close();
  }
});

test("the language switcher links to the same page in each language, keeping the query", async ({ page }) => {
  await page.goto("/fr/somewhere-else?guests=2&lng=es");
  const menu = await openPreferences(page);
  await expect(menu.getByRole("link", { name: "English" })).toHaveAttribute("href", "/en/somewhere-else?guests=2");
  await expect(menu.getByRole("link", { name: "Español" })).toHaveAttribute("href", "/es/somewhere-else?guests=2");
  await expect(menu.getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "true");

  await page.goto("/fr?guests=2");
  await (await openPreferences(page)).getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\?guests=2$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("es", "home.title"));
});

test("links in the shell keep the visitor's language prefix", async ({ page }) => {
  await page.goto("/es");
  const nav = page.getByRole("navigation", { name: translation("es", "nav.label") });
  await expect(nav.getByRole("link", { name: translation("es", "nav.accommodation") })).toHaveAttribute("href", "/es/accommodation");
  await expect(page.getByRole("link", { name: translation("es", "nav.login") })).toHaveAttribute("href", "/es/auth/login");
});

test("a first segment that is not a language is a translated 404, never a language", async ({ page }) => {
  for (const [path, language] of [
    ["/xx", "en"],
    ["/de/accommodation", "en"],
    ["/fr/xx", "fr"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation(language, "errors.notFoundTitle"));
  }
});

test("any unknown path is a 404 page in the visitor's language", async ({ page }) => {
  for (const [path, language] of [
    ["/no/such/page", "en"],
    ["/es/no-existe?x=1", "es"],
    ["/fr/property-details-typo/3", "fr"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation(language, "errors.notFoundTitle"));
    await expect(page.getByText(translation(language, "errors.notFound"))).toBeVisible();
    await expect(page.getByRole("link", { name: translation(language, "errors.backHome") })).toHaveAttribute(
      "href",
      language === "en" ? "/" : `/${language}`,
    );
  }
});
