// GET /sitemap.xml: every public page, listing, establishment, experience and article in the
// three languages (issue 18 point 9). Cached for an hour by browsers and proxies.
import { sitemapXml } from "~/domain/sitemap";
import { sitemapPages } from "~/services/seo/sitemap.server";
import { env } from "~/utils/env.server";

export async function loader() {
  const xml = sitemapXml(new URL(env.appUrl).origin, await sitemapPages());
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
