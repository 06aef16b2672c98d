// Two (or more) production builds side by side under Lighthouse 12.8.2 mobile (the settings of
// pages-lighthouse.bench.ts: simulated 300 ms RTT / 700 Kbps / 4× CPU), interleaved run by run so
// a shared machine's load weighs on each build alike (issue 18 point 1, ADR 248). Prints, per page
// and build, the median performance score and total blocking time over BENCH_RUNS runs (default 3),
// each run's TBT and its simulated long tasks (the ones Lantern counts), and the load average.
//
//   BENCH_COMPARE=build-a,build-b npm run bench -- lighthouse-compare
//   (folders under the repository, each filled by `BUILD_DIR=$PWD/build-a npm run build`);
//   BENCH_PAGES=home,property as in pages-lighthouse; BENCH_LHR_DIR=dir keeps each report.
// Without BENCH_COMPARE it says so and measures nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type * as chromeLauncher from "chrome-launcher";
import { launchChromium, LIGHTHOUSE_RUNS, median, mobileConfig, runLighthouse } from "./lib/lighthouse";
import { waitForSettledPages } from "./lib/pages";
import { startDarnaServer, type RunningServer } from "./lib/servers";
import { table } from "./lib/stats";

const builds = (process.env.BENCH_COMPARE ?? "").split(",").map((dir) => dir.trim()).filter(Boolean);
if (builds.length < 2) {
  console.log("bench: lighthouse-compare needs BENCH_COMPARE=<build dir>,<build dir> (nothing measured)");
  process.exit(0);
}
const runs = LIGHTHOUSE_RUNS;
const config = mobileConfig(["performance"]);

interface Run {
  performance: number;
  tbt: number;
  longTasks: string;
}

async function measure(url: string, port: number, label: string): Promise<Run> {
  const lhr = await runLighthouse(url, port, config, label);
  const items = ((lhr.audits["long-tasks"]?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ?? []);
  const longTasks = items.map((item) => `${Math.round(item.duration ?? 0)}${item.url && !item.url.startsWith("http") ? "" : ` ${path.basename(item.url ?? "?")}`}`).join(", ");
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    longTasks,
  };
}

async function ids(server: RunningServer) {
  const first = async (endpoint: string) => {
    const response = await fetch(`${server.url}${endpoint}`);
    const list = (response.ok ? await response.json() : null) as { data?: Array<{ id: number }>; items?: Array<{ id: number }> } | Array<{ id: number }> | null;
    return (Array.isArray(list) ? list : (list?.data ?? list?.items ?? []))[0]?.id;
  };
  return {
    property: await first("/api/v1/properties?type=villa&type=apartment&type=room&type=chalet"),
    establishment: await first("/api/v1/properties?type=hotel&type=guesthouse"),
  };
}

const servers: RunningServer[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
const stopAll = async () => {
  chrome?.kill();
  for (const server of servers.splice(0)) await server.stop();
};
process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
process.once("SIGTERM", () => void stopAll().then(() => process.exit(143)));

try {
  const sessionSecret = `bench-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}-0123456789abcdef`;
  for (const build of builds) {
    if (!fs.existsSync(path.resolve(build, "node/server.js"))) throw new Error(`bench: no build in ${build}/ (BUILD_DIR=$PWD/${build} npm run build)`);
    const server = await startDarnaServer(path.relative(process.cwd(), path.resolve(build)), { env: { SESSION_SECRET: sessionSecret }, healthTimeoutMs: 300_000 });
    servers.push(server);
    await waitForSettledPages(server);
  }
  const { property, establishment } = await ids(servers[0]!);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = `checkIn=${day(30)}&checkOut=${day(33)}&adults=2`;
  const allPages = [
    { name: "home", path: "/" },
    { name: "/fr/ home", path: "/fr/" },
    { name: "search with dates", path: `/accommodation?${stay}` },
    ...(property ? [{ name: "property", path: `/property-details/${property}?${stay}` }] : []),
    ...(establishment ? [{ name: "establishment", path: `/establishment-details/${establishment}?${stay}` }] : []),
    { name: "experiences", path: "/experiences" },
  ];
  const only = (process.env.BENCH_PAGES ?? "").split(",").map((word) => word.trim()).filter(Boolean);
  // A page's exact name picks that page alone ("home" is not "/fr/ home"); another word, every page whose name holds it.
  const pages = only.length === 0 ? allPages : allPages.filter((page) => only.some((word) => page.name === word || (!allPages.some((other) => other.name === word) && page.name.includes(word))));
  chrome = await launchChromium();
  const loads: number[] = [os.loadavg()[0]!];
  console.log(`bench: ${builds.join(" vs ")}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; median of ${runs}, interleaved; ${new Date().toISOString()}\n`);
  const rows: string[][] = [["page", ...builds.flatMap((build) => [`${build} perf`, `${build} TBT ms`])]];
  for (const page of pages) {
    const measured = builds.map(() => [] as Run[]);
    for (let run = 0; run < runs; run++) {
      // Alternate which build goes first, so neither always follows the other.
      const order = builds.map((_, index) => index);
      if (run % 2 === 1) order.reverse();
      for (const index of order) {
        const label = `${page.name}-${builds[index]}-${run + 1}`;
        // A run whose trace Lighthouse lost (NO_NAVSTART) is taken again by runLighthouse.
        const result = await measure(`${servers[index]!.url}${page.path}`, chrome.port, label);
        measured[index]!.push(result);
        loads.push(os.loadavg()[0]!);
        console.log(`bench: ${label}: perf ${result.performance}, TBT ${result.tbt} ms, load ${os.loadavg()[0]!.toFixed(2)}; long tasks (simulated ms): ${result.longTasks || "none"}`);
      }
    }
    rows.push([page.name, ...measured.flatMap((list) => [String(median(list.map((item) => item.performance))), String(median(list.map((item) => item.tbt)))])]);
  }
  console.log(`\n${table(rows)}\n`);
  console.log(`bench: load average (1 min) ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; ${new Date().toISOString()}`);
} finally {
  await stopAll();
}
