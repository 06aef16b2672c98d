// Issue 18 point 3: the JavaScript a signed-out visitor downloads on the home page, the search
// with dates and a property page, gzip-compressed, beside the 110 KB target; and the stylesheets
// that block rendering. Reads each page's HTML from a production build (seeded), collects the
// scripts it references (modulepreload links, script src, the inline module's imports, and the
// preloads the starter adds after the first paint, ADR 245) and
// sums their gzip sizes (level 9, what the build ships precompressed). Figures only.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { runPageBench } from "./lib/pages";
import { ROOT } from "./lib/servers";
import { table } from "./lib/stats";

const BUILD_DIR = "build-bench";
const TARGET_KB = 110;

/** The /assets/*.js a page's HTML references, each once. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import(?:[^"']*from)?\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(match[1]!);
  // The module preloads the starter adds after the first paint (ADR 245): its argument list.
  for (const match of html.matchAll(/\(document\.currentScript,(\[[^\]]*\])/g)) for (const href of JSON.parse(match[1]!) as string[]) found.add(href);
  return [...found].filter((href) => href.startsWith("/assets/"));
}

/** Stylesheets in the document that block its first render. */
function blockingStylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/media="(print|not all)"/.test(tag))
    .map((tag) => tag.match(/href="([^"]+)"/)?.[1] ?? tag);
}

function gzipBytes(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

await runPageBench(BUILD_DIR, async (darna, pages) => {
  const rows: string[][] = [["page", "scripts", "JS gzip KB", "target KB", "holds", "blocking CSS"]];
  const details: string[] = [];
  for (const page of pages) {
    const html = await (await fetch(`${darna.url}${page.path}`, { headers: { "accept-language": "en" } })).text();
    const scripts = scriptsOf(html);
    let total = 0;
    for (const href of scripts) {
      const bytes = gzipBytes(path.join(ROOT, BUILD_DIR, "client", href));
      total += bytes;
      details.push(`  ${page.name.padEnd(9)} ${(bytes / 1024).toFixed(1).padStart(6)} KB ${href}`);
    }
    const css = blockingStylesheets(html);
    const kb = total / 1024;
    rows.push([page.name, String(scripts.length), kb.toFixed(1), String(TARGET_KB), kb <= TARGET_KB ? "yes" : "NO", String(css.length)]);
  }
  console.log(table(rows));
  if (process.env.BENCH_VERBOSE === "1") console.log(`\n${details.join("\n")}`);
});
