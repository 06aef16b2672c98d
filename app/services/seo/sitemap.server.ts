// What the sitemap lists (issue 18 point 9): the public pages of the site, every public listing
// (properties and establishments, by the one public-listing rule), every approved experience in
// the three languages, and every published article in its own language with its translations.
import { Op, QueryTypes } from "sequelize";
import { BlogArticle } from "~/db/models/blog-article.server";
import { getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType, type PropertyType } from "~/domain/listing";
import { dateInTunis } from "~/domain/stay-dates";
import type { SitemapPage } from "~/domain/sitemap";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { supportedLanguages } from "~/utils/i18n";

const STATIC_PAGES = ["/", "/accommodation", "/experiences", "/blog", "/terms-of-use", "/privacy-policy", "/terms-of-sale/travelers", "/terms-of-sale/hosts"];

const inEveryLanguage = (path: string): Record<string, string> =>
  Object.fromEntries(supportedLanguages.map((lang) => [lang, path === "/" ? `/${lang}` : `/${lang}${path}`]));

const day = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString().slice(0, 10) : null);

export async function sitemapPages(now: Date = new Date()): Promise<SitemapPage[]> {
  const sequelize = getSequelize();
  const [listings, experiences, articles] = await Promise.all([
    sequelize.query<{ id: number; property_type: PropertyType; updated_at: string | Date | null }>(
      `SELECT l.id, l.property_type, l.updated_at FROM listings l WHERE ${publicListingCondition("l")} ORDER BY l.id`,
      { type: QueryTypes.SELECT },
    ),
    sequelize.query<{ id: number; updated_at: string | Date | null }>("SELECT id, updated_at FROM experiences WHERE status = 'approved' ORDER BY id", {
      type: QueryTypes.SELECT,
    }),
    BlogArticle.findAll({
      where: { published: true, publishDate: { [Op.lte]: dateInTunis(now) } },
      attributes: ["id", "language", "slug", "translationGroup", "updatedAt"],
      order: [["id", "ASC"]],
    }),
  ]);
  const pages: SitemapPage[] = STATIC_PAGES.map((path) => ({ versions: inEveryLanguage(path) }));
  for (const listing of listings) {
    const kind = isEstablishmentType(listing.property_type) ? "establishment-details" : "property-details";
    pages.push({ versions: inEveryLanguage(`/${kind}/${listing.id}`), lastModified: day(listing.updated_at) });
  }
  for (const experience of experiences) {
    pages.push({ versions: inEveryLanguage(`/experiences/${experience.id}`), lastModified: day(experience.updated_at) });
  }
  // An article and its translations are one page in several languages.
  const groups = new Map<string, BlogArticle[]>();
  for (const article of articles) {
    const key = article.translationGroup;
    groups.set(key, [...(groups.get(key) ?? []), article]);
  }
  for (const group of groups.values()) {
    pages.push({
      versions: Object.fromEntries(group.map((article) => [article.language, `/${article.language}/blog/${article.slug}`])),
      lastModified: day(new Date(Math.max(...group.map((article) => new Date(article.updatedAt).getTime())))),
    });
  }
  return pages;
}
