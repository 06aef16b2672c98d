// The shell (issue 2, point 5): nav bar, footer rules, currency selector, toasts, progress bar,
// offline banners. Runs with JavaScript on and off.
import {
  addFlashToast,
  chooseCurrency,
  cookieValue,
  decodeRemixCookie,
  encodeRemixCookie,
  expect,
  openPreferences,
  test,
  translation,
  waitForHydration,
} from "./support/fixtures";

test("the nav bar holds SPEC.md's entries, and anonymous visitors get Log in and Sign up", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [key, href] of [
    ["nav.accommodation", "/accommodation"],
    ["nav.experiences", "/experiences"],
    ["nav.owners", "/host"],
    ["nav.friendTrip", "/friend-trip"],
    ["nav.blog", "/blog"],
    ["nav.card", "/search-by-map"],
    ["nav.becomeHost", "/become-host"],
    ["nav.hostMode", "/dashboard"],
    ["nav.channelManager", "/dashboard/channel-manager"],
  ]) {
    await expect(nav.getByRole("link", { name: translation("en", key!), exact: true })).toHaveAttribute("href", href!);
  }
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth/login");
  await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/auth/signup");
});

test("small screens fold the nav behind a Menu toggle that works without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const link = page.getByRole("link", { name: "Accommodation", exact: true });
  await expect(link).toBeHidden();
  await page.locator("label[for=nav-toggle]").click();
  await expect(link).toBeVisible();
});

test("a menu opened before the scripts run stays open once the page hydrates", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration only happens with JavaScript");
  // As on a slow connection: the visitor opens the menu once the HTML is parsed ("interactive"),
  // before the deferred module scripts have run and React has hydrated.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const menu = document.querySelector<HTMLDetailsElement>("details.preferences");
      if (menu && !document.documentElement.hasAttribute("data-hydrated")) menu.open = true;
    });
  });
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.locator("details.preferences");
  await expect(menu.locator(".menu__panel")).toBeVisible();
  // A client-side navigation still closes it.
  await page.getByRole("link", { name: "Accommodation", exact: true }).first().click();
  await expect(page).toHaveURL(/\/accommodation/);
  await expect(menu.locator(".menu__panel")).toBeHidden();
});

test("the footer is on the home page with legal links, contact and payment logos", async ({ page }) => {
  await page.goto("/fr");
  const footer = page.locator("footer.site-footer");
  await expect(footer).toBeVisible();
  await expect(footer.getByRole("link", { name: translation("fr", "footer.privacyPolicy") })).toHaveAttribute("href", "/fr/privacy-policy");
  await expect(footer.getByRole("link", { name: translation("fr", "footer.termsOfUse") })).toHaveAttribute("href", "/fr/terms-of-use");
  await expect(footer.getByRole("link", { name: "contact@darna.tn" })).toHaveAttribute("href", "mailto:contact@darna.tn");
  await expect(footer.locator("a[href^='tel:']")).toHaveCount(1);
  await expect(footer.locator("address")).toContainText("Tunis");
  for (const name of ["Facebook", "Instagram", "LinkedIn"]) await expect(footer.getByRole("link", { name })).toBeVisible();
  for (const name of ["Visa", "Mastercard", "e-DINAR"]) await expect(footer.getByRole("img", { name })).toBeVisible();
});

test("the footer is hidden on /dashboard, /payment, /auth and /reservation-details paths", async ({ page }) => {
  for (const path of [
    "/auth/login",
    "/fr/auth/signup",
    "/dashboard",
    "/es/dashboard/calendrier/1",
    "/payment",
    "/reservation-details/1",
    "/host/reservation-details/1",
  ]) {
    await page.goto(path);
    await expect(page.locator("header.site-header"), path).toBeVisible();
    await expect(page.locator("footer.site-footer"), path).toHaveCount(0);
  }
  // Elsewhere, even on a not-found page, it stays.
  const response = await page.goto("/establishment-payment-typo");
  expect(response?.status()).toBe(404);
  await expect(page.locator("footer.site-footer")).toBeVisible();
});

test("the currency form changes the displayed amounts and remembers the choice", async ({ page, context, javaScriptEnabled }) => {
  await page.goto("/?ref=e2e");
  let menu = await openPreferences(page);
  await expect(menu.getByTestId("rate-line")).toHaveText(translation("en", "preferences.pricesInTnd"));

  await chooseCurrency(page, "EUR", javaScriptEnabled);
  await expect(page).toHaveURL(/\/\?ref=e2e$/); // back where the visitor was
  expect(decodeRemixCookie(await cookieValue(context, "currency"))).toBe("EUR");
  menu = await openPreferences(page);
  // 1 TND is worth 0.292 EUR in the demo rates: shown with EUR's two decimals.
  await expect(menu.getByTestId("rate-line")).toHaveText("Prices in EUR (DT\u00a01.000 ≈ €0.29), charged in TND");

  // The choice holds on the next page, formatted with the language's conventions.
  await page.goto("/fr");
  menu = await openPreferences(page);
  await expect(menu.getByTestId("rate-line")).toHaveText("Prix en EUR (1,000\u00a0DT ≈ 0,29\u00a0€), payés en TND");
  await expect(menu.getByRole("combobox")).toHaveValue("EUR");

  await chooseCurrency(page, "USD", javaScriptEnabled);
  await expect(page).toHaveURL(/\/fr$/); // the language prefix is kept
  menu = await openPreferences(page);
  await expect(menu.getByTestId("rate-line")).toContainText("0,34\u00a0$");

  if (javaScriptEnabled) {
    // SPEC.md: mirrored to local storage `currency` as { code, symbol }.
    const stored = await page.evaluate(() => window.localStorage.getItem("currency"));
    expect(JSON.parse(stored ?? "null")).toEqual({ code: "USD", symbol: "$" });
  }
});

test("the currency form changes the prices shown on the page", async ({ page, javaScriptEnabled }) => {
  await page.goto("/accommodation");
  const price = page.getByTestId("nightly-price").first();
  await expect(price).toContainText("DT");
  await chooseCurrency(page, "EUR", javaScriptEnabled);
  await expect(page).toHaveURL(/\/accommodation$/);
  await expect(price).toContainText("€");
  await expect(price).not.toContainText("DT");
});

test("with JavaScript, local storage mirrors the currency the cookie holds on every page, however it was set", async ({ page, context, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "local storage is written by the page's scripts");
  await page.goto("/");
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("currency"))).toBe(JSON.stringify({ code: "TND", symbol: "DT" }));
  // Set without the form (as a sign-in applying the user's stored currency does).
  await context.addCookies([{ name: "currency", value: encodeRemixCookie("GBP"), url: baseURL! }]);
  await page.goto("/fr");
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("currency"))).toBe(JSON.stringify({ code: "GBP", symbol: "£" }));
});

test("an unknown currency code comes back with an error toast from the flash cookie", async ({ page, context }) => {
  await page.goto("/es");
  // What a tampered form would send: the action answers with a redirect and a flash toast.
  const response = await context.request.post("/es/currency", {
    form: { code: "XXX", redirectTo: "/es" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  await page.goto("/es");
  await expect(page.locator(".toast")).toContainText(translation("es", "errors.unknown", "currency"));
});

test("toasts show at the top right from the flash cookie, once, and can be closed", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await addFlashToast(context, baseURL!, { type: "error", message: "common:errors.network" });
  await page.goto("/fr");
  const toast = page.locator(".toast");
  await expect(toast).toHaveText(new RegExp(translation("fr", "errors.network").replace(/[.?]/g, "\\$&")));
  await expect(toast).toHaveAttribute("role", "alert");
  if (javaScriptEnabled) await waitForHydration(page);
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  // With JavaScript it floats at the top; without it, it sits in the page right under the header (issue 12).
  const header = (await page.locator(".site-header").boundingBox())!;
  expect(box!.y).toBeLessThan(javaScriptEnabled ? 100 : header.y + header.height + 40);
  if (!javaScriptEnabled) expect(box!.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);

  await toast.locator(".toast__close").click();
  await expect(toast).toBeHidden();

  // A flash toast shows once.
  await page.reload();
  await expect(page.locator(".toast")).toHaveCount(0);
});

test("without JavaScript a toast stays until it is closed", async ({ page, context, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the JavaScript behaviour is tested below");
  await addFlashToast(context, baseURL!, { type: "info", message: "common:network.online" });
  await page.goto("/");
  const toast = page.locator(".toast");
  await expect(toast).toBeVisible();
  await page.waitForTimeout(5500);
  await expect(toast).toBeVisible();
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "needs JavaScript");

  test("a toast closes by itself after 5 seconds", async ({ page, context, baseURL }) => {
    await addFlashToast(context, baseURL!, { type: "success", message: "common:network.online" });
    await page.goto("/");
    const toast = page.locator(".toast");
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await page.mouse.move(5, 700); // not over the toast
    await expect(toast).toHaveCount(0, { timeout: 9_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  });

  test("hovering pauses the countdown", async ({ page, context, baseURL }) => {
    await addFlashToast(context, baseURL!, { type: "info", message: "common:network.online" });
    await page.goto("/");
    await waitForHydration(page);
    const toast = page.locator(".toast");
    await toast.hover();
    await page.waitForTimeout(6_000);
    await expect(toast).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(toast).toHaveCount(0, { timeout: 9_000 });
  });

  test("a toast can be dragged away", async ({ page, context, baseURL }) => {
    await addFlashToast(context, baseURL!, { type: "info", message: "common:network.online" });
    await page.goto("/");
    await waitForHydration(page);
    const toast = page.locator(".toast");
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0, { timeout: 1_500 });
  });

  test("a slim progress bar shows while a navigation is under way", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator(".progress-bar")).toHaveCount(0);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Friend Trip" }).click();
    await expect(page.locator(".progress-bar")).toBeVisible();
    release();
    await expect(page.locator(".progress-bar")).toHaveCount(0);
    await expect(page).toHaveURL(/\/friend-trip$/);
  });

  test("the progress bar shows while a form post is under way", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/currency(\.data)?(\?|$)/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const menu = await openPreferences(page);
    await menu.getByRole("combobox").selectOption("CHF"); // the form submits itself
    await expect(page.locator(".progress-bar")).toBeVisible();
    release();
    await expect(page.locator(".progress-bar")).toHaveCount(0);
    await expect(page.locator("details.preferences summary")).toContainText("CHF");
  });

  test("offline and restored banners follow the connection", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    await context.setOffline(true);
    await expect(page.getByText("You are currently offline.")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("Your internet connection was restored.")).toBeVisible();
    await expect(page.getByText("You are currently offline.")).toHaveCount(0);
  });
});

test("without JavaScript nothing waits on scripts: no progress bar or banner markup", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the JavaScript behaviour is tested above");
  await page.goto("/");
  await expect(page.locator(".progress-bar, .network-banner")).toHaveCount(0);
  // The currency form has its own submit button when no script can submit it.
  const menu = await openPreferences(page);
  await expect(menu.getByRole("button", { name: "Apply" })).toBeVisible();
});

test("pages make no requests to other origins", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  await page.goto("/");
  await page.goto("/fr/nowhere");
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});
