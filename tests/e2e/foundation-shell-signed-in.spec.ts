// The shell once signed in (SPEC.md §2): user menu, host-mode menu and switch, bottom navigation
// on small screens, logging out from the menu. JavaScript on and off.
import { createOperator, createUser, type TestUser } from "./support/factories";
import { expect, test, translation, type Page } from "./support/fixtures";

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
