// The property and establishment pages as rendered (issue 5 point 5), not only their loaders'
// data: the loader runs against the database, then the route's component renders that data to
// HTML in the page's language, as the server does. Covers the refusal box with "The minimum stay
// is N nights", the note when the description is in another language, and a guesthouse's rooms
// with their availability and price for the chosen dates.
import fs from "node:fs";
import { createInstance, type i18n as I18n } from "i18next";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { formatMoney, TND } from "~/domain/money";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import EstablishmentPage, * as establishmentRoute from "~/routes/($lang).establishment-details.($id)";
import PropertyPage, * as propertyRoute from "~/routes/($lang).property-details.($id)";
import { supportedLanguages, type Language } from "~/utils/i18n";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicGuesthouse, createPublicListing, holdNights } from "../factories/discovery-factories";

// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);
const namespaces = fs.readdirSync("locales/en").map((file) => file.replace(/\.json$/, ""));

async function i18nFor(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    ns: namespaces,
    defaultNS: "common",
    resources: {
      [language]: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, "utf8"))])),
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}
const i18nByLanguage = Object.fromEntries(
  await Promise.all(supportedLanguages.map(async (language) => [language, await i18nFor(language)] as const)),
) as Record<Language, I18n>;

type Loader = typeof propertyRoute.loader | typeof establishmentRoute.loader;

/** Runs the route's loader for `path` and renders its component to HTML in that language. */
async function renderPage(loader: Loader, Page: ComponentType, path: string, id: number): Promise<string> {
  const language = (/^\/(fr|es)\//.exec(path)?.[1] ?? "en") as Language;
  const params = language === "en" ? { id: String(id) } : { lang: language, id: String(id) };
  const result = await callRoute(loader, makeRequest(path), { params });
  expect(result.status, path).toBe(200);
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "page", path: "*", element: createElement(Page) }] }],
    {
      initialEntries: [path],
      hydrationData: { loaderData: { root: { currency: TND, language }, page: result.data } },
    },
  );
  return renderToString(createElement(I18nextProvider, { i18n: i18nByLanguage[language] }, createElement(RouterProvider, { router })));
}

/** The text of the element carrying `data-testid="testid"` (up to its closing tag), tags removed. */
function textOf(html: string, testid: string): string | null {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testid}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match ? match[2]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&") : null;
}

describe("the property page, rendered", () => {
  it("shows a too-short stay's refusal box: “The minimum stay is N nights”, no price and no Reserve button", async () => {
    const listing = await createPublicListing({ basePrice: 100_000, minNights: 3 });
    const short = await renderPage(propertyRoute.loader, PropertyPage, `/property-details/${listing.id}?checkIn=${day(4)}&checkOut=${day(5)}&adults=2`, listing.id);
    expect(short).toContain('role="alert"');
    expect(textOf(short, "quote-refusal")).toBe("The minimum stay is 3 nights");
    expect(short).not.toContain('data-testid="reserve"');

    // In French too, from the French locale.
    const french = await renderPage(propertyRoute.loader, PropertyPage, `/fr/property-details/${listing.id}?checkIn=${day(4)}&checkOut=${day(6)}&adults=2`, listing.id);
    expect(textOf(french, "quote-refusal")).toBe("Le séjour minimum est de 3 nuits");

    // Long enough: no refusal, a Reserve button.
    const ok = await renderPage(propertyRoute.loader, PropertyPage, `/property-details/${listing.id}?checkIn=${day(4)}&checkOut=${day(7)}&adults=2`, listing.id);
    expect(ok).not.toContain('data-testid="quote-refusal"');
    expect(ok).toContain('data-testid="reserve"');
  });

  it("notes when the description is shown in another language than the page's, and only then", async () => {
    const listing = await createPublicListing({ descriptionEn: null, descriptionFr: "Texte en français.", descriptionEs: "Texto en español." });
    const english = await renderPage(propertyRoute.loader, PropertyPage, `/property-details/${listing.id}`, listing.id);
    expect(textOf(english, "description-fallback")).toBe("No description in your language yet: shown in Français.");
    expect(english).toContain('<div lang="fr" class="description"><p>Texte en français.</p></div>');

    const spanish = await renderPage(propertyRoute.loader, PropertyPage, `/es/property-details/${listing.id}`, listing.id);
    expect(spanish).not.toContain('data-testid="description-fallback"');
    expect(spanish).toContain('<div lang="es" class="description"><p>Texto en español.</p></div>');
  });
});

describe("the availability calendar, rendered", () => {
  it("lays each month's nights out in weeks from Monday, each with its date and status (ADR 247: from the statuses alone)", async () => {
    const listing = await createPublicListing({ basePrice: 100_000 });
    await holdNights(listing, day(5), day(6), { status: "confirmed" });
    const html = await renderPage(propertyRoute.loader, PropertyPage, `/property-details/${listing.id}`, listing.id);
    const tables = [...html.matchAll(/<table class="calendar"[^>]*>([\s\S]*?)<\/table>/g)].map((match) => match[1]!);
    expect(tables).toHaveLength(3);
    const month = todayInTunis(new Date()).slice(0, 7);
    const [year, index] = month.split("-").map(Number);
    const firstRow = /<tbody><tr>([\s\S]*?)<\/tr>/.exec(tables[0]!)![1]!;
    // The 1st sits under its weekday (Monday first), after as many empty cells.
    const mondayFirst = (new Date(Date.UTC(year!, index! - 1, 1)).getUTCDay() + 6) % 7;
    expect(firstRow.split("<td></td>").length - 1).toBe(mondayFirst);
    expect(firstRow).toContain(`data-date="${month}-01"`);
    const days = new Date(Date.UTC(year!, index!, 0)).getUTCDate();
    expect(tables[0]!.match(/data-date=/g)).toHaveLength(days);
    expect(tables[0]!.match(/<td/g)!.length % 7).toBe(0);
    expect(html).toContain(`<span class="day day--booked" data-date="${day(5)}" data-status="booked" title="Booked">${Number(day(5).slice(8))}<span class="visually-hidden">, Booked</span></span>`);
  });
});

describe("the establishment page of a guesthouse, rendered", () => {
  it("shows each room with its availability and price for the chosen dates", async () => {
    const { listing, rooms } = await createPublicGuesthouse({
      rooms: [
        { name: "Jasmin", price: 90_000, maxGuests: 2 },
        { name: "Oranger", price: 120_000, maxGuests: 3 },
        { name: "Patio", price: 70_000, maxGuests: 1 },
      ],
    });
    await holdNights(listing, day(10), day(11), { unitKey: `room:${rooms[0]!.id}` });

    // Without dates: the rooms and their nightly price, and an invitation to choose dates.
    const undated = await renderPage(establishmentRoute.loader, EstablishmentPage, `/establishment-details/${listing.id}`, listing.id);
    expect(undated).toContain("Choose your dates and guests to see which rooms are free and their price.");
    expect(undated).toContain(">Rooms</h2>");

    const html = await renderPage(
      establishmentRoute.loader,
      EstablishmentPage,
      `/establishment-details/${listing.id}?checkIn=${day(10)}&checkOut=${day(12)}&adults=2`,
      listing.id,
    );
    const units = new Map(
      [...html.matchAll(/<li[^>]*data-testid="unit"[^>]*>([\s\S]*?)<\/li>/g)].map((match) => [/<h3>([^<]*)<\/h3>/.exec(match[1]!)?.[1], match[1]!]),
    );
    expect([...units.keys()].sort()).toEqual(["Jasmin", "Oranger", "Patio"]);
    const [jasmin, oranger, patio] = ["Jasmin", "Oranger", "Patio"].map((name) => units.get(name)!) as [string, string, string];

    // Jasmin: held on the first night.
    expect(jasmin).toContain(formatMoney(90_000, TND, "en"));
    expect(jasmin).toContain("Not available for these dates");
    expect(jasmin).not.toContain('data-testid="reserve"');

    // Oranger: free, with the price of the two nights and a Reserve button for this room.
    expect(oranger).toContain(formatMoney(120_000, TND, "en"));
    expect(oranger).toContain("Free for your dates");
    expect(oranger).toContain('data-testid="quote-breakdown"');
    expect(oranger).toContain("2 nights");
    expect(oranger).toContain(formatMoney(240_000, TND, "en")); // 2 nights × 120 TND
    expect(oranger).toContain(`name="roomId" value="${rooms[1]!.id}"`);
    expect(oranger).toContain('data-testid="reserve"');

    // Patio: free, but for one guest only.
    expect(patio).toContain("Too small for your group");
    expect(patio).not.toContain('data-testid="reserve"');
  });
});
