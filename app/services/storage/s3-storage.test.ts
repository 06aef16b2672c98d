// The S3-compatible storage against a real local S3 server (s3rver, tests/support/s3-server.ts):
// files in and out, a missing object, a failed upload and its retry, and the app serving the public
// files with the cache headers of the local uploads while the private ones have no URL.
import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStorageUrl } from "~/domain/storage-url";
import { createS3Client, createS3Storage } from "~/services/storage/s3-storage.server";
import { serveStoredFiles, UPLOADS_CACHE_CONTROL } from "~/services/storage/serve-stored-files.server";
import type { FileStorage } from "~/services/storage/storage.server";
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from "../../../tests/support/s3-server";

let s3: LocalS3;
let publicFiles: FileStorage;
let privateFiles: FileStorage;

beforeAll(async () => {
  s3 = await startLocalS3();
  const location = parseStorageUrl(s3.storageUrl);
  // Two attempts per call, so a test can make one fail and the next succeed.
  const client = createS3Client(location, LOCAL_S3_CREDENTIALS, { maxAttempts: 2 });
  publicFiles = createS3Storage(client, location, "uploads", "/uploads");
  privateFiles = createS3Storage(client, location, "private", null);
});
afterAll(async () => {
  await s3.close();
});

async function allKeys(storage: FileStorage) {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

describe("S3-compatible storage", () => {
  it("puts, gets, lists, gives the app's URL and deletes a file", async () => {
    await publicFiles.put("listings/1/abc-320.webp", Buffer.from("variant"), "image/webp");
    expect((await publicFiles.get("listings/1/abc-320.webp"))?.toString()).toBe("variant");
    expect(publicFiles.url("listings/1/abc-320.webp")).toBe("/uploads/listings/1/abc-320.webp");
    expect(await allKeys(publicFiles)).toContain("listings/1/abc-320.webp");
    await publicFiles.delete("listings/1/abc-320.webp");
    expect(await publicFiles.get("listings/1/abc-320.webp")).toBeNull();
    await publicFiles.delete("listings/1/abc-320.webp"); // deleting twice is fine
  });

  it("answers null for a missing object", async () => {
    expect(await publicFiles.get("listings/404/never-written-640.webp")).toBeNull();
  });

  it("keeps private files apart: no URL, not listed with the public ones", async () => {
    await privateFiles.put("payment-proofs/7-aa.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    expect(() => privateFiles.url("payment-proofs/7-aa.pdf")).toThrow(/private/);
    expect(await publicFiles.get("payment-proofs/7-aa.pdf")).toBeNull();
    expect(await allKeys(publicFiles)).not.toContain("payment-proofs/7-aa.pdf");
    expect(await allKeys(privateFiles)).toContain("payment-proofs/7-aa.pdf");
  });

  it("retries an upload the store refused once", async () => {
    const before = s3.requests.PUT ?? 0;
    s3.failNext("PUT", 1, 503);
    await publicFiles.put("listings/2/retry-640.webp", Buffer.from("second try"), "image/webp");
    expect((s3.requests.PUT ?? 0) - before).toBe(2);
    expect((await publicFiles.get("listings/2/retry-640.webp"))?.toString()).toBe("second try");
  });

  it("reports an upload that keeps failing, stores nothing, and a later retry stores it", async () => {
    s3.failNext("PUT", 2, 500);
    await expect(publicFiles.put("listings/3/failed-640.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    expect(await publicFiles.get("listings/3/failed-640.webp")).toBeNull();
    await publicFiles.put("listings/3/failed-640.webp", Buffer.from("x"), "image/webp");
    expect((await publicFiles.get("listings/3/failed-640.webp"))?.toString()).toBe("x");
  });

  it("refuses keys that could escape the store", async () => {
    await expect(publicFiles.put("../private/payment-proofs/x.pdf", Buffer.from("x"), "application/pdf")).rejects.toThrow(/invalid storage key/);
  });
});

describe("the public files served through the app", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use("/uploads", serveStoredFiles(publicFiles));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await publicFiles.put("listings/9/served-640.webp", Buffer.from("RIFF-webp-bytes"), "image/webp");
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("with the local uploads' cache headers and an ETag that gives a 304", async () => {
    const response = await fetch(`${base}/uploads/listings/9/served-640.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(UPLOADS_CACHE_CONTROL);
    expect(await response.text()).toBe("RIFF-webp-bytes");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/uploads/listings/9/served-640.webp`, {
      // fetch adds "Cache-Control: no-cache" to a conditional request unless told otherwise, as a browser's reload would.
      headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it("404 for a missing file, an invalid key or a private file; 503 while the store fails", async () => {
    expect((await fetch(`${base}/uploads/listings/9/missing-640.webp`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/listings/%2e%2e/x.webp`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/payment-proofs/7-aa.pdf`)).status).toBe(404);
    s3.failNext("GET", 2, 500);
    const failing = await fetch(`${base}/uploads/listings/9/served-640.webp`);
    expect(failing.status).toBe(503);
    expect(failing.headers.get("cache-control")).not.toBe(UPLOADS_CACHE_CONTROL);
  });
});
