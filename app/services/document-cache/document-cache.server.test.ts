import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bumpDataVersion } from "~/db/data-version.server";
import { documentCache, DOCUMENT_TTL_MS, type DocumentCache } from "~/services/document-cache/document-cache.server";
import { DOCUMENT_CACHE_MARKER } from "~/services/document-cache/route-opt-in";
import { pageCaching } from "~/utils/page-caching.server";
import { pageCompression } from "~/utils/page-compression.server";

// The document cache (ADR 244) over real HTTP, in server.ts's order (compression, nonce and CSP,
// the cache, pageCaching, then a stand-in for Remix that counts its renders).
let server: http.Server;
let base: string;
let renders = 0;
let clock = Date.parse("2026-11-28T12:00:00Z");
const hits: string[] = [];
let cache: DocumentCache;

beforeAll(async () => {
  const app = express();
  app.use(pageCompression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = Math.random().toString(36).slice(2);
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    res.setHeader("RateLimit-Remaining", String(Math.floor(Math.random() * 1000)));
    next();
  });
  cache = documentCache({ maxBytes: 1024 * 1024, now: () => clock, onHit: (url) => hits.push(url) });
  app.use(cache);
  app.use(pageCaching());
  app.all("/page", (req, res) => {
    renders++;
    if (req.query.writeDuring !== undefined) bumpDataVersion(); // a write commits while this page renders
    if (req.query.optOut === undefined) res.setHeader(DOCUMENT_CACHE_MARKER, "1");
    if (req.query.toast !== undefined) res.append("Set-Cookie", "toast=; Path=/; Max-Age=0");
    if (req.query.lng !== undefined) res.append("Set-Cookie", "lng=ImVuIg%3D%3D; Max-Age=31536000; Path=/");
    const signedIn = req.headers.cookie?.includes("Token=");
    res.status(req.query.missing === undefined ? 200 : 404).type("text/html");
    // In two pieces, as Remix streams a page.
    res.write(`<!DOCTYPE html><html><body><h1>${signedIn ? "Hello Leila" : "Welcome"} ${renders}</h1>${"<p>night free</p>".repeat(200)}`);
    res.end(`<script nonce="${res.locals.cspNonce}">1</script></body></html>`);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  clock += DOCUMENT_TTL_MS * 2; // nothing left over from the test before
  hits.length = 0;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers: { "accept-encoding": "identity", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * A page's second miss (the first only counts it: ADR 253) and the request after it, once that
 * answer is stored (compressing it is asynchronous).
 */
async function stored(path: string, headers: Record<string, string> = {}): Promise<[Answer, Answer]> {
  await get(path, headers);
  const second = await get(path, headers);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [second, await get(path, headers)];
}

describe("the document cache", () => {
  it("serves a signed-out visitor's second request from memory: same HTML, same policy, no render", async () => {
    const [miss, hit] = await stored("/page?a=1");
    expect(miss.headers["x-darna-cache"]).toBe("miss");
    expect(hit.headers["x-darna-cache"]).toBe("hit");
    expect(hit.body).toBe(miss.body);
    // The stored HTML keeps its nonce, so it keeps the policy naming it.
    expect(hit.headers["content-security-policy"]).toBe(miss.headers["content-security-policy"]);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers["cache-control"]).toBe("no-cache");
    expect(hit.headers.vary).toContain("Cookie");
    expect(hit.headers[DOCUMENT_CACHE_MARKER]).toBeUndefined();
    expect(miss.headers[DOCUMENT_CACHE_MARKER]).toBeUndefined();
    // Headers set for this request before the cache (rate limits) are this request's.
    expect(hits).toEqual([`http://${new URL(base).host}/page?a=1`]);
    const rendered = renders;
    await get("/page?a=1");
    expect(renders).toBe(rendered);
  });

  it("serves the encoding the client accepts, decoding to the same HTML", async () => {
    const [miss] = await stored("/page?b=1");
    const br = await get("/page?b=1", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/page?b=1", { "accept-encoding": "gzip" });
    const identity = await get("/page?b=1", {});
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"], identity.headers["content-encoding"]]).toEqual(["br", "gzip", undefined]);
    for (const answer of [br, gzip, identity]) {
      expect(answer.headers["x-darna-cache"]).toBe("hit");
      expect(answer.body).toBe(miss.body);
    }
    expect(Number(identity.headers["content-length"])).toBe(Buffer.byteLength(miss.body));
  });

  it("answers a revisit with the stored ETag as a 304 without a body or policy", async () => {
    const [miss] = await stored("/page?c=1");
    const revisit = await get("/page?c=1", { "if-none-match": String(miss.headers.etag) });
    expect(revisit.status).toBe(304);
    expect(revisit.headers["x-darna-cache"]).toBe("hit");
    expect(revisit.body).toBe("");
    expect(revisit.headers["content-security-policy"]).toBeUndefined();
  });

  it("renders again once a write has moved the data version", async () => {
    const [, hit] = await stored("/page?d=1");
    expect(hit.headers["x-darna-cache"]).toBe("hit");
    bumpDataVersion();
    const after = await get("/page?d=1");
    expect(after.headers["x-darna-cache"]).toBe("miss");
    expect(after.body).not.toBe(hit.body);
  });

  it("does not keep a page rendered while a write committed", async () => {
    const [, second] = await stored("/page?writeDuring=1");
    expect(second.headers["x-darna-cache"]).toBe("miss");
  });

  it("renders again past the time limit", async () => {
    await stored("/page?f=1");
    clock += DOCUMENT_TTL_MS + 1;
    expect((await get("/page?f=1")).headers["x-darna-cache"]).toBe("miss");
  });

  it("never answers a signed-in visitor from the cache, nor stores their page", async () => {
    await stored("/page?g=1");
    const [first, second] = await stored("/page?g=1", { cookie: "Token=abc" });
    for (const answer of [first, second]) {
      expect(answer.headers["x-darna-cache"]).toBe("bypass");
      expect(answer.body).toContain("Hello Leila");
    }
    expect(second.body).not.toBe(first.body);
  });

  it.each([
    ["a page that sets a cookie (a toast's)", "/page?toast=1"],
    ["a page its route did not opt in", "/page?optOut=1"],
    ["an answer that is not a 200", "/page?missing=1"],
  ])("does not store %s", async (_name, path) => {
    const [, second] = await stored(path);
    expect(second.headers["x-darna-cache"]).toBe("miss");
    expect(second.headers[DOCUMENT_CACHE_MARKER]).toBeUndefined();
  });

  it("stores a page that only sets the language cookie, and sets it again on a hit", async () => {
    const [miss, hit] = await stored("/page?lng=1");
    expect(hit.headers["x-darna-cache"]).toBe("hit");
    expect(hit.headers["set-cookie"]).toEqual(miss.headers["set-cookie"]);
    expect(hit.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a POST and the bypass header through without reading or storing", async () => {
    await stored("/page?h=1");
    const post = await get("/page?h=1", {}, "POST");
    expect(post.headers["x-darna-cache"]).toBeUndefined();
    const bypass = await get("/page?h=1", { "x-darna-cache": "bypass" });
    expect(bypass.headers["x-darna-cache"]).toBe("bypass");
    expect(bypass.body).not.toContain("Welcome 0");
  });

  it("does not store a page asked once, and stores it when asked again", async () => {
    const sizeBefore = cache.store.size;
    const first = await get("/page?once=1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.headers["x-darna-cache"]).toBe("miss");
    expect(first.headers[DOCUMENT_CACHE_MARKER]).toBeUndefined();
    expect(cache.store.size).toBe(sizeBefore);
    expect((await get("/page?once=1")).headers["x-darna-cache"]).toBe("miss");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.store.size).toBe(sizeBefore + 1);
    expect((await get("/page?once=1")).headers["x-darna-cache"]).toBe("hit");
  });

  it("forgets a first ask past the time limit", async () => {
    await get("/page?late=1");
    clock += DOCUMENT_TTL_MS + 1;
    await get("/page?late=1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get("/page?late=1")).headers["x-darna-cache"]).toBe("miss");
  });

  it("holds at most its bytes", () => {
    expect(cache.store.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.store.size).toBeGreaterThan(0);
  });
});
