// The third step of `npm run build` (ADR 234): bundles app/service-worker/sw.ts with esbuild and
// lets workbox-build's injectManifest write the precache list (the shell's hashed files, with
// their revisions) into $BUILD_DIR/client/sw.js, served at /sw.js.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

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
  // The shell every page needs; the rest of the assets is kept as the visitor's pages load it
  // (precaching all 400 chunks would cost a phone ~3 MB on its first visit).
  globPatterns: ["assets/entry.client-*.js", "assets/root-*.js", "assets/manifest-*.js", "assets/app-*.css", "favicon.svg", "manifest.webmanifest"],
  // Hashed names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
});
fs.rmSync(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${swDest}, ${count} files precached (${Math.round(size / 1024)} KB)`);
