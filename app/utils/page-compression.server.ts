// Pages and data are compressed as they are sent, on every request (ADR 240): gzip level 3 and
// brotli quality 3 cost a third to a half of the defaults' CPU (gzip 6, brotli 4) for a few
// hundred bytes more on a page. The hashed assets are compressed at build time at the highest
// levels instead (precompressed-assets.server.ts); an answer that already has a Content-Encoding
// is left alone.
import zlib from "node:zlib";
import compression from "compression";

export const PAGE_GZIP_LEVEL = 3;
export const PAGE_BROTLI_QUALITY = 3;

export function pageCompression() {
  return compression({ level: PAGE_GZIP_LEVEL, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } });
}
