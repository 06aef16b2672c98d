// Listing journeys (issue 4), with JavaScript on and off: a host lists an apartment through the
// wizard with 5 photos (going back a step, and resuming the draft from the dashboard) and submits
// it; an operator asks for corrections; the host adds a photo, chooses the cover, reorders and
// deletes one, and resubmits; the operator approves and the listing page is public. A host creates a hotel with two room types
// (a room type's photo refusal shows in its own card).
// Another host cannot open someone else's edit pages. A text file renamed .jpg is refused. With
// JavaScript, an upload shows a progress bar.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, translation, waitForHydration } from "./support/fixtures";
import { createListing, createOperator, createUser, signIn, type TestUser } from "./support/factories";

const l = (key: string) => translation("en", key, "listing");
const admin = (key: string) => translation("en", key, "admin");
const dash = (key: string) => translation("en", key, "dashboard");

/** A small real JPEG, a different colour per seed. */
async function photo(seed: number) {
  const buffer = await sharp({ create: { width: 640, height: 420, channels: 3, background: { r: (seed * 67) % 256, g: 140, b: (seed * 131) % 256 } } })
    .jpeg()
    .toBuffer();
  return { name: `room-${seed}.jpg`, mimeType: "image/jpeg", buffer };
}

/** A new browser context with `user` signed in (`user` defaults to a new host of this test's own). */
async function logIn(browser: Browser, javaScriptEnabled: boolean, user?: TestUser): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signIn(page, user ?? (await createUser({ host: true })), javaScriptEnabled);
  return page;
}

async function atStep(page: Page, step: string, javaScriptEnabled: boolean) {
  await expect(page.getByRole("heading", { level: 1, name: l(`steps.${step}.title`) })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

async function saveAndContinue(page: Page) {
  await page.getByRole("button", { name: l("wizard.saveContinue"), exact: true }).click();
}

async function fillAddress(page: Page, javaScriptEnabled: boolean, governorate: string, delegation: string, city: string) {
  await page.goto("/become-host/address");
  await atStep(page, "address", javaScriptEnabled);
  await expect(page.getByTestId("step-position")).toHaveText(/1/);
  await page.getByLabel(l("fields.governorate")).selectOption(governorate);
  // Without JavaScript the governorate is posted and the page comes back with its delegations.
  if (!javaScriptEnabled) await page.getByRole("button", { name: l("address.showDelegations") }).click();
  await page.getByLabel(l("fields.delegation")).selectOption(delegation);
  // With JavaScript a map shows the pin (its position goes with the form); without it, no map.
  if (javaScriptEnabled) await expect(page.getByTestId("pin-map")).toBeVisible();
  else await expect(page.getByTestId("pin-map")).toHaveCount(0);
  await page.getByLabel(l("fields.city")).fill(city);
  await page.getByLabel(l("fields.street")).fill("12 rue des Oliviers");
  await saveAndContinue(page);
}

function listingIdOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get("listing"));
}

test("a host lists an apartment, the operator asks for corrections, the host resubmits, the operator approves, the page is public", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const host = await logIn(browser, javaScriptEnabled);
  await fillAddress(host, javaScriptEnabled, "nabeul", "Hammamet", "Hammamet");

  await atStep(host, "property-type", javaScriptEnabled);
  await expect(host.getByTestId("step-position")).toHaveText(l("wizard.stepOf").replace("{{index}}", "2").replace("{{total}}", "13"));
  await host.getByLabel(new RegExp(`^${l("types.apartment")}`)).check();
  await host.getByLabel(l("fields.maxGuests")).fill("4");
  await host.getByLabel(l("fields.bedrooms")).fill("2");
  await host.getByLabel(l("fields.beds"), { exact: true }).fill("3");
  await host.getByLabel(l("fields.bathrooms")).fill("1");
  await saveAndContinue(host);

  await atStep(host, "photos", javaScriptEnabled);
  const id = listingIdOf(host);
  // "Back" is a link to the previous step, which shows what was saved.
  await host.getByRole("link", { name: l("wizard.back"), exact: true }).click();
  await atStep(host, "property-type", javaScriptEnabled);
  await expect(host.getByLabel(new RegExp(`^${l("types.apartment")}`))).toBeChecked();
  await expect(host.getByLabel(l("fields.maxGuests"))).toHaveValue("4");
  await expect(host.getByLabel(l("fields.bedrooms"))).toHaveValue("2");
  await expect(host.getByLabel(l("fields.beds"), { exact: true })).toHaveValue("3");
  await expect(host.getByLabel(l("fields.bathrooms"))).toHaveValue("1");
  await saveAndContinue(host);
  await atStep(host, "photos", javaScriptEnabled);
  // Four photos are not enough to go on.
  await host.getByLabel(l("photos.choose")).setInputFiles(await Promise.all([1, 2, 3, 4].map(photo)));
  await host.getByRole("button", { name: l("photos.upload") }).click();
  await expect(host.locator(".photo-grid__item")).toHaveCount(4);
  await host.getByRole("button", { name: l("wizard.continue") }).click();
  await expect(host.getByText(l("photos.errors.atLeast").replace("{{min}}", "5"))).toBeVisible();
  await host.getByLabel(l("photos.choose")).setInputFiles([await photo(5)]);
  await host.getByRole("button", { name: l("photos.upload") }).click();
  await expect(host.locator(".photo-grid__item")).toHaveCount(5);
  await host.getByRole("button", { name: l("wizard.continue") }).click();

  await atStep(host, "description", javaScriptEnabled);
  // The assistant first explains what it needs, then drafts the other languages.
  await host.getByRole("button", { name: l("assistant.button") }).click();
  await expect(host.getByText(l("assistant.missing.description"))).toBeVisible();
  await host.getByLabel(l("fields.title")).fill("Appartement Yasmine près de la plage");
  await host.getByLabel(l("fields.descriptionFr")).fill("Un appartement calme à deux pas de la plage de Hammamet.");
  await host.getByRole("button", { name: l("assistant.button") }).click();
  await expect(host.getByLabel(l("fields.descriptionEn"))).toHaveValue(/is an apartment in Hammamet/);
  await expect(host.getByLabel(l("fields.descriptionEs"))).toHaveValue(/es un apartamento en Hammamet/);
  await saveAndContinue(host);

  await atStep(host, "amenities", javaScriptEnabled);
  await host.getByLabel(l("amenities.wifi")).check();
  await host.getByLabel(l("amenities.air_conditioning")).check();
  await saveAndContinue(host);

  // The host leaves and resumes the draft from the dashboard, at its first incomplete step.
  await atStep(host, "travel-types", javaScriptEnabled);
  await host.goto("/dashboard/listings");
  await expect(host.getByTestId(`listing-row-${id}`).getByTestId("listing-moderation")).toHaveText(l("moderationStates.draft"));
  await host
    .getByTestId(`listing-row-${id}`)
    .getByRole("link", { name: l("dashboard.resume").replace("{{step}}", l("steps.travel-types.title")) })
    .click();
  await atStep(host, "travel-types", javaScriptEnabled);
  expect(listingIdOf(host)).toBe(id);
  await host.getByLabel(l("travelTypes.relax")).check();
  await saveAndContinue(host);

  await atStep(host, "prices", javaScriptEnabled);
  await host.getByLabel(l("fields.basePrice")).fill("abc");
  await saveAndContinue(host);
  await expect(host.getByText(l("errors.amount"))).toBeVisible();
  await host.getByLabel(l("fields.basePrice")).fill("165.500");
  await host.getByLabel(l("fields.minNights")).fill("2");
  await saveAndContinue(host);

  await atStep(host, "discounts", javaScriptEnabled);
  await host.getByLabel(l("fields.weeklyDiscountPct")).fill("10");
  await saveAndContinue(host);

  await atStep(host, "cancellation", javaScriptEnabled);
  await host.getByLabel(new RegExp(`^${l("policies.moderate.name")}`)).check();
  await host.getByLabel(new RegExp(`^${l("methods.direct.name")}`)).check();
  await saveAndContinue(host);

  await atStep(host, "house-rules", javaScriptEnabled);
  await saveAndContinue(host);

  await atStep(host, "calendar-links", javaScriptEnabled);
  await host.getByLabel(l("fields.calendarUrlAirbnb")).fill("not a link");
  await saveAndContinue(host);
  await expect(host.getByText(l("errors.invalidUrl"))).toBeVisible();
  await host.getByLabel(l("fields.calendarUrlAirbnb")).fill("https://www.airbnb.com/calendar/ical/123.ics");
  await saveAndContinue(host);

  await atStep(host, "verification", javaScriptEnabled);
  await expect(host.getByText(l("wizard.readyToSubmit"))).toBeVisible();
  await host.getByRole("button", { name: l("wizard.submit") }).click();
  await atStep(host, "waiting", javaScriptEnabled);

  // Not public while under review.
  const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
  expect((await visitor.goto(`/property-details/${id}`))!.status()).toBe(404);

  // The operator sees it in the queue and asks for corrections (notes are required).
  const operator = await logIn(browser, javaScriptEnabled, await createOperator());
  await operator.goto("/admin/listings");
  await expect(operator.getByTestId(`queue-item-${id}`)).toBeVisible();
  await operator.getByTestId(`queue-item-${id}`).getByRole("link", { name: admin("queue.review") }).click();
  await expect(operator.getByTestId("review-address")).toContainText("Hammamet");
  await expect(operator.locator(".photo-grid__item")).toHaveCount(5);
  if (javaScriptEnabled) await waitForHydration(operator);
  await operator.getByRole("button", { name: admin("decision.requestCorrections") }).click();
  await expect(operator.getByText(l("errors.required"))).toBeVisible();
  await operator.getByLabel(admin("decision.note")).fill("Please add the floor and a photo of the kitchen.");
  await operator.getByRole("button", { name: admin("decision.requestCorrections") }).click();
  await expect(operator).toHaveURL(/\/admin\/listings$/);
  await expect(operator.getByTestId(`queue-item-${id}`)).toHaveCount(0);

  // The host sees the notes on the dashboard, corrects and resubmits.
  await host.goto("/dashboard/listings");
  const row = host.getByTestId(`listing-row-${id}`);
  await expect(row).toContainText("Please add the floor and a photo of the kitchen.");
  await expect(row.getByTestId("listing-moderation")).toHaveText(l("moderationStates.needs_corrections"));
  await host.goto(`/become-host/address?listing=${id}`);
  await atStep(host, "address", javaScriptEnabled);
  await host.getByLabel(l("fields.additionalAddress")).fill("2nd floor");
  await saveAndContinue(host);
  await atStep(host, "property-type", javaScriptEnabled);
  await host.goto(`/become-host/photos?listing=${id}`);
  await atStep(host, "photos", javaScriptEnabled);
  await host.getByLabel(l("photos.choose")).setInputFiles([await photo(6)]);
  await host.getByRole("button", { name: l("photos.upload") }).click();
  await expect(host.locator(".photo-grid__item")).toHaveCount(6);
  // The photo buttons: photo 2 becomes the cover, photo 3 moves up, the extra photo 6 goes.
  const items = host.locator(".photo-grid__item");
  const grid = () => host.locator(".photo-grid__item img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  const uploaded = await grid();
  await expect(items.nth(0)).toHaveClass(/photo-grid__item--cover/);
  await items.nth(1).getByRole("button", { name: l("photos.makeCover"), exact: true }).click();
  await expect(items.nth(1)).toHaveClass(/photo-grid__item--cover/);
  await expect(host.locator(".photo-grid__item--cover")).toHaveCount(1);
  await host.getByRole("button", { name: l("photos.moveUp").replace("{{number}}", "3"), exact: true }).click();
  await expect.poll(grid).toEqual([uploaded[0], uploaded[2], uploaded[1], ...uploaded.slice(3)]);
  await expect(items.nth(2)).toHaveClass(/photo-grid__item--cover/);
  await host.getByRole("button", { name: l("photos.delete").replace("{{number}}", "6"), exact: true }).click();
  await expect(items).toHaveCount(5);
  await expect.poll(grid).toEqual([uploaded[0], uploaded[2], uploaded[1], uploaded[3], uploaded[4]]);
  // A submitted listing keeps at least 5 photos: the next delete is refused, next to the photos.
  await host.getByRole("button", { name: l("photos.delete").replace("{{number}}", "5"), exact: true }).click();
  await expect(host.getByRole("alert").filter({ hasText: l("photos.errors.keepMinimum").replace("{{min}}", "5") })).toBeVisible();
  await expect(items).toHaveCount(5);
  // The order and the cover were saved, not only shown.
  await host.reload();
  await atStep(host, "photos", javaScriptEnabled);
  expect(await grid()).toEqual([uploaded[0], uploaded[2], uploaded[1], uploaded[3], uploaded[4]]);
  await expect(items.nth(2)).toHaveClass(/photo-grid__item--cover/);
  await host.goto(`/become-host/verification?listing=${id}`);
  await atStep(host, "verification", javaScriptEnabled);
  await host.getByRole("button", { name: l("wizard.resubmit") }).click();
  await atStep(host, "waiting", javaScriptEnabled);

  // The operator approves; the listing is public.
  await operator.goto(`/admin/listings/${id}`);
  if (javaScriptEnabled) await waitForHydration(operator);
  await operator.getByRole("button", { name: admin("decision.approve") }).click();
  await expect(operator).toHaveURL(/\/admin\/listings$/);
  expect((await visitor.goto(`/property-details/${id}`))!.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Appartement Yasmine près de la plage");
  await host.goto("/dashboard/listings");
  await expect(host.getByTestId(`listing-row-${id}`).getByTestId("listing-status")).toHaveText(l("statuses.visible"));

  // The host hides it (no longer public), shows it again, pauses it for dates, then deletes it.
  await host.goto(`/dashboard/host-property-details/${id}`);
  await host.getByRole("button", { name: dash("property.hide") }).click();
  await expect(host.getByTestId("listing-visibility")).toHaveText(l("visibilities.hidden"));
  expect((await visitor.goto(`/property-details/${id}`))!.status()).toBe(404);
  await host.getByRole("button", { name: dash("property.show") }).click();
  await expect(host.getByTestId("listing-visibility")).toHaveText(l("visibilities.visible"));
  expect((await visitor.goto(`/property-details/${id}`))!.status()).toBe(200);
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 37 * 86_400_000).toISOString().slice(0, 10);
  await host.getByLabel(dash("property.pauseStart"), { exact: true }).fill(start);
  await host.getByLabel(dash("property.pauseEnd"), { exact: true }).fill(end);
  await host.getByRole("button", { name: dash("property.addPause") }).click();
  await expect(host.getByText(dash("property.pauseRange").replace("{{start}}", start).replace("{{end}}", end))).toBeVisible();
  await host.getByRole("button", { name: dash("property.deleteButton") }).click();
  await expect(host.getByText(dash("property.confirmDelete"))).toBeVisible();
  await host.getByLabel(dash("property.deleteConfirm")).check();
  await host.getByRole("button", { name: dash("property.deleteButton") }).click();
  await expect(host).toHaveURL(/\/dashboard\/listings$/);
  await expect(host.getByTestId(`listing-row-${id}`)).toHaveCount(0);
  expect((await visitor.goto(`/property-details/${id}`))!.status()).toBe(404);
});

test("a host creates a hotel with two room types", async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const host = await logIn(browser, javaScriptEnabled);
  await fillAddress(host, javaScriptEnabled, "sousse", "Sousse Médina", "Sousse");
  await atStep(host, "property-type", javaScriptEnabled);
  await host.getByLabel(new RegExp(`^${l("types.hotel")}`)).check();
  await saveAndContinue(host);

  await atStep(host, "hotel-info", javaScriptEnabled);
  await expect(host.getByTestId("step-position")).toHaveText(l("wizard.stepOf").replace("{{index}}", "3").replace("{{total}}", "15"));
  const id = listingIdOf(host);
  await host.getByLabel(l("fields.hotelName")).fill(`Hôtel Corniche ${javaScriptEnabled ? "JS" : "HTML"}`);
  await host.getByLabel(l("fields.stars")).selectOption("4");
  await host.getByLabel(l("fields.totalRooms")).fill("40");
  await saveAndContinue(host);

  await atStep(host, "room-types", javaScriptEnabled);
  await host.getByRole("button", { name: l("wizard.continue") }).click();
  await expect(host.getByText(l("rooms.needRoomType"))).toBeVisible();
  for (const [name, price, quantity] of [
    ["Double vue mer", "240", "25"],
    ["Suite familiale", "410", "15"],
  ] as const) {
    const form = host.locator("section.room-card--new");
    await form.getByLabel(l("fields.roomTypeName")).fill(name);
    await form.getByLabel(l("fields.roomPrice")).fill(price);
    await form.getByLabel(l("fields.quantity")).fill(quantity);
    await form.getByLabel(l("fields.maxOccupancy")).fill(name.startsWith("Suite") ? "4" : "2");
    await form.getByRole("button", { name: l("rooms.addRoomType") }).click();
    // The machine running the suite may be busy: a post and its reload get more time here.
    await expect(host.getByRole("heading", { level: 3, name, exact: true })).toBeVisible({ timeout: 20_000 });
  }
  // Photos of a room type: up to 5 plus a cover.
  const double = host.locator("article.room-card").filter({ hasText: "Double vue mer" });
  await double.getByLabel(l("photos.choose")).setInputFiles(await Promise.all([11, 12].map(photo)));
  await double.getByRole("button", { name: l("photos.upload") }).click();
  await expect(host.locator("article.room-card").filter({ hasText: "Double vue mer" }).locator(".photo-grid__item")).toHaveCount(2);
  await host.getByRole("button", { name: l("wizard.continue") }).click();
  await atStep(host, "photos", javaScriptEnabled);

  // The address step shows the saved position: the delegation's, unless the pin was dragged.
  await host.goto(`/become-host/address?listing=${id}`);
  await atStep(host, "address", javaScriptEnabled);
  if (javaScriptEnabled) {
    const latitude = host.locator('input[name="latitude"]');
    await expect(latitude).toHaveValue("35.8256");
    await host.locator(".leaflet-marker-icon").dragTo(host.locator(".pin-map__canvas"), { targetPosition: { x: 120, y: 90 } });
    await expect(latitude).not.toHaveValue("35.8256");
    const dragged = await latitude.inputValue();
    await saveAndContinue(host);
    await atStep(host, "property-type", javaScriptEnabled);
    await host.goto(`/become-host/address?listing=${id}`);
    await expect(host.locator('input[name="latitude"]')).toHaveValue(dragged);
  } else {
    await expect(host.locator('input[name="latitude"]')).toHaveCount(0);
  }

  await host.goto(`/host-establishment-details/${id}`);
  await expect(host.getByRole("heading", { level: 1, name: dash("establishment.hotelTitle") })).toBeVisible();
  await expect(host.getByRole("heading", { level: 3, name: "Double vue mer", exact: true })).toBeVisible();
  await expect(host.getByRole("heading", { level: 3, name: "Suite familiale", exact: true })).toBeVisible();

  // A room type's photo button from a page left open, for a photo deleted meanwhile in another
  // tab: the refusal shows in that room type's card, and nowhere else.
  if (javaScriptEnabled) await waitForHydration(host);
  const deleteFirst = l("photos.delete").replace("{{number}}", "1");
  const otherTab = await host.context().newPage();
  await otherTab.goto(`/host-establishment-details/${id}`);
  await otherTab.locator("article.room-card").filter({ hasText: "Double vue mer" }).getByRole("button", { name: deleteFirst }).click();
  await expect(otherTab.locator("article.room-card").filter({ hasText: "Double vue mer" }).locator(".photo-grid__item")).toHaveCount(1);
  await otherTab.close();
  const doubleCard = host.locator("article.room-card").filter({ hasText: "Double vue mer" });
  await doubleCard.getByRole("button", { name: deleteFirst }).click();
  await expect(doubleCard.getByRole("alert")).toHaveText(l("photos.errors.photoNotFound"));
  await expect(host.locator("article.room-card").filter({ hasText: "Suite familiale" }).getByRole("alert")).toHaveCount(0);
  await expect(doubleCard.locator(".photo-grid__item")).toHaveCount(1);

  await host.goto("/dashboard/listings");
  await expect(host.getByTestId(`listing-row-${id}`)).toContainText("240.000 DT");
});

test("another host cannot open someone else's edit pages", async ({ browser, javaScriptEnabled }) => {
  const owner = await createUser({ host: true });
  const villa = (await createListing({ host: owner, type: "villa" })).id;
  const hotel = (await createListing({ host: owner, type: "hotel" })).id;
  const stranger = await logIn(browser, javaScriptEnabled);
  for (const target of [
    `/dashboard/host-property-details/${villa}`,
    `/dashboard/host-property-details/${villa}?tab=photos`,
    `/host-establishment-details/${hotel}`,
    `/become-host/photos?listing=${villa}`,
  ]) {
    const response = await stranger.goto(target);
    expect(response!.status(), target).toBe(403);
    await expect(stranger.getByTestId("listing-error")).toHaveText(l("errors.forbidden"));
  }
  expect((await stranger.goto("/dashboard/host-property-details/99999999"))!.status()).toBe(404);
  // A visitor is sent to log in; the moderation queue is for operators only.
  const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await visitor.goto(`/dashboard/host-property-details/${villa}`);
  await expect(visitor).toHaveURL(/\/auth/);
  expect((await stranger.goto("/admin/listings"))!.status()).toBe(403);
});

test("a text file renamed .jpg is refused with a clear message", async ({ browser, javaScriptEnabled }) => {
  const host = await logIn(browser, javaScriptEnabled);
  await fillAddress(host, javaScriptEnabled, "mahdia", "Mahdia", "Mahdia");
  await atStep(host, "property-type", javaScriptEnabled);
  await host.getByLabel(new RegExp(`^${l("types.room")}`)).check();
  await host.getByLabel(l("fields.maxGuests")).fill("2");
  await host.getByLabel(l("fields.bedrooms")).fill("1");
  await host.getByLabel(l("fields.beds"), { exact: true }).fill("1");
  await host.getByLabel(l("fields.bathrooms")).fill("1");
  await saveAndContinue(host);
  await atStep(host, "photos", javaScriptEnabled);
  await host.getByLabel(l("photos.choose")).setInputFiles([
    { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my holiday notes, not a photo.") },
  ]);
  await host.getByRole("button", { name: l("photos.upload") }).click();
  await expect(host.getByRole("alert").filter({ hasText: "holiday.jpg" })).toHaveText(l("photos.errors.notAnImage").replace("{{name}}", "holiday.jpg"));
  await expect(host.locator(".photo-grid__item")).toHaveCount(0);
});

test("with JavaScript, an upload shows a progress bar and the photos appear without a reload", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the progress bar needs JavaScript; without it the form posts");
  const host = await logIn(browser, javaScriptEnabled);
  await fillAddress(host, javaScriptEnabled, "monastir", "Monastir", "Monastir");
  await atStep(host, "property-type", javaScriptEnabled);
  await host.getByLabel(new RegExp(`^${l("types.room")}`)).check();
  await host.getByLabel(l("fields.maxGuests")).fill("2");
  await host.getByLabel(l("fields.bedrooms")).fill("1");
  await host.getByLabel(l("fields.beds"), { exact: true }).fill("1");
  await host.getByLabel(l("fields.bathrooms")).fill("1");
  await saveAndContinue(host);
  await atStep(host, "photos", javaScriptEnabled);
  // Hold the upload's answer a moment, as a slow connection would, so the bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await host.route("**/listings/*/photos", async (route) => {
    await held;
    await route.continue();
  });
  await host.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
  await host.getByLabel(l("photos.choose")).setInputFiles(await Promise.all([21, 22].map(photo)));
  await host.getByRole("button", { name: l("photos.upload") }).click();
  const bar = host.locator("progress.upload-progress");
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAccessibleName(l("photos.uploading"));
  await expect(host.getByRole("button", { name: l("photos.upload") })).toBeDisabled();
  release();
  await expect(host.locator(".photo-grid__item")).toHaveCount(2);
  await expect(bar).toHaveCount(0);
  expect(await host.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
});
