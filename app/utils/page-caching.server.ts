// How Remix's answers may be cached (issue 12, point 5; ADR 090), one rule for every page and API
// answer instead of a header per route:
// - an answer to a request carrying a session (the Token cookie or a bearer token), or one that
//   sets a cookie, is `Cache-Control: private, no-store`: it depends on who asks;
// - an anonymous GET of a page (HTML, 200) gets an ETag and `Cache-Control: no-cache`, so a revisit
//   is a 304. The HTML is read in full to hash it; the CSP nonce, new on every answer, is left out
//   of the hash, and a 304 carries no Content-Security-Policy so the browser keeps the one that
//   matches the nonces of the page it already holds.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

const SESSION_COOKIE = /(?:^|;\s*)Token=/;

export function carriesSession(req: Pick<Request, "headers">): boolean {
  return SESSION_COOKIE.test(req.headers.cookie ?? "") || Boolean(req.headers.authorization);
}

/** An If-None-Match header names `etag` (weak comparison), or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || candidate.trim().replace(/^W\//, "") === bare);
}

type Chunk = string | Uint8Array;

export function pageCaching() {
  return (req: Request, res: Response, next: NextFunction) => {
    const personal = carriesSession(req);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (personal || res.getHeader("Set-Cookie")) res.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    if (personal || req.method !== "GET") return next();

    let buffering: boolean | null = null;
    const chunks: Buffer[] = [];
    const shouldBuffer = () =>
      (buffering ??=
        res.statusCode === 200 && /^text\/html/i.test(String(res.getHeader("Content-Type") ?? "")) && !res.getHeader("Set-Cookie"));
    const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: Chunk, ...rest: unknown[]) => {
      if (!shouldBuffer()) return write(chunk, ...rest);
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8") : Buffer.from(chunk));
      return true;
    }) as Response["write"];
    res.end = ((chunk?: Chunk | (() => void), ...rest: unknown[]) => {
      if (!shouldBuffer()) return end(chunk, ...rest);
      if (chunk !== undefined && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
      const body = Buffer.concat(chunks);
      const nonce = res.locals.cspNonce as string | undefined;
      const hashed = nonce ? body.toString("utf8").replaceAll(nonce, "") : body;
      const etag = `W/"${crypto.createHash("sha256").update(hashed).digest("base64url").slice(0, 27)}"`;
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", "no-cache");
      if (etagMatches(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        for (const name of ["Content-Security-Policy", "Content-Type", "Content-Length", "Transfer-Encoding"]) res.removeHeader(name);
        return end();
      }
      res.setHeader("Content-Length", body.length);
      return end(body);
    }) as Response["end"];
    next();
  };
}

const IMAGE_TYPES: Record<string, string> = { ".webp": "image/webp", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".avif": "image/avif" };

/**
 * /uploads holds the photo variants the image pipeline wrote (WebP): only image files are served,
 * with their image type and nosniff, so nothing placed there can be served as HTML or script.
 */
export function uploadsOnlyImages() {
  return (req: Request, res: Response, next: NextFunction) => {
    const extension = /\.[a-z0-9]+$/i.exec(req.path)?.[0]?.toLowerCase() ?? "";
    const type = IMAGE_TYPES[extension];
    if (!type) return void res.status(404).type("text/plain").send("Not Found");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Type", type);
    next();
  };
}
