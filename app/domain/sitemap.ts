// The sitemap's XML (sitemaps.org protocol with xhtml:link hreflang alternates, as Google reads
// them): one <url> per page and language, each naming its versions in the other languages.
// Pure: the pages come from app/services/seo/sitemap.server.ts.

export interface SitemapPage {
  /** The page's path in each of its languages, e.g. { en: "/en/property-details/3", fr: … }. */
  versions: Record<string, string>;
  /** YYYY-MM-DD, when known. */
  lastModified?: string | null;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (sign) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[sign]!);

export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const base = origin.replace(/\/+$/, "");
  const urls: string[] = [];
  for (const page of pages) {
    const versions = Object.entries(page.versions);
    const alternates =
      versions.length > 1
        ? versions.map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(base + path)}"/>`).join("")
        : "";
    for (const [, path] of versions) {
      const lastmod = page.lastModified ? `<lastmod>${escapeXml(page.lastModified)}</lastmod>` : "";
      urls.push(`<url><loc>${escapeXml(base + path)}</loc>${lastmod}${alternates}</url>`);
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join("\n") +
    "\n</urlset>\n"
  );
}

/**
 * robots.txt: everything public may be crawled — the sign-in and sign-up pages too (anyone opens
 * them; issue 18 asks SEO 100 of every public page) —; accounts, hosting and the API not; where
 * the sitemap is.
 */
export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, "");
  const privatePrefixes = ["/api/", "/admin", "/dashboard", "/profile", "/messages", "/payment", "/favorites", "/notifications"];
  const disallow = privatePrefixes.flatMap((prefix) => [prefix, ...["en", "fr", "es"].map((lang) => `/${lang}${prefix}`)]);
  return ["User-agent: *", "Allow: /", ...disallow.map((prefix) => `Disallow: ${prefix}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
