// Calendar sync (issue 15), JavaScript on and off: a host of its own adds an Airbnb feed served by
// a local iCal server on the calendar page; the first sync blocks its nights as external (named by
// the feed); the feed changes and "Sync now" frees the nights gone; a broken feed (an HTML page)
// changes nothing and shows its error. The private export link answers a calendar.
import { icalOf, startIcalServer, type IcalServer } from "../support/ical-server";
import { createListing, createUser, signedInPage } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

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

test("a host imports a feed: its nights are blocked as external, freed when they leave the feed, and a broken feed changes nothing", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  // A host of this test alone with a hidden listing of its own (no calendar feed yet).
  const owner = await createUser({ host: true, firstName: "Hedi" });
  const { id: listingId } = await createListing({ host: owner, visibility: "hidden" });
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const night = (day: number) => `${month}-${String(day).padStart(2, "0")}`;
  const path = `/airbnb-${test.info().project.name}-${listingId}.ics`;
  feeds.set(path, { body: icalOf([[night(10), night(13)]]) });

  const host = await signedInPage(browser, owner, javaScriptEnabled);
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
