// The home page's throughput and p95 latency beside a bare node:http hello server's, measured in
// the same run, and their ratio. Figures only; nothing passes or fails.
//
//   BENCH_SECONDS (default 5, at most 60) and BENCH_CONNECTIONS (default 10) tune the load.
import { runLoad, warmUp } from "./lib/load";
import { ensureBuild, startDarnaServer, startHelloServer, type RunningServer } from "./lib/servers";
import { table, type LoadSummary } from "./lib/stats";

const BUILD_DIR = "build-bench";
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 5) || 5, 1), 60);
const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 10) || 10, 1), 200);
// What a browser sends for a page: the home page is compressed like in real use.
const headers = { accept: "text/html", "accept-encoding": "gzip", "accept-language": "en" };

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function row(summary: LoadSummary): string[] {
  return [
    summary.label,
    fixed(summary.requestsPerSecond),
    fixed(summary.p50Ms, 2),
    fixed(summary.p95Ms, 2),
    fixed(summary.p99Ms, 2),
    String(summary.requests),
    String(summary.non2xx + summary.errors),
  ];
}

const servers: RunningServer[] = [];
const stopAll = async () => {
  for (const server of servers.splice(0)) await server.stop();
};
process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
process.once("SIGTERM", () => void stopAll().then(() => process.exit(143)));

try {
  ensureBuild(BUILD_DIR);
  const darna = await startDarnaServer(BUILD_DIR);
  servers.push(darna);
  const hello = await startHelloServer();
  servers.push(hello);
  console.log(`bench: darna pid ${darna.pid} at ${darna.url}, hello pid ${hello.pid} at ${hello.url}`);
  console.log(`bench: ${seconds} s per target, ${connections} connections, after a 1 s warm-up each\n`);

  await warmUp(`${hello.url}/`, headers);
  const helloResult = await runLoad({ label: "node:http hello", url: `${hello.url}/`, seconds, connections, headers });
  await warmUp(`${darna.url}/`, headers);
  const homeResult = await runLoad({ label: "darna GET /", url: `${darna.url}/`, seconds, connections, headers });

  console.log(
    table([
      ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "requests", "failed"],
      row(helloResult),
      row(homeResult),
    ]),
  );
  const throughputRatio = homeResult.requestsPerSecond / helloResult.requestsPerSecond;
  const latencyRatio = homeResult.p95Ms / helloResult.p95Ms;
  console.log(
    `\nratio home/hello: ${fixed(throughputRatio * 100, 2)}% of the requests per second ` +
      `(${fixed(throughputRatio, 4)}), p95 latency ×${fixed(latencyRatio, 1)}`,
  );
  if (homeResult.non2xx + homeResult.errors > 0) {
    console.log(`note: ${homeResult.non2xx} non-2xx answers and ${homeResult.errors} errors from the home page`);
  }
} finally {
  await stopAll();
}
