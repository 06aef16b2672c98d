// Host money journey (issue 14 point 10), with JavaScript on and off: a host sees its revenues
// (server-rendered SVG chart and its table), finds the payout form closed before the 25th with
// the dates it opens, asks for a payout on the 26th, an operator confirms it at /admin/payouts
// with a transfer reference, and the host sees it paid out and its balances moved. The server's
// "now" is set per browser context with the test clock cookie (DARNA_TEST_CLOCK, ADR 141).
// Also: a traveler's voucher on /profile, and the demo host's year of revenues and payouts.
import type { Page } from "@playwright/test";
import { createCompletedStay, createListing, createOperator, createUser, signIn, signedInPage } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";
import { writeTransaction } from "~/db/write-transaction.server";
import { grantVoucher } from "~/services/payments/refund.server";

test.describe.configure({ timeout: 120_000 });

const money = (key: string) => translation("en", key, "money");
const TEST_CLOCK_COOKIE = "darna_test_clock";

/** The Tunis calendar month after today's, as YYYY-MM. */
function nextMonth(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis", year: "numeric", month: "2-digit" }).format(new Date());
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/** Sets the server's "now" for the requests of `page`'s context. */
async function setClock(page: Page, instant: string) {
  await page.context().addCookies([{ name: TEST_CLOCK_COOKIE, value: encodeURIComponent(instant), url: process.env.E2E_BASE_URL! }]);
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test("a host sees its revenues, asks for a payout on the 26th, an operator confirms it, the host sees it paid out", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Karim" });
  const listing = await createListing({ host });
  const reservationId = await createCompletedStay(listing, await createUser());
  const hostPage = await signedInPage(browser, host, javaScriptEnabled);
  const month = nextMonth();

  // Outside the window (the 10th, Tunis): the form is not there; the page says when it opens.
  await setClock(hostPage, `${month}-10T10:00:00+01:00`);
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await expect(hostPage.getByTestId("payout-window")).toContainText(`${month}-25`);
  await expect(hostPage.locator("form#payout-request")).toHaveCount(0);

  // The chart is an SVG rendered by the server, with its numbers in a table; the stay links to its reservation.
  const chart = hostPage.getByTestId("revenue-chart");
  await expect(chart).toBeVisible();
  const bars = chart.locator("rect[data-net]:not([data-net='0'])");
  await expect(bars).toHaveCount(1);
  expect(Number(await bars.getAttribute("data-net"))).toBe(270_000);
  await expect(hostPage.locator(".revenue-chart__table tbody tr")).toHaveCount(12);
  await expect(hostPage.getByTestId("total-net")).toContainText("270");
  await expect(hostPage.getByTestId("total-available")).toContainText("270");
  await expect(hostPage.locator(`a[href$="/host/reservation-details/${reservationId}"]`)).toBeVisible();

  // Inside the window (the 26th): the host asks for 150 TND of the 270 available.
  await setClock(hostPage, `${month}-26T10:00:00+01:00`);
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  const form = hostPage.locator("form#payout-request");
  await form.getByLabel(money("payout.amount")).fill("150");
  await form.getByLabel(money("payout.bankName")).fill("Banque de Tunisie");
  await form.getByLabel(money("payout.bankAddress")).fill("2 rue de Turquie, 1001 Tunis");
  await form.getByLabel(money("payout.accountHolder")).fill(`${host.firstName} ${host.lastName}`);
  await form.getByLabel(money("payout.iban")).fill("10006035183598478831");
  await form.getByRole("button", { name: money("payout.submit") }).click();
  await expect(hostPage.locator(".toast").filter({ hasText: money("payout.inserted") })).toBeVisible();
  const row = hostPage.getByTestId("payout-row").first();
  await expect(row).toContainText(money("payout.states.requested"));
  await expect(row).toContainText("150");
  await expect(hostPage.getByTestId("total-available")).toContainText("120");

  // The operator confirms it with the transfer reference.
  const operator = await createOperator();
  const operatorPage = await signedInPage(browser, operator, javaScriptEnabled);
  await open(operatorPage, "/admin/payouts", javaScriptEnabled);
  const request = operatorPage.getByTestId("payout-request").filter({ hasText: host.email });
  await expect(request).toContainText("10006035183598478831");
  const reference = `VIR-${month.replace("-", "")}-${reservationId}`;
  await request.getByLabel(money("admin.text")).fill(reference);
  await request.getByRole("button", { name: money("admin.confirm"), exact: true }).click();
  await expect(operatorPage.locator(".toast").filter({ hasText: money("admin.toast.confirm") })).toBeVisible();
  await expect(operatorPage.getByTestId("payout-request").filter({ hasText: host.email })).toHaveCount(0);

  // The host: paid, with the reference; the balances moved.
  await open(hostPage, "/dashboard/revenues", javaScriptEnabled);
  await expect(row).toContainText(money("payout.states.confirmed"));
  await expect(row).toContainText(reference);
  await expect(hostPage.getByTestId("total-paidOut")).toContainText("150");
  await expect(hostPage.getByTestId("total-available")).toContainText("120");
  await operatorPage.context().close();
  await hostPage.context().close();
});

test("a traveler sees the host-cancellation voucher on the profile, with its balance and expiry", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true });
  const listing = await createListing({ host });
  const traveler = await createUser();
  const reservationId = await createCompletedStay(listing, traveler);
  await writeTransaction((transaction) => grantVoucher({ userId: traveler.id, amount: 15_000, sourceReservationId: reservationId, now: new Date() }, transaction));
  const page = await signedInPage(browser, traveler, javaScriptEnabled);
  await open(page, "/profile", javaScriptEnabled);
  const section = page.locator("section[aria-labelledby=vouchers-title]");
  await expect(section.getByRole("heading", { name: translation("en", "title", "vouchers") })).toBeVisible();
  await expect(section.getByTestId("voucher-balance")).toContainText("15");
  const expires = new Date();
  expires.setFullYear(expires.getFullYear() + 1);
  await expect(section.locator("tbody tr")).toContainText(String(expires.getFullYear()));
  await expect(section.locator("tbody tr")).toContainText(translation("en", "states.available", "vouchers"));
  await page.context().close();
});

// The demo (README): host@demo.darna.tn's year of revenues and its three payout requests.
test("the demo host's revenues show 12 months of non-zero bars and a paid, a refused and a pinned payout request", async ({ page, javaScriptEnabled }) => {
  await signIn(page, { email: "host@demo.darna.tn", password: "darna-demo-2025" }, javaScriptEnabled);
  await open(page, "/dashboard/revenues", javaScriptEnabled);
  const nets = await page.getByTestId("revenue-chart").locator("rect[data-net]").evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("data-net"))));
  expect(nets).toHaveLength(12);
  for (const net of nets) expect(net).toBeGreaterThan(0);
  const states = await page.getByTestId("payout-row").allTextContents();
  for (const state of ["confirmed", "refused", "pinned"]) expect(states.some((text) => text.includes(money(`payout.states.${state}`)))).toBe(true);
});
