// Discovery (issue 5), the points the main journey does not walk through: the property page's
// sections against the listing's public data; a search URL holding every filter; the leaflet map
// loaded on the map view only, and the list working when tiles cannot load; the favorites heart on
// an establishment and on a search result's card, and its failure message.
import type { APIRequestContext } from "@playwright/test";
import { createListing, createUser, signIn, uniqueTag } from "./support/factories";
import { expect, isoDaysFromNow, type Page, test, toggleFavorite, translation, waitForHydration } from "./support/fixtures";

const s = (key: string) => translation("en", key, "search");
const p = (key: string) => translation("en", key, "property");
const f = (key: string) => translation("en", key, "favorites");

/** English with i18next's plural suffixes: "{{count}} guest" / "{{count}} guests". */
function plural(key: string, count: number) {
  return p(`${key}_${count === 1 ? "one" : "other"}`).replace("{{count}}", String(count));
}

type PublicProperty = {
  id: number;
  title: string;
  kind: string;
  maxGuests: number;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  amenities: string[];
  houseRules: { pets: boolean; events: boolean; smoking: boolean };
  checkInTime: string | null;
  checkOutTime: string | null;
  cancellationPolicy: string;
  location: { city: string };
  host: { id: number; firstName: string };
};

async function publicProperty(request: APIRequestContext, search: string, pick = 0): Promise<PublicProperty> {
  const { items } = (await (await request.get(`/api/v1/properties?${search}`)).json()) as { items: { id: number }[] };
  expect(items.length, search).toBeGreaterThan(pick);
  return (await (await request.get(`/api/v1/properties/${items[pick]!.id}`)).json()) as PublicProperty;
}

test("the property page shows the listing's facts, amenities, house rules, times, cancellation policy in words, host card and area", async ({
  page,
  request,
}) => {
  const listing = await publicProperty(request, "destination=Hammamet&type=villa");
  await page.goto(`/property-details/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);

  const facts = page.getByTestId("facts");
  await expect(facts).toContainText(plural("facts.guests", listing.maxGuests));
  if (listing.bedrooms !== null) await expect(facts).toContainText(plural("facts.bedrooms", listing.bedrooms));
  if (listing.beds) await expect(facts).toContainText(plural("facts.beds", listing.beds));
  if (listing.bathrooms) await expect(facts).toContainText(plural("facts.bathrooms", listing.bathrooms));

  expect(listing.amenities.length).toBeGreaterThan(0);
  const amenities = page.getByTestId("amenities").locator("li");
  await expect(amenities).toHaveText(listing.amenities.map((amenity) => s(`amenities.${amenity}`)));

  const rules = page.getByTestId("house-rules");
  expect(listing.checkInTime).toBeTruthy();
  await expect(rules).toContainText(p("rules.from").replace("{{time}}", listing.checkInTime!));
  await expect(rules).toContainText(p("rules.until").replace("{{time}}", listing.checkOutTime!));
  const allowed = (yes: boolean) => p(yes ? "rules.allowed" : "rules.notAllowed");
  for (const rule of ["pets", "events", "smoking"] as const) {
    await expect(rules.locator(`dt:text-is("${p(`rules.${rule}`)}") + dd`)).toHaveText(allowed(listing.houseRules[rule]));
  }

  // The policy in plain words, not its code name.
  await expect(page.getByTestId("cancellation-policy")).toContainText(p(`cancellation.text.${listing.cancellationPolicy}`));

  const host = page.getByTestId("host-card");
  await expect(host.getByRole("link", { name: listing.host.firstName })).toHaveAttribute("href", `/user-profile/${listing.host.id}`);
  await expect(page.getByRole("heading", { name: p("host.title").replace("{{name}}", listing.host.firstName) })).toBeVisible();

  await expect(page.getByTestId("location")).toContainText(listing.location.city);
  await expect(page.getByText(p("location.hidden"))).toBeVisible();
  // The availability calendar of the coming months is in the HTML (no script needed).
  await expect(page.getByRole("heading", { name: p("calendar.title") })).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "Africa/Tunis" }).format(new Date());
  await expect(page.locator("table caption").first()).toHaveText(thisMonth);
});

test("a search URL holds every filter: the form shows each one and sends every one back", async ({ page, javaScriptEnabled }) => {
  const offset = javaScriptEnabled ? 320 : 330;
  const shared = new URLSearchParams([
    ["destination", "Hammamet"],
    ["checkIn", isoDaysFromNow(offset)],
    ["checkOut", isoDaysFromNow(offset + 3)],
    ["adults", "2"],
    ["children", "1"],
    ["infants", "1"],
    ["pets", "1"],
    ["type", "villa"],
    ["type", "apartment"],
    ["travelTypes", "relax"],
    ["minPrice", "10"],
    ["maxPrice", "90000"],
    ["bedrooms", "1"],
    ["amenities", "wifi"],
    ["instantBook", "1"],
    ["sort", "price_asc"],
  ]);
  await page.goto(`/accommodation?${shared}`);
  if (javaScriptEnabled) await waitForHydration(page);
  const form = page.getByRole("search", { name: s("form.label") });
  for (const name of ["destination", "checkIn", "checkOut", "adults", "children", "infants", "pets", "minPrice", "maxPrice"]) {
    await expect(form.locator(`input[name=${name}]`), name).toHaveValue(shared.get(name)!);
  }
  await expect(form.locator("select[name=bedrooms]")).toHaveValue("1");
  await expect(form.locator("select[name=sort]")).toHaveValue("price_asc");
  for (const [name, value] of [["type", "villa"], ["type", "apartment"], ["travelTypes", "relax"], ["amenities", "wifi"], ["instantBook", "1"]]) {
    await expect(form.locator(`input[name="${name}"][value="${value}"]`), `${name}=${value}`).toBeChecked();
  }
  await expect(form.locator("input[name=type][value=chalet]")).not.toBeChecked();

  // Sent again as it is, the search comes back with every filter in its URL. (With filters in the
  // URL the filters panel is already open.)
  const panel = form.locator("details");
  if (!(await panel.evaluate((details) => (details as HTMLDetailsElement).open))) await panel.locator("summary").click();
  const answered = page.waitForResponse((response) => /\/accommodation(\.data)?\?/.test(response.url()) && response.request().method() === "GET");
  await form.getByRole("button", { name: s("form.apply") }).click();
  await answered;
  await page.waitForLoadState("load");
  await expect(page.getByRole("search", { name: s("form.label") })).toBeVisible();
  const sent = new URL(page.url()).searchParams;
  const filled = (params: URLSearchParams) =>
    [...params.entries()]
      .filter(([, value]) => value !== "")
      .map(([key, value]) => `${key}=${value}`)
      .sort();
  expect(filled(sent)).toEqual(filled(shared));
});

/** Collects the bodies of the scripts a page loads. */
function scriptBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(await response.text().catch(() => ""));
  });
  return bodies;
}

test("the home, search and map pages load no validation library: zod comes only with forms validated in the browser", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript no script loads at all");
  const bodies = scriptBodies(page);
  const isZod = (body: string) => body.includes("ZodObject");
  for (const path of ["/", "/accommodation?destination=Hammamet", "/search-by-map?destination=Hammamet"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(bodies.length, path).toBeGreaterThan(0);
    expect(bodies.filter(isZod).length, `zod loaded on ${path}`).toBe(0);
  }
  // The sign-in form validates in the browser: there it comes.
  await page.goto("/auth");
  await waitForHydration(page);
  await expect.poll(() => bodies.filter(isZod).length).toBeGreaterThan(0);
});

test.describe("the map", () => {
  const isLeaflet = (body: string) => body.includes("leaflet-container");

  test("leaflet's code is loaded on the map view only", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript no script loads at all");
    const listing = await publicProperty(request, "destination=Hammamet");
    const bodies = scriptBodies(page);
    for (const path of ["/", "/accommodation?destination=Hammamet", `/property-details/${listing.id}`, "/search-by-map?destination=Hammamet&view=list"]) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(bodies.length, path).toBeGreaterThan(0);
      expect(bodies.filter(isLeaflet).length, `leaflet loaded on ${path}`).toBe(0);
    }
    await page.goto("/search-by-map?destination=Hammamet");
    await waitForHydration(page);
    await expect(page.getByTestId("results-map")).toBeVisible();
    await expect.poll(() => bodies.filter(isLeaflet).length).toBeGreaterThan(0);
  });

  test("when the map tiles cannot load, the markers, the list and the filters still work", async ({ page, baseURL, javaScriptEnabled }) => {
    const origin = new URL(baseURL!).origin;
    let blocked = 0;
    // Nothing but the site itself answers: the tile server is out of reach.
    await page.route(
      (url) => url.origin !== origin,
      (route) => {
        blocked += 1;
        return route.abort("internetdisconnected");
      },
    );
    await page.goto(`/search-by-map?destination=Hammamet&adults=2`);
    const cards = page.getByTestId("listing-card");
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await expect(page.getByTestId("map-marker")).toHaveCount(all);
      // The map did ask for its tiles, and got none.
      await expect.poll(() => blocked).toBeGreaterThan(0);
    }
    const form = page.getByRole("search", { name: s("form.label") });
    await form.locator("summary").click();
    await form.getByLabel(s("types.villa"), { exact: true }).check();
    await form.getByRole("button", { name: s("form.apply") }).click();
    await page.waitForURL(/type=villa/);
    // With JavaScript the URL changes before the new results arrive: wait for the list to shrink.
    await expect.poll(() => cards.count()).toBeLessThan(all);
    await expect(cards.first()).toBeVisible();
    if (javaScriptEnabled) await expect(page.getByTestId("map-marker")).toHaveCount(await cards.count());
  });
});

test.describe("favorites", () => {
  test("an establishment's heart saves it, and the profile lists it", async ({ page, request, javaScriptEnabled }) => {
    const created = await createListing({ type: "guesthouse" });
    const hotel = (await (await request.get(`/api/v1/properties/${created.id}`)).json()) as PublicProperty;
    expect(hotel.kind).toBe("establishment");
    await signIn(page, await createUser(), javaScriptEnabled);
    await page.goto(`/establishment-details/${hotel.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    const heart = page.getByTestId("favorite-button").first();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await toggleFavorite(page, heart);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await page.goto("/profile/favorites");
    await expect(page.getByTestId("favorites").getByRole("link", { name: hotel.title })).toBeVisible();
  });

  test("a search result's heart saves the listing from its card, the profile lists it, and the card's heart takes it off again", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Two properties in a town of this test's own; the heart of the second one is clicked.
    const town = `Testville-${uniqueTag()}`;
    const host = await createUser({ host: true });
    await createListing({ host, city: town });
    const { id } = await createListing({ host, city: town });
    await signIn(page, await createUser(), javaScriptEnabled);
    const search = `/accommodation?${new URLSearchParams({ destination: town, adults: "2" })}`;
    await page.goto(search);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByTestId("listing-card")).toHaveCount(2);
    const pick = page.locator(`[data-testid="listing-card"][data-listing-id="${id}"]`);
    const title = (await pick.getByRole("heading").innerText()).trim();
    // By its id: the same card after a reload or a redirect, wherever it comes in the list.
    const heart = page.locator(`[data-testid="listing-card"][data-listing-id="${id}"]`).getByTestId("favorite-button");
    const backOnSearch = async () => {
      // Without JavaScript the post redirects back to the same search; with it, the page stays.
      await expect(page).toHaveURL((url) => url.pathname === "/accommodation" && url.searchParams.get("destination") === town);
      if (javaScriptEnabled) await waitForHydration(page);
    };
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await expect(heart).toHaveAccessibleName(f("add").replace("{{title}}", title));
    await toggleFavorite(page, heart);
    await backOnSearch();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAccessibleName(f("remove").replace("{{title}}", title));
    // With JavaScript the fetcher posted it (the page was not reloaded); without, the redirect did.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(javaScriptEnabled ? 7 : undefined);
    // Saved on the server: a fresh page of the search shows it saved too.
    await page.goto(search);
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    await page.goto("/profile/favorites");
    await expect(page.getByTestId("favorites").getByRole("link", { name: title })).toBeVisible();

    // Taken off from the card again: the heart empties and the profile no longer lists it.
    await page.goto(search);
    if (javaScriptEnabled) await waitForHydration(page);
    await toggleFavorite(page, heart);
    await backOnSearch();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await page.goto("/profile/favorites");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("a heart that cannot be saved says “Error adding or removing a favorite” and stays empty", async ({ page, javaScriptEnabled }) => {
    const listing = await createListing();
    await signIn(page, await createUser(), javaScriptEnabled);
    await page.goto(`/property-details/${listing.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
    // The listing went away meanwhile: the post names one that is not public. (Rewritten on its
    // way out: a value typed into the hidden input is put back by any re-render after hydration.)
    await page.route(/\/favorites(\.data)?(\?|$)/, async (route) => {
      const body = route.request().postData() ?? "";
      await route.continue({ postData: body.replace(/(^|&)targetId=\d+/, "$1targetId=999999999") });
    });
    const heart = page.getByTestId("favorite-button").first();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(page.locator(".toast").filter({ hasText: f("errors.failed") })).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    expect(new URL(page.url()).pathname).toBe(`/property-details/${listing.id}`);
    // With JavaScript the fetcher posted it: the page was not reloaded.
    const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker);
    expect(marker).toBe(javaScriptEnabled ? 5 : undefined);
  });
});
