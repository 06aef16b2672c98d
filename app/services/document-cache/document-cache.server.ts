// The document cache (issue 18 point 8, ADR 244): a page rendered for a signed-out visitor is
// served again, from memory and already compressed, while nothing it shows can have changed — the
// data version it was rendered under is still current (every committed write that may touch a
// public page moves it, data-version.server.ts), the date in Tunis is the same, and at most
// DOCUMENT_TTL_MS have passed (the bound on changes that come with time alone). Only answers the
// route opted into (route-opt-in.ts), GET, 200, HTML, setting no cookie but the language one, are
// stored. Installed by server.ts before pageCaching (ADR 090), whose ETag it keeps and answers.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { currentDataVersion } from "~/db/data-version.server";
import { documentCacheKey, LANGUAGE_COOKIE } from "~/services/document-cache/document-key.server";
import { DocumentStore, type StoredDocument } from "~/services/document-cache/document-store.server";
import { DOCUMENT_CACHE_MARKER } from "~/services/document-cache/route-opt-in";
import { etagMatches } from "~/utils/page-caching.server";

export const DOCUMENT_TTL_MS = 60_000;
/** What the stored page varies on besides its URL; sent on every answer the cache may give. */
export const DOCUMENT_VARY = "Accept-Encoding, Cookie, Accept-Language, Save-Data";
// Stored once per render, off the hit path: better ratios than the per-request gzip 3 / brotli 3 (ADR 240) for a few ms.
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;

/**
 * A page is stored at its second miss within DOCUMENT_TTL_MS, not its first (ADR 253, the "second
 * hit" admission of CDNs): most search URLs carry their own dates and are asked once, and copying,
 * gzipping and brotli-compressing such a page cost a third more CPU than rendering it for nothing.
 * The keys asked once are remembered, the oldest forgotten past this many.
 */
const MAX_ASKED_ONCE = 10_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Headers never replayed from a stored answer: per connection, per encoding, or ours. */
const NOT_STORED = new Set(["content-length", "transfer-encoding", "content-encoding", "connection", "date", "keep-alive", "x-darna-cache", "vary", DOCUMENT_CACHE_MARKER]);

export interface DocumentCacheOptions {
  maxBytes: number;
  ttlMs?: number;
  /** Called for every answer served from the cache (the page view entry.server.tsx would have queued). */
  onHit?: (url: string) => void;
  now?: () => number;
}

export interface DocumentCache {
  (req: Request, res: Response, next: NextFunction): void;
  store: DocumentStore;
}

type Chunk = string | Uint8Array;

function chooseEncoding(req: Request): "br" | "gzip" | "identity" {
  const accepted = req.headers["accept-encoding"];
  if (!accepted) return "identity";
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return "identity";
}

function serve(req: Request, res: Response, entry: StoredDocument): void {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", DOCUMENT_VARY);
  res.setHeader("X-Darna-Cache", "hit");
  if (entry.etag && etagMatches(req.headers["if-none-match"], entry.etag)) {
    // As pageCaching answers a revisit: no body, and no policy (the browser keeps the page's).
    res.statusCode = 304;
    for (const name of ["Content-Security-Policy", "Content-Type"]) res.removeHeader(name);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req);
  const body = entry[encoding];
  // A Content-Encoding makes `compression` leave the bytes alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(body);
}

/** Only the language cookie may be set by a stored page: the same for every request of its key (the key holds the request's `lng`). */
function setsOnlyLanguageCookie(value: unknown): boolean {
  if (value === undefined) return true;
  const cookies = Array.isArray(value) ? value : [String(value)];
  return cookies.every((cookie) => String(cookie).startsWith(`${LANGUAGE_COOKIE}=`));
}

export function documentCache(options: DocumentCacheOptions): DocumentCache {
  const store = new DocumentStore(options.maxBytes);
  const ttlMs = options.ttlMs ?? DOCUMENT_TTL_MS;
  const now = options.now ?? Date.now;
  /** Key → until when its first miss counts (a second miss before then stores the page). */
  const askedOnce = new Map<string, number>();
  /** Whether this miss is the key's second within the time limit; remembers a first one. */
  const admitted = (key: string, at: number): boolean => {
    const until = askedOnce.get(key);
    askedOnce.delete(key);
    if (until !== undefined && until > at) return true;
    askedOnce.set(key, at + ttlMs);
    if (askedOnce.size > MAX_ASKED_ONCE) askedOnce.delete(askedOnce.keys().next().value!);
    return false;
  };

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const startedAt = now();
    const key = documentCacheKey(req, startedAt);
    if (key === null) {
      res.setHeader("X-Darna-Cache", "bypass");
      return next();
    }
    // The version before anything is read: a write committed while this page renders makes it stale at once.
    const version = currentDataVersion();
    const found = store.get(key);
    if (found && found.version === version && found.expiresAt > startedAt) {
      options.onHit?.(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
      return serve(req, res, found);
    }
    // A page stored before and gone stale (a write, the time limit) is a page asked again: stored at once.
    const admit = found !== undefined || admitted(key, startedAt);
    if (found) store.delete(key);

    res.setHeader("X-Darna-Cache", "miss");
    res.setHeader("Vary", DOCUMENT_VARY);
    const before = new Set(Object.keys(res.getHeaders()));
    let optedIn = false;
    const takeMarker = () => {
      if (res.getHeader(DOCUMENT_CACHE_MARKER) === undefined) return;
      optedIn = true;
      res.removeHeader(DOCUMENT_CACHE_MARKER);
    };
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      takeMarker();
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    // A first miss is rendered and sent as without the cache: nothing collected, nothing compressed.
    if (!admit) return next();

    // The page as it is written (pageCaching hands an anonymous page over in one piece; a page
    // that sets the language cookie comes in Remix's chunks).
    const chunks: Buffer[] = [];
    let collecting = true;
    const collect = (chunk: Chunk | undefined, encoding: unknown) => {
      if (!collecting || chunk === undefined) return;
      takeMarker();
      if (!optedIn || res.statusCode !== 200) {
        collecting = false;
        chunks.length = 0;
        return;
      }
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk));
    };
    const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: Chunk, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: Chunk | (() => void), ...rest: unknown[]) => {
      takeMarker();
      if (typeof chunk !== "function") collect(chunk, rest[0]);
      const storable =
        collecting &&
        optedIn &&
        chunks.length > 0 &&
        res.statusCode === 200 &&
        /^text\/html/i.test(String(res.getHeader("Content-Type") ?? "")) &&
        setsOnlyLanguageCookie(res.getHeader("Set-Cookie"));
      if (storable) {
        const identity = Buffer.concat(chunks);
        const headers: StoredDocument["headers"] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || NOT_STORED.has(name)) continue;
          if (before.has(name) && name !== "content-security-policy") continue;
          headers.push([name, Array.isArray(value) ? value.map(String) : String(value)]);
        }
        // pageCaching makes an answer that sets a cookie private (at writeHead, after this point): so is the stored one.
        if (headers.some(([name]) => name === "set-cookie")) {
          const cacheControl = headers.findIndex(([name]) => name === "cache-control");
          if (cacheControl !== -1) headers.splice(cacheControl, 1);
          headers.push(["cache-control", "private, no-store"]);
        }
        const etag = res.getHeader("ETag");
        void keep(key, { version, expiresAt: startedAt + ttlMs, headers, etag: etag === undefined ? null : String(etag), identity });
      }
      chunks.length = 0;
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }) as DocumentCache;

  /** Compresses the page once (in the thread pool) and stores it, unless its version has moved meanwhile. */
  async function keep(key: string, entry: Omit<StoredDocument, "gzip" | "br">): Promise<void> {
    try {
      const [gzipped, brotlied] = await Promise.all([
        gzip(entry.identity, { level: GZIP_LEVEL }),
        brotli(entry.identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
        }),
      ]);
      if (entry.version !== currentDataVersion()) return;
      store.set(key, { ...entry, gzip: gzipped, br: brotlied });
    } catch (error) {
      console.error("document-cache: could not store a page", error instanceof Error ? error.message : error);
    }
  }

  middleware.store = store;
  return middleware;
}
