// A local S3-compatible server for the tests (s3rver, files in a temporary folder), behind a small
// front that can fail requests on purpose: the storage tests prove the retries and the errors.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface LocalS3 {
  /** The endpoint to give the client (the failing front). */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for this server. */
  storageUrl: string;
  /** The next `count` requests of `method` answer `status` instead of reaching the store. */
  failNext(method: string, count: number, status?: number): void;
  /** Requests seen by the front, by method. */
  requests: Record<string, number>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = "darna-test"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "darna-s3-"));
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port: storePort } = (await s3.run()) as AddressInfo;
  const faults: Array<{ method: string; status: number }> = [];
  const requests: Record<string, number> = {};
  const front = http.createServer((req, res) => {
    const method = req.method ?? "GET";
    requests[method] = (requests[method] ?? 0) + 1;
    const fault = faults.findIndex((candidate) => candidate.method === method);
    if (fault >= 0) {
      const { status } = faults.splice(fault, 1)[0]!;
      req.resume();
      res.writeHead(status, { "Content-Type": "application/xml" });
      return void res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>injected by the test</Message></Error>`);
    }
    const upstream = http.request({ host: "127.0.0.1", port: storePort, method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    failNext(method, count, status = 503) {
      for (let index = 0; index < count; index++) faults.push({ method, status });
    },
    requests,
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver takes any credentials; these are its documented defaults. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
