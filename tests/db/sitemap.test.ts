// Issue 18 point 9: /sitemap.xml lists every public listing, establishment, experience and
// published article in the three languages (with hreflang alternates), and nothing that is not
// public; /robots.txt points to it and keeps crawlers out of private areas.
import { describe, expect, it } from "vitest";
import { BlogArticle } from "~/db/models/blog-article.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import * as robotsRoute from "~/routes/robots[.]txt";
import * as sitemapRoute from "~/routes/sitemap[.]xml";
import { createExperience } from "../factories/experience-factories";
import { createPublicHotel, createPublicListing } from "../factories/discovery-factories";

async function sitemap(): Promise<{ response: Response; xml: string }> {
  const response = await sitemapRoute.loader();
  return { response, xml: await response.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

describe("sitemap.xml", () => {
  it("lists public listings, establishments, approved experiences and published articles in en, fr and es, and nothing else", async () => {
    const listing = await createPublicListing();
    const hidden = await createPublicListing({ visibility: "hidden" } as never);
    const pending = await createPublicListing({ moderationState: "pending" } as never);
    const { listing: hotel } = await createPublicHotel();
    const { experience } = await createExperience();
    const { experience: draft } = await createExperience({ status: "draft" });
    const today = dateInTunis(new Date());
    await BlogArticle.create({ language: "fr", slug: "plan-sitemap", translationGroup: "t-sitemap", title: "T", summary: "s", body: "b", publishDate: today, published: true, authorId: null });
    await BlogArticle.create({ language: "en", slug: "sitemap-plan", translationGroup: "t-sitemap", title: "T", summary: "s", body: "b", publishDate: today, published: true, authorId: null });
    await BlogArticle.create({ language: "en", slug: "sitemap-draft", translationGroup: "t-sitemap-draft", title: "T", summary: "s", body: "b", publishDate: today, published: false, authorId: null });
    await BlogArticle.create({ language: "es", slug: "sitemap-manana", translationGroup: "t-sitemap-later", title: "T", summary: "s", body: "b", publishDate: addDays(today, 2), published: true, authorId: null });

    const { response, xml } = await sitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
    const paths = locs(xml);
    for (const lang of ["en", "fr", "es"]) {
      expect(paths).toContain(`/${lang}`);
      expect(paths).toContain(`/${lang}/property-details/${listing.id}`);
      expect(paths).toContain(`/${lang}/establishment-details/${hotel.id}`);
      expect(paths).toContain(`/${lang}/experiences/${experience.id}`);
      expect(paths).not.toContain(`/${lang}/property-details/${hidden.id}`);
      expect(paths).not.toContain(`/${lang}/property-details/${pending.id}`);
      expect(paths).not.toContain(`/${lang}/experiences/${draft.id}`);
    }
    expect(paths).not.toContain(`/en/property-details/${hotel.id}`);
    // An article is listed in the languages it is written in, each naming the other.
    expect(paths).toContain("/fr/blog/plan-sitemap");
    expect(paths).toContain("/en/blog/sitemap-plan");
    expect(paths).not.toContain("/en/blog/sitemap-draft");
    expect(paths).not.toContain("/es/blog/sitemap-manana");
    const frEntry = xml.split("\n").find((line) => line.includes("<loc>") && line.includes("/fr/blog/plan-sitemap</loc>"))!;
    expect(frEntry).toContain('hreflang="en" href="http');
    expect(frEntry).toContain("/en/blog/sitemap-plan");
    const listingEntry = xml.split("\n").find((line) => line.includes(`/es/property-details/${listing.id}</loc>`))!;
    for (const lang of ["en", "fr", "es"]) expect(listingEntry).toContain(`hreflang="${lang}"`);
    // Every URL once.
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("robots.txt", () => {
  it("allows the public pages, keeps private areas out and names the sitemap", async () => {
    const response = robotsRoute.loader();
    const text = await response.text();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/fr\/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    // The sign-in pages are public pages: crawlable (Lighthouse's is-crawlable, SEO 100).
    expect(text).not.toMatch(/^Disallow: (\/(en|fr|es))?\/auth$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});
