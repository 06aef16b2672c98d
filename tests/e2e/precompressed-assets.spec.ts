// Issue 18 point 9: the build's hashed scripts and stylesheets are served precompressed (brotli
// quality 11 made at build time, else gzip) when the browser accepts it, with Vary:
// Accept-Encoding and a year's immutable cache; the decoded bytes are the file itself. Read with
// node:http so the answer's own encoding is seen, not undone by a client.
import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "./support/fixtures";

function get(url: string, acceptEncoding: string | null, extra: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...extra, ...(acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding }) };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("hashed /assets/*.js and *.css answer in brotli when accepted, gzip otherwise, identity without Accept-Encoding", async ({ baseURL }) => {
  const html = (await get(`${baseURL}/`, null)).body.toString("utf8");
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  // The stylesheet is inlined in the page (ADR 239) except in data-saver mode, which links it.
  const savingHtml = (await get(`${baseURL}/`, null, { "save-data": "on" })).body.toString("utf8");
  const stylesheet = savingHtml.match(/\/assets\/app-[\w-]+\.css/)?.[0];
  expect(script, "the home page loads the client entry").toBeTruthy();
  expect(stylesheet, "the home page links a stylesheet").toBeTruthy();

  for (const asset of [script!, stylesheet!]) {
    const plain = await get(`${baseURL}${asset}`, null);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const brotli = await get(`${baseURL}${asset}`, "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers["content-type"]).toMatch(asset.endsWith(".js") ? /javascript/ : /text\/css/);
    expect(brotli.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length);

    const gzip = await get(`${baseURL}${asset}`, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Brotli at quality 11 beats gzip on the same file.
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
  }
});
