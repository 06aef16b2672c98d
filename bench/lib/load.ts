// One bounded load run with autocannon against a loopback URL, with latencies collected per
// response so percentiles autocannon does not report (p95) are computed exactly.
import autocannon from "autocannon";
import { summarize, type LoadSummary } from "./stats";

export interface LoadOptions {
  label: string;
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

function requireLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) throw new Error(`bench: refusing to load ${host}`);
}

export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  requireLoopback(options.url);
  const latencies: number[] = [];
  let non2xx = 0;
  const started = process.hrtime.bigint();
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    headers: options.headers,
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else non2xx++;
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summarize(options.label, latencies, seconds, { non2xx, errors: result.errors + result.timeouts });
}

/** A short run whose figures are dropped: JIT, connection pools and caches warm up. */
export async function warmUp(url: string, headers?: Record<string, string>): Promise<void> {
  await runLoad({ label: "warm-up", url, seconds: 1, connections: 4, headers });
}

/** What a browser sends for a page: the pages are compressed as in real use. */
export const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "gzip", "accept-language": "en" };
