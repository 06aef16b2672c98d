// ADR 240: the build's client folder is served by express.static before every page; for a page
// (/property-details/64) that meant a file-system stat, its ENOENT error (with its stack trace)
// and a fall-through on every request. The folder is written by the build and never changes while
// the server runs, so its top-level names are read once and only requests under one of them go to
// the static middleware.
import fs from "node:fs";
import type { NextFunction, Request, RequestHandler, Response } from "express";

export function onlyUnderTopLevelEntries(folder: string, serve: RequestHandler): RequestHandler {
  const names = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    // "/favicon.svg" → "favicon.svg", "/assets/x.js" → "assets"; percent-encoded names are decoded by send.
    const first = req.path.slice(1).split("/", 1)[0]!;
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      return next();
    }
    if (!names.has(name)) return next();
    return serve(req, res, next);
  };
}
