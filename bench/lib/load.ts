// One bounded load run with autocannon against a loopback URL, with latencies collected per
// response so percentiles autocannon does not report (p95) are computed exactly.
import fs from "node:fs";
import autocannon from "autocannon";
import { summarize, type LoadSummary } from "./stats";

export interface LoadOptions {
  label: string;
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** The measured server's process: its CPU time over the run is reported per request. */
  serverPid?: number;
}

/**
 * A process's CPU time (user + system) in ms, from /proc (Linux); null elsewhere. On a shared
 * machine a server's CPU time per request barely moves with the load, where its requests per
 * second do: the benches print both.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

function requireLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) throw new Error(`bench: refusing to load ${host}`);
}

export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  requireLoopback(options.url);
  const latencies: number[] = [];
  let non2xx = 0;
  const cpuBefore = options.serverPid ? processCpuMs(options.serverPid) : null;
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
  const cpuAfter = options.serverPid ? processCpuMs(options.serverPid) : null;
  const summary = summarize(options.label, latencies, seconds, { non2xx, errors: result.errors + result.timeouts });
  if (cpuBefore !== null && cpuAfter !== null && summary.requests > 0) {
    summary.serverCpuMsPerRequest = (cpuAfter - cpuBefore) / (summary.requests + non2xx);
  }
  return summary;
}

/** A short run whose figures are dropped: JIT, connection pools and caches warm up. */
export async function warmUp(url: string, headers?: Record<string, string>): Promise<void> {
  await runLoad({ label: "warm-up", url, seconds: 1, connections: 4, headers });
}

/** What a browser sends for a page: the pages are compressed as in real use. */
export const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "gzip", "accept-language": "en" };
