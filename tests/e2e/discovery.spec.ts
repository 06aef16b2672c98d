// Discovery journeys (issue 5), with JavaScript on and off: search a town of the test's own
// listings for two adults on given dates, filter by type and price, open a result, get a quote in
// TND and in EUR, add it to favorites (after logging in as a new traveler) and find it in the
// profile; the map page on the demo catalogue (markers with JavaScript; the same list without); the
// property page's photos are responsive and lazy.
import { createListing, createUser, uniqueTag } from "./support/factories";
import { chooseCurrency, expect, isoDaysFromNow, type Page, test, toggleFavorite, translation, waitForHydration } from "./support/fixtures";

const s = (key: string) => translation("en", key, "search");
const p = (key: string) => translation("en", key, "property");
const f = (key: string) => translation("en", key, "favorites");
const a = (key: string) => translation("en", key, "auth");

async function searchTown(page: Page, town: string, checkIn: string, checkOut: string, javaScriptEnabled: boolean) {
  await page.goto("/accommodation");
  if (javaScriptEnabled) await waitForHydration(page);
  const form = page.getByRole("search", { name: s("form.label") });
  await form.getByLabel(s("form.destination")).fill(town);
  await form.getByLabel(s("form.checkIn")).fill(checkIn);
  await form.getByLabel(s("form.checkOut")).fill(checkOut);
  await form.getByLabel(s("form.adults")).fill("2");
  await form.getByRole("button", { name: s("form.submit"), exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("destination") === town);
  return form;
}

test.describe("search, quote and favorites", () => {
  test("search a town for two adults, filter by type and price, open a result, quote in TND and EUR, save it", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A town of this test's own: two apartments and a chalet.
    const town = `Testville-${uniqueTag()}`;
    const host = await createUser({ host: true });
    for (const type of ["apartment", "chalet", "apartment"] as const) await createListing({ host, type, city: town, price: type === "chalet" ? 240 : 130 });
    const offset = 200;
    const checkIn = isoDaysFromNow(offset);
    const checkOut = isoDaysFromNow(offset + 4);
    const type = "chalet";

    const form = await searchTown(page, town, checkIn, checkOut, javaScriptEnabled);
    expect(new URL(page.url()).searchParams.get("adults")).toBe("2");
    const cards = page.getByTestId("listing-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator("#search-results-title")).toContainText(/available for your 4 nights/);
    // Every result is in the town and shows its total for the stay, every fee included.
    const all = await cards.count();
    expect(all).toBe(3);
    for (let index = 0; index < all; index += 1) {
      await expect(cards.nth(index).locator(".listing-card__meta")).toContainText(town);
      await expect(cards.nth(index).getByTestId("stay-total")).toContainText("all fees included");
    }

    // Filter by type and by a price no stay is that cheap: nothing for the period.
    await form.locator("summary").click();
    await form.getByLabel(s(`types.${type}`), { exact: true }).check();
    await form.getByLabel(s("form.maxPrice")).fill("1");
    await form.getByRole("button", { name: s("form.apply") }).click();
    await expect(page.getByTestId("no-results")).toHaveText(s("results.noneForPeriod"));
    expect(new URL(page.url()).searchParams.getAll("type")).toEqual([type]);

    // A price every stay fits: only the chosen type is left.
    const filters = page.getByRole("search", { name: s("form.label") });
    await filters.getByLabel(s("form.maxPrice")).fill("100000");
    await filters.getByRole("button", { name: s("form.apply") }).click();
    await page.waitForURL(/maxPrice=100000/);
    await expect(cards.first()).toBeVisible();
    const filtered = await cards.count();
    expect(filtered).toBeLessThan(all);
    for (let index = 0; index < filtered; index += 1) {
      await expect(cards.nth(index).locator(".listing-card__meta")).toContainText(s(`types.${type}`));
    }

    // Open the first result: the dates and guests come along, and the quote is there.
    const title = (await cards.first().locator(".listing-card__title").innerText()).trim();
    await cards.first().locator(".listing-card__title a").click();
    await page.waitForURL(/\/property-details\/\d+\?/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const breakdown = page.getByTestId("quote-breakdown");
    await expect(breakdown).toContainText("4 nights");
    await expect(breakdown).toContainText(p("quote.serviceFee").replace(" ({{percent}} %)", ""));
    await expect(page.getByTestId("quote-total")).toContainText("DT");
    await expect(page.getByTestId("reserve")).toBeVisible();

    // Ask for one night more with the quote form.
    const quoteForm = page.locator("form.quote-form");
    await quoteForm.getByLabel(s("form.checkOut")).fill(isoDaysFromNow(offset + 5));
    await quoteForm.getByRole("button", { name: p("quote.submit") }).click();
    await expect(breakdown).toContainText("5 nights");
    const totalInTnd = (await page.getByTestId("quote-total").innerText()).trim();

    // The same quote in euros, charged in dinars.
    await chooseCurrency(page, "EUR", javaScriptEnabled);
    await expect(page.getByTestId("quote-total")).toContainText("€");
    await expect(page.getByTestId("charged-in-tnd")).toContainText(totalInTnd.replace(/\s/g, " ").trim().split(" ").pop()!);
    await chooseCurrency(page, "TND", javaScriptEnabled);
    await expect(page.getByTestId("quote-total")).toHaveText(totalInTnd);

    // The heart asks a signed-out visitor to log in first, then brings them back.
    const propertyUrl = page.url();
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByTestId("favorite-button").first().click();
    await page.waitForURL(/\/auth\?redirectTo=/);
    await expect(page.getByText(f("loginRequired"))).toBeVisible();
    const traveler = await createUser();
    await page.getByLabel(a("fields.email")).fill(traveler.email);
    await page.getByLabel(a("fields.password")).fill(traveler.password);
    await page.getByRole("button", { name: a("login.submit") }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/property-details/"));
    expect(new URL(page.url()).pathname).toBe(new URL(propertyUrl).pathname);

    const heart = page.getByTestId("favorite-button").first();
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await toggleFavorite(page, heart);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByTestId("favorite-button").first()).toHaveAttribute("aria-pressed", "true");

    // The profile lists it.
    await page.goto("/profile/favorites");
    await expect(page.getByTestId("favorites").getByRole("link", { name: title })).toBeVisible();
  });

  test("bad values are shown back as typed with their errors, and the rest of the search still runs", async ({ page, javaScriptEnabled }) => {
    const checkIn = isoDaysFromNow(40);
    const checkOut = isoDaysFromNow(37);
    const response = await page.goto(`/accommodation?destination=Hammamet&checkIn=${checkIn}&checkOut=${checkOut}&adults=-1&minPrice=cheap`);
    expect(response?.status()).toBe(200);
    if (javaScriptEnabled) await waitForHydration(page);
    const form = page.getByRole("search", { name: s("form.label") });
    await expect(form.getByLabel(s("form.checkIn"))).toHaveValue(checkIn);
    await expect(form.getByLabel(s("form.checkOut"))).toHaveValue(checkOut);
    await expect(form.getByLabel(s("form.adults"))).toHaveValue("-1");
    await expect(form.getByLabel(s("form.minPrice"))).toHaveValue("cheap");
    await expect(form.getByText(s("errors.checkOutAfterCheckIn"))).toBeVisible();
    await expect(form.getByText(s("errors.guests"))).toBeVisible();
    await expect(form.getByText(s("errors.price"), { exact: true })).toBeVisible();
    await expect(page.getByTestId("listing-card").first()).toBeVisible();
  });

  test("a property that is not public, or does not exist, is a 404", async ({ page }) => {
    for (const path of ["/property-details/999999", "/establishment-details/999999", "/property-details/abc", "/travel-type/party"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});

test("a property's photos are responsive images: small WebP variants by width, all but the first loaded lazily and after it", async ({ page }) => {
  const listing = await createListing({ photos: 6 });
  await page.goto(listing.path);
  const photos = page.locator(".gallery img");
  expect(await photos.count()).toBeGreaterThanOrEqual(5);
  for (const [index, img] of (await photos.all()).entries()) {
    const srcset = (await img.getAttribute("srcset")) ?? "";
    const widths = [...srcset.matchAll(/\.webp (\d+)w/g)].map((match) => Number(match[1]));
    expect(widths.length, srcset).toBeGreaterThanOrEqual(2);
    expect(Math.min(...widths)).toBeLessThanOrEqual(640);
    expect(await img.getAttribute("sizes")).toBeTruthy();
    expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
    await expect(img).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");
    // The first photo is the page's largest paint: the browser fetches it first. The others are
    // on a phone's first screen too, where Chromium would raise them to High and Lighthouse count
    // them on the LCP's path: they say low (ADR 245).
    await expect(img).toHaveAttribute("fetchpriority", index === 0 ? "high" : "low");
  }
});

test.describe("map search", () => {
  test("shows the results on a map with JavaScript, and the same list without", async ({ page, javaScriptEnabled }) => {
    const checkIn = isoDaysFromNow(javaScriptEnabled ? 260 : 270);
    const checkOut = isoDaysFromNow(javaScriptEnabled ? 263 : 273);
    await page.goto(`/search-by-map?destination=Hammamet&checkIn=${checkIn}&checkOut=${checkOut}&adults=2`);
    const cards = page.getByTestId("listing-card");
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await expect(page.getByTestId("results-map")).toBeVisible();
      await expect(page.getByTestId("map-marker")).toHaveCount(count);
      // Each marker shows its stay's total.
      await expect(page.getByTestId("map-marker").first()).toContainText("DT");
      // Moving the map puts its bounds in the search: the results follow them.
      const box = (await page.getByTestId("results-map").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 });
      // Held still before the release, the map does not glide on (Leaflet's inertia reads the last
      // 50 ms of the drag): one move, one new address. A glide put its bounds in the address a
      // second time, after the test's click on the toggle, and that navigation replaced the click's.
      await page.waitForTimeout(150);
      await page.mouse.up();
      await page.waitForURL(/bbox=/);
      await expect(page.getByText(s("map.areaActive"))).toBeVisible();
      expect(new URL(page.url()).searchParams.get("destination")).toBe("Hammamet");
    } else {
      await expect(page.getByText(s("map.needsJs"))).toBeVisible();
      await expect(page.getByTestId("map-marker")).toHaveCount(0);
    }
    // The list view without the map keeps the search.
    const listed = await cards.count();
    await page.getByTestId("map-toggle").click();
    await page.waitForURL(/view=list/);
    await expect(page.getByTestId("results-map")).toHaveCount(0);
    await expect(cards).toHaveCount(listed);
  });
});
