// Caching of Remix's answers and of /uploads (issue 12, point 5), over real HTTP through the same
// middleware server.ts uses: session-dependent answers are private, no-store; anonymous pages get
// an ETag and a revisit is a 304 (the per-answer CSP nonce does not change the ETag); /uploads
// serves image types only.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCaching, uploadsOnlyImages } from "~/utils/page-caching.server";

let server: http.Server;
let base: string;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "darna-uploads-"));

beforeAll(async () => {
  fs.writeFileSync(path.join(uploads, "photo.webp"), Buffer.from("RIFF0000WEBPVP8 "));
  fs.writeFileSync(path.join(uploads, "evil.html"), "<script>alert(1)</script>");
  fs.writeFileSync(path.join(uploads, "photo.svg"), "<svg onload=alert(1)>");
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = Math.random().toString(36).slice(2);
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use("/uploads", uploadsOnlyImages(), express.static(uploads));
  app.use(pageCaching());
  // Stands for Remix: a page streamed in two chunks with the answer's nonce in it.
  app.get("/page", (req, res) => {
    if (req.query.toast) res.append("Set-Cookie", "toast=1; Path=/");
    res.status(200).type("text/html");
    res.write(`<!DOCTYPE html><html><body><h1>${req.headers.cookie?.includes("Token=") ? "Hello Leila" : "Welcome"}</h1>`);
    res.end(`<script nonce="${res.locals.cspNonce}">1</script></body></html>`);
  });
  app.get("/api/v1/me", (_req, res) => void res.json({ ok: true }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("page caching", () => {
  it("marks every answer to a signed-in request private, no-store (pages and API)", async () => {
    const page = await fetch(`${base}/page`, { headers: { Cookie: "Token=abc" } });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("etag")).toBeNull();
    const api = await fetch(`${base}/api/v1/me`, { headers: { Authorization: "Bearer abc" } });
    expect(api.headers.get("cache-control")).toBe("private, no-store");
    const flashed = await fetch(`${base}/page?toast=1`);
    expect(flashed.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives an anonymous page an ETag that survives the nonce, and answers a revisit with 304 and no CSP", async () => {
    const first = await fetch(`${base}/page`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(await first.text()).toContain("Welcome");
    const second = await fetch(`${base}/page`);
    expect(second.headers.get("etag")).toBe(etag);
    const revisit = await fetch(`${base}/page`, { headers: { "If-None-Match": etag! } });
    expect(revisit.status).toBe(304);
    expect(revisit.headers.get("content-security-policy")).toBeNull();
    const compressed = await fetch(`${base}/page`, { headers: { "If-None-Match": 'W/"other"', "Accept-Encoding": "gzip" } });
    expect([compressed.status, (await compressed.text()).includes("Welcome")]).toEqual([200, true]);
  });

  it("serves only image files from /uploads, with their image type and nosniff", async () => {
    const photo = await fetch(`${base}/uploads/photo.webp`);
    expect([photo.status, photo.headers.get("content-type"), photo.headers.get("x-content-type-options")]).toEqual([200, "image/webp", "nosniff"]);
    expect((await fetch(`${base}/uploads/evil.html`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/photo.svg`)).status).toBe(404);
  });
});
