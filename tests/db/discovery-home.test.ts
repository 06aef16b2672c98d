// The home page (issue 5 point 1): every section from real data, a section with nothing to show
// left out. This file's database starts empty (tests/setup/db.ts migrates a new one per file), so
// the first test sees the page with no listing at all, the second after listings are seeded.
// Best experiences (partner services) and reviews do not exist yet: those sections never appear.
import fs from "node:fs";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { TND } from "~/domain/money";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import Home, * as homeRoute from "~/routes/($lang)._index";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicHotel, createPublicListing, holdNights, uniqueCity } from "../factories/discovery-factories";

// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  ns: ["home", "search", "favorites"],
  defaultNS: "home",
  resources: {
    en: Object.fromEntries(
      ["home", "search", "favorites", "currency"].map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/en/${ns}.json`, "utf8"))]),
    ),
  },
  interpolation: { escapeValue: false },
});

interface HomeData {
  travelTypes: Array<{ travelType: string; count: number }>;
  propertyTypes: Array<{ type: string; count: number }>;
  cities: Array<{ city: string; count: number }>;
  bestSellers: Array<{ id: number }>;
  counters: { listings: number; cities: number; hosts: number; stays: number };
}

async function loadHome(): Promise<{ data: HomeData; html: string }> {
  const result = await callRoute(homeRoute.loader, makeRequest("/"));
  expect(result.status).toBe(200);
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "home", index: true, element: createElement(Home) }] }],
    { hydrationData: { loaderData: { root: { currency: TND, language: "en" }, home: result.data } } },
  );
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
  return { data: result.data as HomeData, html };
}

const SECTIONS = ["home-travel-types", "home-property-types", "home-cities", "home-best-sellers", "home-counters"];

describe("the home page from real data", () => {
  it("with no listing: only the hero and its search form, every other section left out", async () => {
    const { data, html } = await loadHome();
    expect(data.travelTypes.every((entry) => entry.count === 0)).toBe(true);
    expect(data.propertyTypes).toEqual([]);
    expect(data.cities).toEqual([]);
    expect(data.bestSellers).toEqual([]);
    expect(data.counters).toEqual({ listings: 0, cities: 0, hosts: 0, stays: 0 });

    expect(html).toContain('id="hero-title"');
    expect(html).toContain('role="search"');
    for (const section of SECTIONS) expect(html, section).not.toContain(`data-testid="${section}"`);
    expect(html).not.toContain('class="listing-card');
    // Nothing made up: no experiences (partners do not exist yet) and no reviews section.
    expect(html).not.toMatch(/experience/i);
    expect(html).not.toMatch(/review/i);
  });

  it("seeded: travel types, property types, cities, best sellers and counters show exactly what exists", async () => {
    const hammamet = uniqueCity("Hammamet");
    const sousse = uniqueCity("Sousse");
    const villa = await createPublicListing({ city: hammamet, propertyType: "villa", travelTypes: ["relax", "fun"] });
    const flat = await createPublicListing({ city: hammamet, propertyType: "apartment", travelTypes: ["work"] });
    const { listing: hotel } = await createPublicHotel({ city: sousse });
    // Not public: never counted.
    await createPublicListing({ city: uniqueCity("Hidden"), visibility: "hidden", propertyType: "chalet" });
    await createPublicListing({ city: uniqueCity("Pending"), moderationState: "pending_review", status: "pending", propertyType: "room" });
    // The villa was booked twice (one stay already over), the flat once: best sellers in that order,
    // then the unbooked hotel fills the section by rating.
    await holdNights(villa, day(-6), day(-3));
    await holdNights(villa, day(20), day(23));
    await holdNights(flat, day(30), day(31));

    const { data, html } = await loadHome();
    expect(Object.fromEntries(data.travelTypes.map((entry) => [entry.travelType, entry.count]))).toEqual({
      work: 1,
      relax: 2, // the villa and the hotel (the factory's default travel type)
      discover: 0,
      fun: 1,
    });
    expect(data.propertyTypes.map((entry) => [entry.type, entry.count]).sort()).toEqual([
      ["apartment", 1],
      ["hotel", 1],
      ["villa", 1],
    ]);
    expect(data.cities.map((city) => [city.city, city.count])).toEqual([
      [hammamet, 2],
      [sousse, 1],
    ]);
    expect(data.bestSellers.map((item) => item.id)).toEqual([villa.id, flat.id, hotel.id]);
    expect(data.counters).toEqual({ listings: 3, cities: 2, hosts: 3, stays: 1 });

    for (const section of SECTIONS) expect(html, section).toContain(`data-testid="${section}"`);
    // A travel type with no stay has no tile; the others link to their page.
    expect(html).toContain('href="/travel-type/relax"');
    expect(html).not.toContain('href="/travel-type/discover"');
    expect(html).toContain(`href="/accommodation?destination=${encodeURIComponent(hammamet)}"`);
    expect(html).toContain('href="/accommodation?type=villa"');
    expect(html).not.toContain('href="/accommodation?type=chalet"');
    expect(html).not.toMatch(/experience/i);
  });
});
