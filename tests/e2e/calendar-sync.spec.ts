// Calendar sync (issue 15), JavaScript on and off: a host of its own adds an Airbnb feed served by
// a local iCal server on the calendar page; the first sync blocks its nights as external (named by
// the feed); the feed changes and "Sync now" frees the nights gone; a broken feed (an HTML page)
// changes nothing and shows its error. The private export link answers a calendar.
import type { Browser, Page } from "@playwright/test";
import { icalOf, startIcalServer, type IcalServer } from "../support/ical-server";
import { dbAll, dbGet, dbRun } from "./support/database";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const PASSWORD = "darna-demo-2025";
const DEMO_HOST = "hedi@demo.darna.tn";
const s = (key: string, values?: Record<string, unknown>) => {
  let text = translation("en", key, "calendar-sync");
  for (const [name, value] of Object.entries(values ?? {})) text = text.replace(`{{${name}}}`, String(value));
  return text;
};

test.describe.configure({ timeout: 90_000 });

let feeds: IcalServer;
test.beforeAll(async () => {
  feeds = await startIcalServer();
});
test.afterAll(async () => {
  await feeds?.close();
});

/** Copies a row of `table` (all columns but id) with some columns replaced; answers the new id. */
async function copyRow(table: string, id: number, replace: Record<string, unknown>, key: string, value: string): Promise<number> {
  const columns = (await dbAll<{ name: string }>(`PRAGMA table_info(${table})`)).map((column) => column.name).filter((name) => name !== "id");
  const select = columns.map((name) => (name in replace ? "?" : name)).join(", ");
  const params = columns.filter((name) => name in replace).map((name) => replace[name]);
  await dbRun(`INSERT INTO ${table} (${columns.join(", ")}) SELECT ${select} FROM ${table} WHERE id = ?`, [...params, id]);
  const row = await dbGet<{ id: number }>(`SELECT id FROM ${table} WHERE ${key} = ?`, [value]);
  if (!row) throw new Error(`the copy of ${table} ${id} was not created`);
  return row.id;
}

/** A host of this test alone (a copy of a demo host, same password) with a hidden listing of its own. */
async function hostWithListing(): Promise<{ email: string; listingId: number }> {
  const suffix = `${test.info().project.name}-${Math.random().toString(36).slice(2, 10)}`;
  const demo = await dbGet<{ id: number }>("SELECT id FROM users WHERE email = ?", [DEMO_HOST]);
  const email = `calsync-${suffix}@example.test`;
  const hostId = await copyRow("users", demo!.id, { email }, "email", email);
  const source = await dbGet<{ id: number }>(
    "SELECT id FROM listings WHERE host_id = ? AND property_type NOT IN ('hotel', 'guesthouse') AND status = 'visible' ORDER BY id LIMIT 1",
    [demo!.id],
  );
  const title = `Calendar sync ${suffix}`;
  const listingId = await copyRow(
    "listings",
    source!.id,
    { host_id: hostId, title, visibility: "hidden", calendar_url_airbnb: null, calendar_url_booking: null, calendar_url_channel_manager: null },
    "title",
    title,
  );
  return { email, listingId };
}

async function logIn(browser: Browser, email: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: "en-GB", timezoneId: "Africa/Tunis" });
  const page = await context.newPage();
  await page.goto("/auth");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.locator("form:has(input[name=password]) button[type=submit]").first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  return page;
}

test("a host imports a feed: its nights are blocked as external, freed when they leave the feed, and a broken feed changes nothing", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  const { email, listingId } = await hostWithListing();
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const night = (day: number) => `${month}-${String(day).padStart(2, "0")}`;
  const path = `/airbnb-${test.info().project.name}-${listingId}.ics`;
  feeds.set(path, { body: icalOf([[night(10), night(13)]]) });

  const host = await logIn(browser, email, javaScriptEnabled);
  const open = async () => {
    await host.goto(`/dashboard/calendrier/${listingId}?month=${month}`);
    if (javaScriptEnabled) await waitForHydration(host);
  };
  const toast = (key: string) => host.locator(".toast").filter({ hasText: s(key) });
  const day = (n: number) => host.locator(`[data-date="${night(n)}"]`);
  const feed = host.getByTestId("feed-airbnb");
  await open();

  // The private export link answers an iCalendar document.
  const exportUrl = await host.getByTestId("export-url").first().inputValue();
  expect(exportUrl).toMatch(/\/ical\/[\w-]{32,}\.ics$/);
  const exported = await request.get(new URL(exportUrl).pathname);
  expect(exported.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await exported.text()).toContain("BEGIN:VCALENDAR");

  // Add the feed: the first sync blocks its three nights as external, named by the feed.
  await host.getByTestId("feed-url").fill(feeds.url(path));
  await host.getByTestId("feed-add").click();
  await expect(toast("toast.feedAdded")).toBeVisible();
  await expect(feed.getByTestId("feed-blocked-nights")).toHaveText(s("section.blockedNights_other", { count: 3 }));
  await expect(feed.getByTestId("feed-error")).toHaveCount(0);
  for (const n of [10, 11, 12]) {
    await expect(day(n)).toHaveAttribute("data-state", "blocked");
    await expect(day(n)).toHaveAttribute("data-external", "airbnb");
    await expect(day(n)).toContainText(s("section.external", { sources: "Airbnb" }));
  }
  await expect(day(13)).toHaveAttribute("data-state", "free");

  // The feed drops two nights: Sync now frees them.
  feeds.set(path, { body: icalOf([[night(11), night(12)]]) });
  if (javaScriptEnabled) await waitForHydration(host);
  await feed.getByTestId("feed-sync").click();
  await expect(toast("toast.synced")).toBeVisible();
  await expect(feed.getByTestId("feed-blocked-nights")).toHaveText(s("section.blockedNights_one", { count: 1 }));
  await expect(day(10)).toHaveAttribute("data-state", "free");
  await expect(day(11)).toHaveAttribute("data-state", "blocked");
  await expect(day(12)).toHaveAttribute("data-state", "free");

  // A broken feed (an HTML error page): nothing changes, the feed shows its error.
  feeds.set(path, { body: "<!DOCTYPE html><html><body>Service unavailable</body></html>", contentType: "text/html" });
  if (javaScriptEnabled) await waitForHydration(host);
  await feed.getByTestId("feed-sync").click();
  await expect(toast("toast.syncFailed")).toBeVisible();
  await expect(feed.getByTestId("feed-error")).toHaveText(s("feedErrors.notCalendar"));
  await expect(feed.getByTestId("feed-blocked-nights")).toHaveText(s("section.blockedNights_one", { count: 1 }));
  await expect(day(11)).toHaveAttribute("data-state", "blocked");
  await open();
  await expect(day(11)).toHaveAttribute("data-state", "blocked");
  await expect(feed.getByTestId("feed-error")).toHaveText(s("feedErrors.notCalendar"));
  await host.context().close();
});
