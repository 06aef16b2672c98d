// Friend Trip (issue 21 point 1), JavaScript on and off: an operator sets the packs' prices (basic
// free), a visitor requests the free pack (a mistake first: the message next to the field, what
// was typed kept) and lands on the confirmation; a paid pack goes through the sandbox gateway —
// a refused card leads to /friend-trip-failed, the retry with a good card to the confirmation —
// and the operator finds the requests at /admin/friend-trip and moves one on, which the audit log shows.
import { createOperator } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration, type Page } from "./support/fixtures";

const ft = (key: string) => translation("en", key, "friend-trip");
const c = (key: string) => translation("en", key, "console");
const CARD_OK = "4242 4242 4242 4242";
const CARD_REFUSED = "4000 0000 0000 0002";

async function ready(page: Page, javaScriptEnabled: boolean) {
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await waitForHydration(page);
}

async function logInAsOperator(page: Page, javaScriptEnabled: boolean) {
  const operator = await createOperator();
  await page.goto("/auth/login");
  await page.getByLabel(translation("en", "fields.email", "auth")).fill(operator.email);
  await page.getByLabel(translation("en", "fields.password", "auth")).fill(operator.password);
  await page.getByRole("button", { name: translation("en", "login.submit", "auth") }).click();
  await expect(page.locator("details.user-menu")).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

/** The same settings in every test (so the two projects running at once agree): basic free, no promotion. */
async function setPrices(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/admin/friend-trip/packs");
  await ready(page, javaScriptEnabled);
  await page.getByLabel(ft("admin.basePrice").replace("{{pack}}", ft("packs.basic.name"))).fill("0");
  await page.getByLabel(ft("admin.basePrice").replace("{{pack}}", ft("packs.custom.name"))).fill("300");
  await page.getByLabel(ft("admin.basePrice").replace("{{pack}}", ft("packs.premium.name"))).fill("650");
  await page.getByLabel(ft("admin.freeUntil")).fill("");
  await page.getByLabel(ft("admin.offerEndsOn")).fill("");
  await page.getByRole("button", { name: ft("admin.save"), exact: true }).click();
  await expect(page.getByText(ft("admin.packsSaved"))).toBeVisible();
}

async function fillRequest(page: Page, lastName: string) {
  const panel = page.locator("dialog#request");
  await panel.getByLabel(ft("form.firstName"), { exact: true }).fill("Lucía");
  await panel.getByLabel(ft("form.lastName"), { exact: true }).fill(lastName);
  await panel.getByLabel(ft("form.nationality"), { exact: true }).fill("Spanish");
  await panel.getByLabel(ft("form.startDate"), { exact: true }).fill(isoDaysFromNow(20));
  await panel.getByLabel(ft("form.endDate"), { exact: true }).fill(isoDaysFromNow(26));
  await panel.getByLabel(ft("form.purpose"), { exact: true }).selectOption("discover");
  await panel.getByLabel(ft("form.email"), { exact: true }).fill(`${lastName.toLowerCase()}@example.com`);
  await panel.getByLabel(ft("form.phone"), { exact: true }).fill("+34 612 345 678");
  await panel.getByLabel(ft("interests.food")).check();
  await panel.getByLabel(ft("form.consent")).check();
}

async function payOnGateway(page: Page, card: string, javaScriptEnabled: boolean) {
  await page.waitForURL((url) => url.pathname.startsWith("/sandbox-gateway/pay/"));
  await ready(page, javaScriptEnabled);
  await page.locator("#cardNumber").fill(card);
  await page.locator("#expiry").fill("12/39");
  await page.locator("#cvc").fill("123");
  await page.locator("#holder").fill("Lucía Viajera");
  await page.getByTestId("gateway-pay").click();
}

test("a visitor requests a free pack and a paid one (refused, then paid); the operator follows them", async ({ browser, page, javaScriptEnabled }) => {
  const tag = `${Date.now()}${javaScriptEnabled ? "on" : "off"}`;
  await logInAsOperator(page, javaScriptEnabled);
  await setPrices(page, javaScriptEnabled);

  const visitor = await browser.newPage({ javaScriptEnabled });
  await visitor.goto("/friend-trip");
  await ready(visitor, javaScriptEnabled);
  await expect(visitor.getByRole("heading", { level: 1, name: ft("title") })).toBeVisible();
  // The seeded launch promotion ended on 21 February 2025: not shown.
  await expect(visitor.getByTestId("friend-trip-promotion")).toHaveCount(0);
  await expect(visitor.getByTestId("pack-basic")).toContainText(ft("free"));
  await expect(visitor.getByTestId("pack-custom")).toContainText("300");
  await expect(visitor.getByRole("link", { name: ft("partner.link") })).toHaveAttribute("href", "/partner-proposal");

  // The free pack, a mistake first.
  await visitor.getByTestId("pack-basic").getByRole("link", { name: ft("choose") }).click();
  await ready(visitor, javaScriptEnabled);
  const panel = visitor.locator("dialog#request");
  await expect(panel.getByRole("heading", { name: ft("form.title").replace("{{pack}}", ft("packs.basic.name")) })).toBeVisible();
  await fillRequest(visitor, `Free${tag}`);
  await panel.getByLabel(ft("form.endDate"), { exact: true }).fill(isoDaysFromNow(10));
  await panel.getByRole("button", { name: ft("form.submit") }).click();
  await expect(panel.getByText(ft("errors.endBeforeStart"))).toBeVisible();
  await expect(panel.getByLabel(ft("form.lastName"), { exact: true })).toHaveValue(`Free${tag}`);
  await expect(panel.getByLabel(ft("interests.food"))).toBeChecked();
  await panel.getByLabel(ft("form.endDate"), { exact: true }).fill(isoDaysFromNow(26));
  await panel.getByRole("button", { name: ft("form.submit") }).click();
  await visitor.waitForURL((url) => url.pathname === "/friend-trip-confirmation");
  await expect(visitor.getByRole("heading", { level: 1, name: ft("confirmation.title") })).toBeVisible();

  // The paid pack: refused card → failed page → retry with a good card → confirmation.
  await visitor.goto("/friend-trip?pack=custom#request");
  await ready(visitor, javaScriptEnabled);
  await fillRequest(visitor, `Paid${tag}`);
  await visitor.locator("dialog#request").getByRole("button", { name: ft("form.pay") }).click();
  await payOnGateway(visitor, CARD_REFUSED, javaScriptEnabled);
  await visitor.waitForURL((url) => url.pathname === "/friend-trip-failed");
  await expect(visitor.getByRole("heading", { level: 1, name: ft("failed.title") })).toBeVisible();
  await ready(visitor, javaScriptEnabled);
  await visitor.getByRole("button", { name: ft("failed.retry") }).click();
  await payOnGateway(visitor, CARD_OK, javaScriptEnabled);
  await visitor.waitForURL((url) => url.pathname === "/friend-trip-confirmation");
  await expect(visitor.getByTestId("friend-trip-sent")).toBeVisible();
  await visitor.close();

  // The operator finds both requests and moves the paid one on.
  await page.goto(`/admin/friend-trip?q=${tag}`);
  await ready(page, javaScriptEnabled);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(ft("statuses.new"));
  await rows.first().getByRole("link").click();
  // With JavaScript the link is a client navigation: the list (which has its own status filter)
  // stays on screen until the request's page replaces it.
  await page.waitForURL((url) => /\/admin\/friend-trip\/\d+$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Paid${tag}`) })).toBeVisible();
  await ready(page, javaScriptEnabled);
  await page.getByLabel(ft("admin.status")).selectOption("contacted");
  await page.getByLabel(ft("admin.notes")).fill("Wrote on WhatsApp");
  await page.getByRole("button", { name: ft("admin.save"), exact: true }).click();
  await expect(page.getByText(ft("admin.saved"))).toBeVisible();
  await expect(page.getByLabel(ft("admin.notes"))).toHaveValue("Wrote on WhatsApp");

  // The move is in the audit log (console navigation), and the navigation leads back to the requests.
  const requestId = /\/admin\/friend-trip\/(\d+)/.exec(page.url())![1]!;
  await page.getByTestId("admin-nav").getByRole("link", { name: c("nav.audit") }).click();
  await ready(page, javaScriptEnabled);
  await page.getByLabel(c("audit.kind")).selectOption("friend_trip_request.status");
  await page.getByLabel(c("audit.recordId")).fill(requestId);
  await page.getByRole("button", { name: c("audit.filter") }).click();
  await expect(page.getByTestId("audit-log").getByRole("row").filter({ hasText: c("audit.kinds.friend_trip_request.status") })).toHaveCount(1);
  await page.getByTestId("admin-nav").getByRole("link", { name: c("nav.friendTrip") }).click();
  await expect(page.getByRole("heading", { level: 1, name: ft("admin.title") })).toBeVisible();
});

test("other users cannot open the Friend Trip administration", async ({ page }) => {
  await page.goto("/admin/friend-trip");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Ffriend-trip/);
});
