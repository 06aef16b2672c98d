// Issue 18 points 2, 4 and 5 (ADR 230, 231) on a 412 px phone at DPR 1.75: the photos' sizes pick
// the 800 px variant, the first result is the LCP picture and the others lazy, a search page
// (/accommodation, /search-by-map) without JavaScript loads only small thumbnails; data saver
// (Save-Data, the cookie or the footer switch) ships no script and only the smallest photos, and
// the first view of home, search and property stays ≤ 100 KB; Leaflet loads on /search-by-map only
// once the map is asked for.
import type { Browser, BrowserContext, Response } from "@playwright/test";
import { expect, isoDaysFromNow, test, translation } from "./support/fixtures";

const c = (key: string) => translation("en", key, "common");

/** The data-saver cookie's value (Remix cookies are base64 JSON). */
async function dataSaverCookie(context: BrowserContext): Promise<unknown> {
  const raw = (await context.cookies()).find((cookie) => cookie.name === "darna_data_saver")?.value;
  return raw === undefined ? undefined : JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
}
const s = (key: string) => translation("en", key, "search");

function phone(browser: Browser, javaScriptEnabled: boolean, extraHTTPHeaders: Record<string, string> = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1.75, isMobile: true, javaScriptEnabled, extraHTTPHeaders });
}

const searchPath = () => `/accommodation?destination=Hammamet&checkIn=${isoDaysFromNow(200)}&checkOut=${isoDaysFromNow(203)}&adults=2`;

/** The photo files (uploads) a page requested. */
function photoRequests(responses: Response[]): string[] {
  return responses.map((response) => new URL(response.url()).pathname).filter((path) => path.startsWith("/uploads/"));
}

for (const [name, path] of [
  ["search results", searchPath],
  ["the map search's list", () => "/search-by-map?destination=Hammamet"],
] as const) {
  test(`${name}: the first card is the eager LCP picture, the others lazy; sizes pick the 800 px variant on a phone; without JavaScript only thumbnails`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const context = await phone(browser, javaScriptEnabled);
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(path());
    const images = page.getByTestId("listing-card").locator("img");
    expect(await images.count()).toBeGreaterThan(3);
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.first()).toHaveAttribute("srcset", /-800\.webp 800w/);
    for (let index = 2; index < (await images.count()); index += 1) {
      await expect(images.nth(index)).toHaveAttribute("loading", "lazy");
      await expect(images.nth(index)).not.toHaveAttribute("fetchpriority", /.*/);
    }
    await page.waitForLoadState("networkidle");
    const photos = photoRequests(responses);
    // The LCP picture: the 800 px variant (AVIF where smaller) for a 92vw slot at DPR 1.75.
    const first = photos.find((photo) => /-800\.(webp|avif)$/.test(photo));
    expect(first, photos.join("\n")).toBeDefined();
    expect(photos.filter((photo) => /-1280\./.test(photo))).toEqual([]);
    if (!javaScriptEnabled) {
      // Chromium loads every lazy picture at once without JavaScript: all but the first are thumbnails.
      // (the LCP picture's 800, and at most one more that Chromium's preload scanner fetched
      // before it weighed the `(scripting: none)` source).
      expect(photos.filter((photo) => !/-320\.(webp|avif)$/.test(photo)).length, photos.join("\n")).toBeLessThanOrEqual(2);
      expect(photos.filter((photo) => /-320\.(webp|avif)$/.test(photo)).length, photos.join("\n")).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });
}

/** Every byte the page received (headers and bodies as sent, compressed) once the network is idle. */
async function receivedBytes(responses: Response[]): Promise<number> {
  const sizes = await Promise.all(responses.map((response) => response.request().sizes().catch(() => ({ responseHeadersSize: 0, responseBodySize: 0 }))));
  return sizes.reduce((sum, size) => sum + size.responseHeadersSize + size.responseBodySize, 0);
}

for (const by of ["the Save-Data header", "the cookie"] as const) {
  test(`data saver by ${by}: home, search and property ship no script, no module preload, only the smallest photos, ≤ 100 KB`, async ({ browser, javaScriptEnabled }) => {
    // A cold cache for each page: a context of its own.
    const dataSaverContext = async () => {
      const context = await phone(browser, javaScriptEnabled, by === "the Save-Data header" ? { "Save-Data": "on" } : {});
      if (by === "the cookie") {
        const value = encodeURIComponent(Buffer.from(JSON.stringify("on")).toString("base64"));
        await context.addCookies([{ name: "darna_data_saver", value, url: process.env.E2E_BASE_URL! }]);
      }
      return context;
    };
    let context = await dataSaverContext();
    let page = await context.newPage();
    await page.goto("/accommodation?destination=Hammamet");
    const property = await page.getByTestId("listing-card").first().locator("h3 a, h2 a").first().getAttribute("href");
    for (const path of ["/", searchPath(), property!]) {
      await context.close();
      context = await dataSaverContext();
      page = await context.newPage();
      const responses: Response[] = [];
      page.on("response", (response) => responses.push(response));
      const answer = await page.goto(path);
      const html = await answer!.text();
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain("modulepreload");
      // Every photo candidate in the HTML is a 320 px one.
      const widths = [...html.matchAll(/ (\d+)w(?=[,"])/g)].map((match) => Number(match[1]));
      expect(widths.length).toBeGreaterThan(0);
      expect(widths.filter((width) => width !== 320)).toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(responses.filter((response) => response.request().resourceType() === "script")).toEqual([]);
      expect(photoRequests(responses).filter((photo) => !/-320\.(webp|avif)$/.test(photo))).toEqual([]);
      // The first view's budget (issue 18 point 4; ~25–35 KB measured, ADR 231).
      expect(await receivedBytes(responses), path).toBeLessThanOrEqual(100 * 1024);
      await expect(page.getByTestId("data-saver-state")).toHaveText(c("dataSaver.isOn"));
    }
    if (by === "the cookie") return context.close();
    // Everything still works: a search from the form.
    await page.goto("/accommodation");
    await page.getByRole("search", { name: s("form.label") }).getByRole("combobox").first().fill("Hammamet");
    await page.getByRole("search", { name: s("form.label") }).getByRole("button", { name: s("form.submit") }).click();
    await page.waitForURL(/destination=Hammamet/);
    await expect(page.getByTestId("listing-card").first()).toBeVisible();
    await context.close();
  });
}

test("the footer's data saver switch sets and clears the cookie, and the page follows", async ({ browser, javaScriptEnabled }) => {
  const context = await phone(browser, javaScriptEnabled);
  const page = await context.newPage();
  await page.goto(searchPath());
  // The page as served (after hydration Remix removes its module preloads from the DOM).
  const scriptTags = async () => {
    const html = await (await page.request.get(page.url())).text();
    return (html.match(/<script|modulepreload/g) ?? []).length;
  };
  if (javaScriptEnabled) expect(await scriptTags()).toBeGreaterThan(0);
  await expect(page.getByTestId("data-saver-state")).toHaveText(c("dataSaver.isOff"));
  await page.getByRole("button", { name: c("dataSaver.turnOn") }).click();
  await expect(page.getByTestId("data-saver-state")).toHaveText(c("dataSaver.isOn"));
  // Back on the same page (its query kept), without any script.
  expect(page.url()).toContain("destination=Hammamet");
  expect(await dataSaverCookie(context)).toBe("on");
  expect(await scriptTags()).toBe(0);
  await page.getByRole("button", { name: c("dataSaver.turnOff") }).click();
  await expect(page.getByTestId("data-saver-state")).toHaveText(c("dataSaver.isOff"));
  expect(await dataSaverCookie(context)).toBe("off");
  if (javaScriptEnabled) expect(await scriptTags()).toBeGreaterThan(0);
  // The visitor's "off" wins over the browser's Save-Data.
  await context.setExtraHTTPHeaders({ "Save-Data": "on" });
  await page.reload();
  await expect(page.getByTestId("data-saver-state")).toHaveText(c("dataSaver.isOff"));
  await context.close();
});

test("the map on demand: no Leaflet on other pages, none on /search-by-map on a phone before the visitor shows the map", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript there is no map at all");
  const context = await phone(browser, true);
  const page = await context.newPage();
  const origin = new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1").origin;
  let tiles = 0;
  // Tiles come from another origin: counted, never fetched (tests do not reach the network).
  await page.route(
    (url) => url.origin !== origin && !url.hostname.startsWith("127.0.0.1"),
    (route) => {
      tiles += 1;
      return route.abort("internetdisconnected");
    },
  );
  const leaflet: string[] = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const body = await response.text().catch(() => "");
    if (body.includes("leaflet-container")) leaflet.push(response.url());
  });
  await page.goto("/accommodation?destination=Hammamet");
  const href = await page.getByTestId("listing-card").first().locator("h3 a, h2 a").first().getAttribute("href");
  for (const path of ["/", "/accommodation?destination=Hammamet", href!, "/search-by-map?destination=Hammamet"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(leaflet, path).toEqual([]);
    expect(tiles, path).toBe(0);
  }
  // The list is there at once; the map waits for the button.
  await expect(page.getByTestId("listing-card").first()).toBeVisible();
  await expect(page.getByTestId("results-map")).toHaveCount(0);
  await page.getByTestId("map-show").click();
  await expect(page.getByTestId("results-map")).toBeVisible();
  await expect.poll(() => leaflet.length).toBeGreaterThan(0);
  await expect.poll(() => tiles).toBeGreaterThan(0);
  await context.close();
});
