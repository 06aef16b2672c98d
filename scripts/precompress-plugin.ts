// Issue 18 point 9: the client build's hashed assets precompressed once at build time, with
// brotli (quality 11, too slow to do per request) and gzip (level 9), written beside each file as
// `.br` and `.gz`. server.ts serves them (app/utils/precompressed-assets.server.ts). Files under
// 1 KB, or that do not shrink, are left alone.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|xml|html|map)$/;
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `folder`; returns how many files. */
export function precompressFolder(folder: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      count += precompressFolder(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || entry.name.endsWith(".map")) continue;
    const source = fs.readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = zlib.gzipSync(source, { level: 9 });
    if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
    count++;
  }
  return count;
}

/** The Vite plugin: after the client build is written, precompresses its assets folder. */
export function precompressAssets(): Plugin {
  let isServerBuild = false;
  return {
    name: "darna-precompress-assets",
    apply: "build",
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
    },
    writeBundle(options) {
      if (isServerBuild || !options.dir) return;
      const assets = path.join(options.dir, "assets");
      if (fs.existsSync(assets)) precompressFolder(assets);
    },
  };
}
