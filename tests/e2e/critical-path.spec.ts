// The public pages' critical path (issue 18 points 1 and 3, ADR 239): no stylesheet to fetch
// before the first paint — the public pages' feature sheets are folded into app.css, inlined in
// <head> — and no blocking script; data saver links the file instead (its pages are all full
// document loads, where a cached file costs nothing). And a public page hydrates without an error in the console (Lighthouse's
// best-practices `errors-in-console`: /experiences rendered its cards' rating badge with a
// namespace the client had not loaded, and React threw hydration errors #418/#423).
import "./support/app-database";
import { Experience } from "~/db/models/experience.server";
import { createPartnerExperience } from "./support/experience-factories";
import { createListing } from "./support/factories";
import { expect, isoDaysFromNow, test, waitForHydration } from "./support/fixtures";

/** A partner's approved experience (the shared factory) with a rating: its card on /experiences shows the rating badge. */
async function ratedExperience() {
  const experience = await createPartnerExperience({ photos: 0 });
  await Experience.update({ rating: 4.5, reviewCount: 3 }, { where: { id: experience.experienceId } });
  const { city } = await Experience.findByPk(experience.experienceId, { attributes: ["city"], rejectOnEmpty: true });
  return { ...experience, city };
}

async function publicPages() {
  const property = await createListing();
  const establishment = await createListing({ type: "hotel" });
  const experience = await ratedExperience();
  const stay = `checkIn=${isoDaysFromNow(30)}&checkOut=${isoDaysFromNow(33)}&adults=2`;
  return [
    "/",
    "/fr/",
    `/accommodation?${stay}`,
    "/search-by-map",
    `${property.path}?${stay}`,
    `${establishment.path}?${stay}`,
    `/experiences?city=${encodeURIComponent(experience.city)}`,
    `/experiences/${experience.experienceId}`,
    `/partner-details/${experience.partnerId}`,
    "/friend-trip",
    "/host",
    "/blog",
    "/terms-of-use",
    "/privacy-policy",
    "/auth",
  ];
}

test("every public page has one stylesheet, inlined in <head> (the same everywhere), and no blocking script", async ({ request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the server's HTML is read; JavaScript changes nothing in it");
  test.setTimeout(120_000);
  const stylesheets = new Set<string>();
  for (const path of await publicPages()) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    // Any <link rel=stylesheet> blocks rendering (in the body too, for what follows it): none on
    // a public page, whose styles are all in app.css, inlined (production, data saver off).
    const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
    expect(links, path).toEqual([]);
    const styles = [...html.matchAll(/<style data-stylesheet="app">([^<]*)<\/style>/g)].map(([, css]) => css!);
    expect(styles, path).toHaveLength(1);
    expect(html.indexOf('<style data-stylesheet="app">'), path).toBeLessThan(html.indexOf("</head>"));
    stylesheets.add(styles[0]!);
    // A classic <script src> without async/defer in <head> would block too (modules are deferred).
    const head = html.slice(0, html.indexOf("</head>"));
    const blocking = [...head.matchAll(/<script\b([^>]*)>/g)].filter(([, attributes]) => /\bsrc=/.test(attributes!) && !/\b(async|defer)\b|type="module"/.test(attributes!));
    expect(blocking.map(([tag]) => tag), path).toEqual([]);
    // No module is fetched while the page is parsed (ADR 245): no <link rel=modulepreload>, no
    // module <script>; Remix's module code is one inert data block, started after the paint.
    expect(html, path).not.toMatch(/<link\b[^>]*rel="modulepreload"/);
    expect(html, path).not.toMatch(/<script\b[^>]*type="module"/);
    expect(html.match(/<script nonce="[^"]+" type="text\/x-darna-module">/g), path).toHaveLength(1);
  }
  // The same styles on every page (the shell's and every public page's).
  expect([...stylesheets]).toHaveLength(1);
  for (const selector of [".site-header", ".gallery", ".experience-card", ".review-card"]) expect([...stylesheets][0], selector).toContain(selector);
});

test("every public page hydrates without an error in the console", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    // The map's tiles come from another origin, unreachable from the tests (light-pages.spec.ts).
    const origin = new URL(page.url()).origin;
    if (message.type() === "error" && (!message.location().url || message.location().url.startsWith(origin))) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of await publicPages()) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    // /experiences lists the rated experience: its badge is rendered (and hydrated) with its text.
    if (path.startsWith("/experiences?")) await expect(page.getByTestId("experience-rating").first()).toContainText("3");
  }
  expect(errors).toEqual([]);
});

test("no script is fetched before the page has loaded and painted; it hydrates after, and a French page reads no English translation", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the scripts only run with JavaScript");
  // Lighthouse puts every script that finished loading before the observed first paint (and LCP)
  // on the paint's path (ADR 245): none may start before the load event and the first paint.
  const property = await createListing();
  for (const path of ["/", "/fr/", property.path]) {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByType("paint").find((entry) => entry.name === "first-contentful-paint");
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return {
        loaded: navigation.loadEventEnd,
        painted: paint?.startTime ?? Infinity,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
        translations: resources.map((entry) => new URL(entry.name).pathname).filter((name) => name.endsWith(".json")),
      };
    });
    expect(timing.scripts, path).toBeGreaterThan(0);
    expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.loaded);
    expect(timing.firstScript, path).toBeGreaterThan(timing.painted);
    if (path === "/fr/") {
      expect(timing.translations.filter((name) => name.includes("/fr/")).length).toBeGreaterThan(0);
      expect(timing.translations.filter((name) => name.includes("/en/"))).toEqual([]);
    }
  }
});

test("in data-saver mode the stylesheet is linked (one file, cached across the no-script pages), not inlined", async ({ request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the server's HTML is read");
  const html = await (await request.get("/", { headers: { "Save-Data": "on" } })).text();
  expect([...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]).toHaveLength(1);
  expect(html).not.toContain('<style data-stylesheet="app">');
});

test("/experiences: the first card's cover (the page's LCP on a phone) loads at once with a high priority, the others lazily", async ({ request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the server's HTML is read");
  const first = await createPartnerExperience();
  await createPartnerExperience();
  const covers = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<img\b[^>]*data-testid="experience-cover"[^>]*>/g)].map(([tag]) => tag);
  const [alone] = await covers(`/experiences?city=${encodeURIComponent(`Douz${first.title.split("dunes ")[1]}`)}`);
  expect(alone).toContain('loading="eager"');
  expect(alone).toContain('fetchpriority="high"');
  const all = await covers("/experiences");
  expect(all.length).toBeGreaterThanOrEqual(2);
  expect(all.filter((cover) => cover.includes("fetchpriority"))).toHaveLength(all[0]!.includes('loading="eager"') ? 1 : 0);
  for (const cover of all.slice(1)) expect(cover).toContain('loading="lazy"');
});

test("the home page's link-only sections and the footer stay as the server wrote them on the first load (not hydrated), and render live after a client navigation", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  // ADR 248: React hydrates only what needs JavaScript on the first load; a StaticSection is one
  // element for it (the server's inner HTML kept), so the nodes inside carry no React fiber.
  await createListing();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  // The nodes the parser made, kept aside before any script runs: React must keep them (not write the HTML again).
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { parsedNodes: Element[] }).parsedNodes = [...document.querySelectorAll("footer.site-footer a, .home-section[id^='home-'] a")];
    }),
  );
  await page.goto("/");
  await waitForHydration(page);
  const kept = await page.evaluate(() => (window as unknown as { parsedNodes: Element[] }).parsedNodes.map((node) => node.isConnected));
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.every(Boolean)).toBe(true);
  const hydrated = (selector: string) =>
    page.evaluate((query) => [...document.querySelectorAll(query)].map((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))), selector);
  const footerLinks = await hydrated("footer.site-footer a");
  expect(footerLinks.length).toBeGreaterThan(0);
  expect(footerLinks.every((fiber) => !fiber)).toBe(true);
  // The section element itself is React's; what is inside is not.
  expect(await hydrated("footer.site-footer")).toEqual([true]);
  const staticLinks = await hydrated(".home-section[id^='home-'] a");
  expect(staticLinks.length).toBeGreaterThan(0);
  expect(staticLinks.every((fiber) => !fiber)).toBe(true);
  // What needs JavaScript is hydrated: the hero's search form, the header.
  expect(await hydrated(".hero form")).toEqual([true]);
  expect((await hydrated("header.site-header a")).every(Boolean)).toBe(true);
  const privacy = page.locator("footer.site-footer a[href$='/privacy-policy']");
  await expect(privacy).toHaveCount(1);
  // A client navigation (the brand link, back home): every section renders live, the footer too.
  await page.locator("header a.brand").click();
  await expect.poll(async () => (await hydrated("footer.site-footer a")).every(Boolean)).toBe(true);
  expect((await hydrated(".home-section[id^='home-'] a")).every(Boolean)).toBe(true);
  expect(await page.locator(".home-section[id^='home-'] a").count()).toBe(staticLinks.length);
  // On a first load, the footer's (static) link is a plain link: the browser loads its page.
  await page.goto("/");
  await waitForHydration(page);
  expect(await hydrated("footer.site-footer a[href$='/privacy-policy']")).toEqual([false]);
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator("h1")).toBeVisible();
  expect(errors).toEqual([]);
});
