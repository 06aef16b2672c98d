// The shell once signed in (SPEC.md §2): user menu, host-mode menu and switch, bottom navigation
// on small screens, logging out from the menu. JavaScript on and off.
import { createOperator, createUser, type TestUser } from "./support/factories";
import { addFlashToast, expect, test, translation, type Locator, type Page } from "./support/fixtures";

const common = (key: string) => translation("en", key);

async function logIn(page: Page, user: TestUser) {
  await page.goto("/auth/login");
  await page.getByLabel(translation("en", "fields.email", "auth")).fill(user.email);
  await page.getByLabel(translation("en", "fields.password", "auth")).fill(user.password);
  await page.getByRole("button", { name: translation("en", "login.submit", "auth") }).click();
  await expect(page.locator("details.user-menu")).toBeVisible();
}

async function openMenu(page: Page, selector: string) {
  const menu = page.locator(selector);
  await menu.locator("summary").click();
  await expect(menu.locator(".menu__panel")).toBeVisible();
  return menu;
}

test("the user menu holds SPEC.md's entries and logs out with a POST", async ({ page }) => {
  await logIn(page, await createUser({ firstName: "Amira", lastName: "Ben Salah" }));
  await page.goto("/");
  await expect(page.getByRole("link", { name: common("nav.login") })).toHaveCount(0);
  await expect(page.locator("details.host-menu")).toHaveCount(0); // traveler mode

  const menu = await openMenu(page, "details.user-menu");
  await expect(menu.locator("summary")).toHaveAttribute("aria-label", "Account menu of Amira Ben Salah");
  for (const [key, href] of [
    ["userMenu.notifications", "/notifications"],
    ["userMenu.profile", "/profile"],
    ["userMenu.messages", "/messages"],
    ["userMenu.favorites", "/profile/favorites"],
    ["userMenu.becomeHost", "/become-host"],
    ["userMenu.createListing", "/become-host"],
  ]) {
    await expect(menu.getByRole("link", { name: common(key!), exact: true })).toHaveAttribute("href", href!);
  }
  await menu.getByRole("button", { name: common("userMenu.logout") }).click();
  await expect(page.getByRole("link", { name: common("nav.login") })).toBeVisible();
  await expect(page.locator("details.user-menu")).toHaveCount(0);
});

test("operators' menu leads to the moderation and payment queues", async ({ page }) => {
  await logIn(page, await createOperator());
  await page.goto("/es");
  const menu = await openMenu(page, "details.user-menu");
  await expect(menu.getByRole("link", { name: translation("es", "operatorMenu.payments"), exact: true })).toHaveAttribute("href", "/es/admin/payments");
  await menu.getByRole("link", { name: translation("es", "operatorMenu.listings"), exact: true }).click();
  await expect(page).toHaveURL(/\/es\/admin\/listings$/);
});

test("other users' menu has no operator entries", async ({ page }) => {
  await logIn(page, await createUser({ firstName: "Amira", lastName: "Ben Salah" }));
  await page.goto("/");
  const menu = await openMenu(page, "details.user-menu");
  await expect(menu.getByRole("link", { name: common("userMenu.profile"), exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: common("operatorMenu.listings"), exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: common("operatorMenu.payments"), exact: true })).toHaveCount(0);
});

test("hosts get the host-mode menu", async ({ page }) => {
  await logIn(page, await createUser({ host: true }));
  await page.goto("/fr");
  const menu = await openMenu(page, "details.host-menu");
  for (const [key, href] of [
    ["hostMenu.calendar", "/fr/dashboard/calendrier"],
    ["hostMenu.accommodations", "/fr/dashboard/listings"],
    ["hostMenu.revenues", "/fr/dashboard/revenues"],
    ["hostMenu.reservations", "/fr/dashboard/reservations"],
    ["hostMenu.messages", "/fr/dashboard/messages"],
    ["hostMenu.createListing", "/fr/become-host"],
    ["hostMenu.channelManager", "/fr/dashboard/channel-manager"],
  ]) {
    await expect(menu.getByRole("link", { name: translation("fr", key!), exact: true })).toHaveAttribute("href", href!);
  }
});

test("Host mode switches in one click and Traveler mode switches back", async ({ page }) => {
  await logIn(page, await createOperator());
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: common("nav.hostMode") }).click();
  await expect(page).toHaveURL(/\/dashboard(\/|$)/); // the dashboard may open on a tab
  await expect(page.locator("details.host-menu")).toBeVisible();

  await nav.getByRole("button", { name: common("nav.travelerMode") }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("details.host-menu")).toHaveCount(0);
  await expect(nav.getByRole("button", { name: common("nav.hostMode") })).toBeVisible();
});

test("signed-in small screens get a bottom navigation bar and room for it", async ({ page }) => {
  await logIn(page, await createUser({ firstName: "Amira", lastName: "Ben Salah" }));
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const bottom = page.getByRole("navigation", { name: common("bottomNav.label") });
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole("link", { name: common("userMenu.messages") })).toHaveAttribute("href", "/messages");
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(padding).toBeGreaterThanOrEqual(48);

  // Wide screens: no bottom bar, no padding.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bottom).toBeHidden();
});

/** True when the element is the topmost thing at its own centre: nothing (a toast…) lies over it. */
function isOnTop(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && node.contains(hit);
  });
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("without JavaScript a toast (it stays until closed) never covers the header's menus or the page", async ({ page, context, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "with JavaScript a toast floats and closes by itself after 5 s");
  await logIn(page, await createUser({ host: true }));
  await addFlashToast(context, baseURL!, { type: "info", message: "common:network.online" });
  await page.goto("/");
  const toast = page.locator(".toast").filter({ hasText: common("network.online") });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;

  // In the page flow right under the header: the content starts below it, nothing lies under it.
  const headerBox = (await page.locator(".site-header").boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  const mainBox = (await page.locator("#main").boundingBox())!;
  expect(mainBox.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
  const firstLink = page.locator("#main a:visible").first();
  expect(await isOnTop(firstLink)).toBe(true);
  await firstLink.click({ trial: true });

  // Every entry of every dropdown is on top where it is drawn (the panels drop over the toast's place).
  for (const selector of ["details.preferences", "details.user-menu", "details.host-menu"]) {
    const menu = await openMenu(page, selector);
    const entries = menu.locator(".menu__panel").locator("a, button");
    expect(await entries.count()).toBeGreaterThan(0);
    for (const entry of await entries.all()) expect(await isOnTop(entry), `${selector}: ${await entry.textContent()}`).toBe(true);
    await menu.locator("summary").click(); // closes it again
    await expect(menu.locator(".menu__panel")).toBeHidden();
  }
  await expect(toast).toBeVisible();

  // Small screens: the nav unfolds inside the header and pushes the toast down.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.locator("label[for=nav-toggle]").click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: common("nav.accommodation"), exact: true })).toBeVisible();
  expect(intersects((await nav.boundingBox())!, (await toast.boundingBox())!)).toBe(false);
  for (const link of await nav.getByRole("link").all()) {
    if (await link.isVisible()) expect(await isOnTop(link), (await link.textContent()) ?? "").toBe(true);
  }

  // Closing it takes its room back.
  await toast.locator(".toast__close").click();
  await expect(toast).toBeHidden();
});
