// Issue 18 point 7 for the public pages, the traveler's reservation and messages pages and the
// listing wizard's steps: 0 axe violations (WCAG 2.2 A/AA) at 390 px and 1280 px and 0 errors from
// the W3C Nu HTML checker (support/measure-pages.ts), each page in English and in French (its
// /fr/ address). With JavaScript on only: axe runs in the page, and the HTML the checker reads is
// the same with JavaScript off. Each test makes its own users and data.
import "./support/app-database";
import type { APIRequestContext } from "@playwright/test";
import { BlogArticle } from "~/db/models/blog-article.server";
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { wizardStepsFor } from "~/domain/listing";
import { createListing, createOperator, createUser, signedInPage, uniqueTag, type TestUser } from "./support/factories";
import { expect, isoDaysFromNow, test } from "./support/fixtures";
import { measure, type MeasuredPage } from "./support/measure-pages";
import { createStayPaidLastMonth } from "./support/receipt-factories";

// Independent tests (each makes its own users and data), the longest of the suite: spread over the workers (ADR 252).
// The limit catches a hang, not slowness: on a 2-vCPU machine under the three workers the wizard's
// steps took 4.9 of the 5 minutes it was.
test.describe.configure({ mode: "parallel", timeout: 480_000 });

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page; the HTML the checker reads is the same without JavaScript");
});

/** Each page at its own address (English for these browsers) and at its French one. */
function inEnglishAndFrench(pages: MeasuredPage[]): MeasuredPage[] {
  const french = (path: string) => `/fr${path === "/" ? "/" : path}`;
  return pages.flatMap((entry): MeasuredPage[] =>
    typeof entry === "string" ? [entry, french(entry)] : [entry, { ...entry, path: french(entry.path) }],
  );
}

async function createPartnerWithExperience() {
  const tag = uniqueTag();
  const city = `Kerkennah${tag}`;
  const partnerUser = await createUser({ firstName: "Hedi" });
  const partner = await Partner.create({
    userId: partnerUser.id, name: `Kerkennah Boats ${tag}`, description: JSON.stringify({ en: "Boat trips.", fr: "Sorties en mer." }), languages: JSON.stringify(["fr", "en"]),
    email: `boats-${tag}@test.darna.tn`, phone: "+21674000000", website: null, city,
  });
  const experience = await Experience.create({
    partnerId: partner.id, title: JSON.stringify({ en: `Felucca trip ${tag}`, fr: `Sortie en felouque ${tag}`, es: `Paseo en falucho ${tag}` }),
    description: JSON.stringify({ en: "Fishing with a charfia fisherman.", fr: "La pêche à la charfia." }), city, governorate: "Sfax", durationMinutes: 180,
    languages: JSON.stringify(["fr", "en"]), pricePerPerson: 55_000, capacity: 6, status: "approved",
  });
  await ExperienceSlot.create({ experienceId: experience.id, startsAt: new Date(Date.now() + 12 * 86_400_000), capacity: 6 });
  return { partnerId: partner.id, experienceId: experience.id };
}

/** The traveler writes to the host about a listing through the API; answers the conversation's id. */
async function startConversation(request: APIRequestContext, traveler: TestUser, listingId: number): Promise<string> {
  const tokenResponse = await request.post("/api/v1/auth/token", { data: { email: traveler.email, password: traveler.password } });
  expect(tokenResponse.status()).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await request.post("/api/v1/conversations", {
    headers: { Authorization: `Bearer ${token}` },
    data: { propertyId: listingId, checkIn: isoDaysFromNow(60), checkOut: isoDaysFromNow(62), message: "Is there parking nearby?" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { conversationUID: string }).conversationUID;
}

test("discovery: home, search with dates, the map search, a property, an establishment", async ({ page }) => {
  const town = `Testville ${uniqueTag()}`;
  const property = await createListing({ city: town });
  const establishment = await createListing({ type: "guesthouse", city: town });
  const stay = `checkIn=${isoDaysFromNow(30)}&checkOut=${isoDaysFromNow(33)}&adults=2`;
  await measure(
    page,
    inEnglishAndFrench([
      "/",
      { path: `/accommodation?destination=${encodeURIComponent(town)}&${stay}`, shows: "listing-card" },
      "/search-by-map",
      `${property.path}?${stay}`,
      `${establishment.path}?${stay}`,
    ]),
  );
});

test("experiences, a partner, Friend Trip, hosting, the blog and an article", async ({ page }) => {
  const { partnerId, experienceId } = await createPartnerWithExperience();
  const operator = await createOperator();
  const tag = uniqueTag();
  const slug = `a-day-in-sidi-bou-said-${tag}`;
  for (const language of ["en", "fr"] as const) {
    await BlogArticle.create({
      language,
      slug: `${slug}-${language}`,
      translationGroup: `a11yp${tag}`,
      title: `Sidi Bou Said ${tag}`,
      summary: "Blue doors, white walls and a café above the gulf.",
      // A heading, a list and a link: the article's Markdown as it is rendered.
      body: "## Morning\n\nWalk up from the station to the **Café des Délices**.\n\n- Bring water\n- Wear good shoes\n\n[The map](/search-by-map)",
      published: true,
      publishDate: new Date().toISOString().slice(0, 10),
      authorId: operator.id,
    });
  }
  await measure(page, [
    ...inEnglishAndFrench(["/experiences", `/experiences/${experienceId}`, `/partner-details/${partnerId}`, "/friend-trip", "/host", "/blog"]),
    `/en/blog/${slug}-en`,
    `/fr/blog/${slug}-fr`,
  ]);
});

test("the legal pages and the sign-in pages", async ({ page }) => {
  await measure(
    page,
    inEnglishAndFrench(["/terms-of-use", "/privacy-policy", "/terms-of-sale/travelers", "/terms-of-sale/hosts", "/auth", "/auth/login", "/auth/signup"]),
  );
});

test("a traveler's reservations and messages", async ({ browser, request }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser({ firstName: "Amira" });
  const stay = await createStayPaidLastMonth(listing, traveler);
  const conversation = await startConversation(request, traveler, listing.id);
  const page = await signedInPage(browser, traveler, true);
  await measure(
    page,
    inEnglishAndFrench(["/reservation-details", `/reservation-details/${stay.reservationId}`, "/messages", { path: `/messages/${conversation}`, shows: "message" }]),
  );
  // The messaging pages have their <main> (axe's landmark rules are best practices, not WCAG tags).
  for (const path of ["/messages", `/messages/${conversation}`]) {
    await page.goto(path);
    await expect(page.locator("main")).toHaveCount(1);
  }
  await page.context().close();
});

// In two tests, one per language, over the workers: the whole took 4 of its 5 minutes on a 2-core CI machine.
for (const language of ["English", "French"] as const) test(`the listing wizard's steps, in ${language}`, async ({ browser }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const apartment = await createListing({ host });
  const hotel = await createListing({ host, type: "hotel" });
  const guesthouse = await createListing({ host, type: "guesthouse" });
  const steps = [
    "/become-host",
    "/become-host/address",
    ...wizardStepsFor("apartment").map((step) => `/become-host/${step}?listing=${apartment.id}`),
    ...["hotel-info", "room-types"].map((step) => `/become-host/${step}?listing=${hotel.id}`),
    ...["guesthouse-info", "rooms"].map((step) => `/become-host/${step}?listing=${guesthouse.id}`),
  ];
  const page = await signedInPage(browser, host, true);
  await measure(page, inEnglishAndFrench(steps).filter((_, index) => index % 2 === (language === "English" ? 0 : 1)));
  await page.context().close();
});
