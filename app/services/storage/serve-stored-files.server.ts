import type { NextFunction, Request, Response } from "express";
import { assertValidKey } from "~/services/storage/storage-key";
import type { FileStorage } from "~/services/storage/storage.server";

/** What express.static sends for the local uploads (`maxAge: "7d"`): the same for files from a bucket. */
export const UPLOADS_CACHE_CONTROL = "public, max-age=604800";

/**
 * Serves the public files of a storage that is not on this machine's disk (an S3-compatible
 * bucket): GET and HEAD, the cache headers of the local uploads, an ETag (a browser's
 * If-None-Match gets a 304), 404 for a missing or invalid key, 503 when the store does not answer.
 * Only the public storage is given here: the private files (payment proofs) have no URL.
 */
export function serveStoredFiles(storage: FileStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\//, ""));
      assertValidKey(key);
    } catch {
      return void res.status(404).type("text/plain").send("Not Found");
    }
    let data: Buffer | null;
    try {
      data = await storage.get(key);
    } catch (error) {
      console.error(`darna: storage read failed for ${key}: ${error instanceof Error ? error.message : error}`);
      res.setHeader("Retry-After", "5");
      return void res.status(503).type("text/plain").send("Service Unavailable");
    }
    if (!data) return void res.status(404).type("text/plain").send("Not Found");
    res.setHeader("Cache-Control", UPLOADS_CACHE_CONTROL);
    res.send(data);
  };
}
