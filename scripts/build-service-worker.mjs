// The third step of `npm run build` (ADR 234, 238): bundles app/service-worker/sw.ts with esbuild
// and lets workbox-build's injectManifest write the precache list (PRECACHE_PATTERNS, with their
// revisions) into $BUILD_DIR/client/sw.js, served at /sw.js.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

/**
 * What the worker precaches at install: the favicon and the web manifest (< 1 KB), nothing of the
 * shell. The page has just loaded its hashed files; precaching them again cost every first visit
 * ~200 KB (counted by Lighthouse in first-view bytes, issue 18 point 2). The worker keeps them as
 * the pages it controls load them (cache first), from the browser's HTTP cache (ADR 238).
 */
export const PRECACHE_PATTERNS = ["favicon.svg", "manifest.webmanifest"];

const clientDirectory = path.join(process.env.BUILD_DIR || "build", "client");
const bundled = path.join(clientDirectory, "sw.src.js");
const swDest = path.join(clientDirectory, "sw.js");

await build({
  entryPoints: ["app/service-worker/sw.ts"],
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2020",
  outfile: bundled,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest,
  globDirectory: clientDirectory,
  globPatterns: PRECACHE_PATTERNS,
});
fs.rmSync(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${swDest}, ${count} files precached (${Math.round(size / 1024)} KB)`);
