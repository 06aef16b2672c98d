// GET /robots.txt: public pages may be crawled, private areas not; where the sitemap is (issue 18 point 9).
import { robotsTxt } from "~/domain/sitemap";
import { env } from "~/utils/env.server";

export function loader() {
  return new Response(robotsTxt(new URL(env.appUrl).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
