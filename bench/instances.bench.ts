// Throughput of one instance vs two (issue 20 point 5): production servers on one MariaDB
// database and Redis, behind the round-robin proxy (bench/lib/instances.ts), loaded by autocannon
// through the proxy on a property page and on the search page with dates. Figures only.
//
//   npm run bench -- instances
//   BENCH_SECONDS (default 10, at most 60) and BENCH_CONNECTIONS (default 16) tune the load.
// Each line carries the load average of the machine when it was measured: on a shared machine the
// second instance competes with everything else for the same cores.
import { loadAverage, runClusterBench } from "./lib/instances";
import { PAGE_HEADERS as headers, runLoad, warmUp } from "./lib/load";
import { table, type LoadSummary } from "./lib/stats";

const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 10) || 10, 1), 60);
const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 16) || 16, 1), 200);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

await runClusterBench("instances", async (cluster, a, b) => {
  const property = await cluster.propertyPath();
  const targets = [
    { label: "property page", path: property },
    { label: "/accommodation with dates", path: "/accommodation?checkIn=2031-06-10&checkOut=2031-06-13&adults=2" },
  ];
  console.log(`bench: instances ${a.url} and ${b.url} behind ${cluster.proxy.url}; ${seconds} s per run, ${connections} connections, after a warm-up`);
  const rows: string[][] = [["instances", "page", "req/s", "p50 ms", "p99 ms", "failed", "load avg"]];
  const results: Record<string, LoadSummary> = {};
  for (const backends of [[a.url], [a.url, b.url]]) {
    cluster.proxy.setBackends(backends);
    for (const target of targets) {
      const url = `${cluster.proxy.url}${target.path}`;
      await warmUp(url, headers);
      const summary = await runLoad({ label: target.label, url, seconds, connections, headers });
      results[`${backends.length}:${target.label}`] = summary;
      rows.push([String(backends.length), target.label, fixed(summary.requestsPerSecond), fixed(summary.p50Ms), fixed(summary.p99Ms), String(summary.non2xx + summary.errors), loadAverage()]);
    }
  }
  console.log(table(rows));
  for (const target of targets) {
    const one = results[`1:${target.label}`]!;
    const two = results[`2:${target.label}`]!;
    console.log(`${target.label}: 2 instances give ${fixed(two.requestsPerSecond / one.requestsPerSecond, 2)}× the requests/s of 1`);
  }
  return 0;
});
