// The home page's, the search with dates' and a property page's throughput and p95 latency beside
// a bare node:http hello server's, measured in the same run, and their ratios. Issue 18 point 8
// asks the property page and the search with dates for at least 1/150 of the hello's requests per
// second; the table prints each ratio beside that target. Figures only; nothing passes or fails.
// Beside the requests per second, each server's CPU time per answer (from /proc): on a shared
// machine the throughput swings with the other processes' load, the CPU cost per answer much less,
// and the hello's cost over the page's is what the throughput ratio tends to on a free core.
// The load average is printed before and after.
// Each page is measured twice (ADR 244): rendered (the request carries `x-darna-cache: bypass`, so
// the document cache neither answers nor stores it: what every page costs when its data has just
// changed, or for a signed-in visitor) and served by the document cache (autocannon repeats one
// URL, so after the warm-up every answer is a hit; checked and printed before the run).
//
//   BENCH_SECONDS (default 5, at most 60) and BENCH_CONNECTIONS (default 10) tune the load.
import http from "node:http";
import os from "node:os";
import { PAGE_HEADERS as headers, runLoad, warmUp } from "./lib/load";
import { runPageBench } from "./lib/pages";
import { startHelloServer } from "./lib/servers";
import { table, type LoadSummary } from "./lib/stats";

const BUILD_DIR = "build-bench";
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 5) || 5, 1), 60);
const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 10) || 10, 1), 200);

// The document cache's bypass header (app/services/document-cache/document-key.server.ts): skips it, never purges it.
const MODES = [
  { name: "rendered", headers: { ...headers, "x-darna-cache": "bypass" } },
  { name: "cached", headers },
] as const;

/** The X-Darna-Cache header of one request sent as autocannon sends them (node:http: no User-Agent, which fetch would add). */
function answeredBy(url: string, requestHeaders: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders }, (response) => {
        response.resume();
        response.on("end", () => resolve(String(response.headers["x-darna-cache"] ?? "no header")));
      })
      .on("error", reject);
  });
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

function row(summary: LoadSummary): string[] {
  return [
    summary.label,
    fixed(summary.requestsPerSecond),
    fixed(summary.p50Ms, 2),
    fixed(summary.p95Ms, 2),
    fixed(summary.p99Ms, 2),
    fixed(summary.serverCpuMsPerRequest ?? Number.NaN, 3),
    String(summary.requests),
    String(summary.non2xx + summary.errors),
  ];
}

await runPageBench(BUILD_DIR, async (darna, pages, keep) => {
  const hello = await startHelloServer();
  keep(hello);
  console.log(`bench: darna pid ${darna.pid} at ${darna.url}, hello pid ${hello.pid} at ${hello.url}`);
  console.log(`bench: ${seconds} s per target, ${connections} connections, after a 1 s warm-up each\n`);

  const loadBefore = os.loadavg()[0]!;
  await warmUp(`${hello.url}/`, headers);
  const helloResult = await runLoad({ label: "node:http hello", url: `${hello.url}/`, seconds, connections, headers, serverPid: hello.pid });
  const results = [];
  for (const mode of MODES) {
    for (const page of pages) {
      const url = `${darna.url}${page.path}`;
      await warmUp(url, mode.headers);
      console.log(`bench: ${page.name} ${mode.name}: the document cache says "${await answeredBy(url, mode.headers)}" after the warm-up`);
      results.push({ page, mode: mode.name, result: await runLoad({ label: `darna ${page.name} (${mode.name})`, url, seconds, connections, headers: mode.headers, serverPid: darna.pid }) });
    }
  }
  console.log("");

  console.log(
    table([
      ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "CPU ms/req", "requests", "failed"],
      row(helloResult),
      ...results.map(({ result }) => row(result)),
    ]),
  );
  console.log("");
  // Issue 18 point 8: the property page and the search with dates at ≥ 1/150 of the hello.
  const TARGET_RATIO = 1 / 150;
  const ratios = [["page", "share of hello req/s", "1 in", "target", "holds", "p95 ×", "CPU ms/req ×"]];
  for (const { page, mode, result } of results) {
    const ratio = result.requestsPerSecond / helloResult.requestsPerSecond;
    const targeted = page.name !== "home";
    ratios.push([
      `${page.name} (${mode})`,
      `${fixed(ratio * 100, 2)}%`,
      fixed(1 / ratio, 0),
      targeted ? "1/150" : "-",
      targeted ? (ratio >= TARGET_RATIO ? "yes" : "NO") : "-",
      fixed(result.p95Ms / helloResult.p95Ms, 1),
      fixed((result.serverCpuMsPerRequest ?? Number.NaN) / (helloResult.serverCpuMsPerRequest ?? Number.NaN), 0),
    ]);
    if (result.non2xx + result.errors > 0) console.log(`note: ${result.non2xx} non-2xx answers and ${result.errors} errors from ${page.name} (${mode})`);
  }
  console.log(table(ratios));
  console.log(`\nload average (1 min) ${fixed(loadBefore, 2)} before, ${fixed(os.loadavg()[0]!, 2)} after, on ${os.cpus().length} CPUs`);
});
