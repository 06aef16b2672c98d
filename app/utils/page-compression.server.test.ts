// ADR 240: pages are compressed per request at gzip level 3 / brotli quality 3, not the defaults.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCompression } from "./page-compression.server";

// A page-like document: repetitive markup with varied text, large enough for levels to differ.
const page =
  "<!DOCTYPE html><html><body>" +
  Array.from({ length: 600 }, (_, i) => `<tr><td class="day day--free" data-date="2027-01-${i % 31}">${(i * 7919) % 1000}</td></tr>`).join("") +
  "</body></html>";

let server: http.Server;
let port: number;
beforeAll(async () => {
  const app = express();
  app.use(pageCompression());
  app.get("/page", (_req, res) => {
    res.type("html");
    res.end(page);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function fetchRaw(encoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/page", headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("pageCompression", () => {
  it("gzips at level 3", async () => {
    const { encoding, body } = await fetchRaw("gzip");
    expect(encoding).toBe("gzip");
    expect(zlib.gunzipSync(body).toString()).toBe(page);
    expect(body.length).toBe(zlib.gzipSync(page, { level: 3 }).length);
    expect(body.length).not.toBe(zlib.gzipSync(page, { level: 6 }).length);
  });

  it("uses brotli at quality 3 when the browser takes it", async () => {
    const { encoding, body } = await fetchRaw("gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
    const quality = (q: number) => zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(body.length).toBe(quality(3));
    expect(body.length).not.toBe(quality(4));
  });
});
