// Rolling restart under load (issue 20 point 4, ADR 204): two production servers on one MariaDB
// database and Redis behind the round-robin proxy (bench/lib/instances.ts), autocannon through the
// proxy on the home page, a property page and the search page with dates for the whole run. A gets
// SIGTERM, a new A starts and serves, then the same for B. Prints the answers by status, the
// requests the proxy sent again to the other instance, latency p50/p99/max over the run and each
// replacement's time; exits 1 on any 5xx or failed request.
//
//   npm run bench -- rolling        BENCH_CONNECTIONS (default 16) tunes the load.
import autocannon, { type Result } from "autocannon";
import { loadAverage, runClusterBench, type Instance } from "./lib/instances";
import { PAGE_HEADERS as headers } from "./lib/load";
import { waitFor } from "./lib/servers";
import { percentile } from "./lib/stats";

const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 16) || 16, 1), 200);

await runClusterBench("rolling", async (cluster, a, b) => {
  const proxy = cluster.proxy;
  const paths = ["/", await cluster.propertyPath(), "/accommodation?checkIn=2031-06-10&checkOut=2031-06-13&adults=2"];
  console.log(`bench rolling: ${connections} connections through ${proxy.url} on ${paths.join(", ")}; load average ${loadAverage()}`);

  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const load = autocannon({ url: proxy.url, connections, duration: 600, timeout: 10, headers, requests: paths.map((path) => ({ setupRequest: (request) => ({ ...request, path }) })) });
  load.on("response", (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.push(responseTime);
  });
  const finished = new Promise<Result>((resolve) => load.once("done", resolve));
  const servedBy = async (url: string) => (await proxy.stats()).byBackend[url] ?? 0;
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const replace = async (name: string, old: Instance, other: Instance) => {
    const started = performance.now();
    const code = await old.stop(); // SIGTERM, then waits for the exit
    if (code !== 0) throw new Error(`bench: ${name} exited ${code} after SIGTERM:\n${old.output()}`);
    const stoppedMs = performance.now() - started;
    const fresh = await cluster.startInstance();
    proxy.setBackends([fresh.url, other.url]);
    await waitFor(async () => (await servedBy(fresh.url)) > 10, 60_000, `the new ${name} did not serve`);
    console.log(
      `${name}: stopped in ${(stoppedMs / 1000).toFixed(1)} s, new ${name} serving ${((performance.now() - started) / 1000).toFixed(1)} s after SIGTERM; load average ${loadAverage()}`,
    );
    return fresh;
  };
  const freshA = await replace("A", a, b);
  await replace("B", b, freshA);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  load.stop();
  const result = await finished;
  const stats = await proxy.stats();
  latencies.sort((x, y) => x - y);
  const fiveHundreds = Object.entries(statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(`requests: ${latencies.length} answered in ${result.duration.toFixed(1)} s, by status ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}`);
  console.log(`proxy: ${stats.retries} requests sent again to the other instance; answers by backend ${JSON.stringify(stats.byBackend)}`);
  console.log(`latency over the run: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms; load average now ${loadAverage()}`);
  const failed = fiveHundreds + result.errors + result.timeouts;
  console.log(failed === 0 ? "rolling restart: no 5xx, no failed request" : `rolling restart: ${fiveHundreds} 5xx, ${result.errors + result.timeouts} failed requests`);
  return failed === 0 ? 0 : 1;
});
