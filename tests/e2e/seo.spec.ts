// SEO basics on every public page (issue 18 point 1, ADR 235): a meta description, a canonical URL
// (the page's own address without its query string) and hreflang alternates for en, fr and es
// plus x-default (the address without a language prefix), in the HTML as the server sends it.
// The HTML is the same with JavaScript on or off: read once (the js-off project).
import "./support/app-database";
import { Experience } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { createListing, createUser, uniqueTag } from "./support/factories";
import { expect, isoDaysFromNow, test } from "./support/fixtures";

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the server's HTML is read; JavaScript changes nothing in it");
});

/** The attributes of every `<tag …>` in the HTML, as maps. */
function tags(html: string, tag: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replaceAll("&amp;", "&")])),
  );
}

test("every public page has a description, a canonical URL and its alternates in en, fr and es", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const property = await createListing();
  const establishment = await createListing({ type: "hotel" });
  const partnerUser = await createUser();
  const partner = await Partner.create({
    userId: partnerUser.id, name: `Seo Boats ${tag}`, description: JSON.stringify({ en: "Boat trips." }), languages: JSON.stringify(["en"]),
    email: `seo-${tag}@test.darna.tn`, phone: "+21674000000", website: null, city: "Sfax",
  });
  const experience = await Experience.create({
    partnerId: partner.id, title: JSON.stringify({ en: `Felucca ${tag}` }), description: JSON.stringify({ en: "Fishing." }), city: "Sfax",
    governorate: "Sfax", durationMinutes: 120, languages: JSON.stringify(["en"]), pricePerPerson: 40_000, capacity: 6, status: "approved",
  });
  const pages = [
    "/",
    "/accommodation",
    "/search-by-map",
    property.path,
    establishment.path,
    "/experiences",
    `/experiences/${experience.id}`,
    `/partner-details/${partner.id}`,
    "/friend-trip",
    "/host",
    "/blog",
    "/terms-of-use",
    "/privacy-policy",
    "/terms-of-sale/travelers",
    "/terms-of-sale/hosts",
    "/auth",
    "/auth/signup",
  ];
  const missing: string[] = [];
  for (const bare of pages) {
    for (const language of ["", "/en", "/fr", "/es"]) {
      const path = language && bare === "/" ? language : `${language}${bare}`;
      // A query string (a search with dates) stays out of the canonical URL.
      const response = await request.get(`${path}?checkIn=${isoDaysFromNow(30)}&checkOut=${isoDaysFromNow(32)}`);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const description = tags(html, "meta").find((meta) => meta.name === "description")?.content ?? "";
      if (description.trim() === "") missing.push(`${path}: description "${description}"`);
      const links = tags(html, "link");
      const canonical = links.filter((link) => link.rel === "canonical").map((link) => link.href);
      if (canonical.join() !== `${baseURL}${path}`) missing.push(`${path}: canonical ${canonical.join(", ") || "none"}`);
      const alternates = Object.fromEntries(links.filter((link) => link.rel === "alternate" && link.hreflang).map((link) => [link.hreflang, link.href]));
      const expected = {
        en: `${baseURL}${bare === "/" ? "/en" : `/en${bare}`}`,
        fr: `${baseURL}${bare === "/" ? "/fr" : `/fr${bare}`}`,
        es: `${baseURL}${bare === "/" ? "/es" : `/es${bare}`}`,
        "x-default": `${baseURL}${bare}`,
      };
      if (JSON.stringify(alternates) !== JSON.stringify(expected)) missing.push(`${path}: alternates ${JSON.stringify(alternates)}`);
    }
  }
  expect(missing).toEqual([]);
});
