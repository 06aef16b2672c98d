// Issue 18 point 9: the build's hashed assets served in their precompressed form (brotli quality 11
// or gzip level 9, written at build time by scripts/precompress-plugin.ts) when the browser accepts
// it, with the original's Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`. Anything
// else (no precompressed file, no accepted encoding) falls through to express.static; the
// compression middleware leaves an answer that already has a Content-Encoding alone.
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

// Hashed asset names only: letters, digits and the few signs Vite and Remix use ("(_lang)-x.js").
const ASSET_NAME = /^\/[\w.()\-[\]]+$/;

export function precompressedAssets(folder: string, { maxAge }: { maxAge: string }) {
  const root = path.resolve(folder);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !ASSET_NAME.test(req.path)) return next();
    const file = path.join(root, req.path);
    if (path.dirname(file) !== root) return next();
    res.vary("Accept-Encoding");
    // Our preference, not the header's order: browsers list "gzip, deflate, br", and brotli is smaller.
    const encoding = ENCODINGS.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name && fs.existsSync(file + candidate.extension));
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(file + encoding.extension, { maxAge, immutable: true, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
