// Lighthouse 12.8.2 on the public pages of a production build (issue 18 points 1 and 2): mobile,
// simulated 300 ms RTT / 700 Kbps / 4× CPU, 412 px at DPR 1.75, cold cache, the median of
// BENCH_RUNS runs (default 3) for the pages with a performance target and one run for the others
// (their accessibility, best-practices and SEO scores do not vary from run to run). Prints each
// figure beside its target and a ✗ where it misses; exits 0 either way (figures, not a test).
//
//   npm run bench -- pages        BENCH_RUNS=1 for a quick look; BENCH_REUSE_BUILD=1 serves the
//   existing build-bench/ (with its node/ server) instead of running `npm run build` into it.
//   BENCH_PAGES=home,property measures only the pages whose name contains one of those words;
//   BENCH_LHR_DIR=dir writes each run's Lighthouse report (JSON) there, to read the critical path.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type * as chromeLauncher from "chrome-launcher";
import { launchChromium, LIGHTHOUSE_RUNS, median, mobileConfig, runLighthouse } from "./lib/lighthouse";
import { waitForSettledPages } from "./lib/pages";
import { ROOT, startDarnaServer, type RunningServer } from "./lib/servers";
import { table } from "./lib/stats";

const BUILD_DIR = "build-bench";
const runs = LIGHTHOUSE_RUNS;
const PERFORMANCE_TARGET = 95;
const KB_TARGET = 250;

const config = mobileConfig(["performance", "accessibility", "best-practices", "seo"]);

interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  bytes: number;
  lcpMs: number;
  failing: string[];
}

async function measure(url: string, port: number, name: string, run: number): Promise<PageScores> {
  const lhr = await runLighthouse(url, port, config, `${name}-${run + 1}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // The audits that cost points in the categories whose target is 100, to say why.
  const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    bytes: lhr.audits["total-byte-weight"]?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    failing,
  };
}

/** The demo data's first property, establishment, experience (with its partner) and article. */
async function demoIds(server: RunningServer) {
  const get = async <T>(endpoint: string): Promise<T | null> => {
    const response = await fetch(`${server.url}${endpoint}`);
    return response.ok ? ((await response.json()) as T) : null;
  };
  type List<T> = { data?: T[]; items?: T[] } | T[];
  const items = <T>(list: List<T> | null): T[] => (Array.isArray(list) ? list : (list?.data ?? list?.items ?? []));
  // The search API filters by property type (`type`, repeatable); it has no `kind` parameter, so
  // `kind=establishment` once returned the first property, and /establishment-details/<it>
  // measured a redirect to that property's page.
  const property = items(await get<List<{ id: number }>>("/api/v1/properties?type=villa&type=apartment&type=room&type=chalet"))[0];
  const establishment = items(await get<List<{ id: number }>>("/api/v1/properties?type=hotel&type=guesthouse"))[0];
  const experience = items(await get<List<{ id: number }>>("/api/v1/experiences"))[0];
  const detail = experience ? await get<{ partner?: { id: number } } | { data?: { partner?: { id: number } } }>(`/api/v1/experiences/${experience.id}`) : null;
  const partner = detail && "data" in detail ? detail.data?.partner : (detail as { partner?: { id: number } } | null)?.partner;
  const article = items(await get<List<{ slug: string }>>("/api/v1/blog"))[0];
  return { property, establishment, experience, partnerId: partner?.id, article };
}

/**
 * The production server with the demo data (lib/servers.ts), built by `npm run build` (which
 * also writes the service worker) unless BENCH_REUSE_BUILD=1 finds a build there.
 */
async function startCompiledServer(): Promise<RunningServer> {
  if (process.env.BENCH_REUSE_BUILD !== "1" || !fs.existsSync(path.join(ROOT, BUILD_DIR, "node/server.js"))) {
    console.log(`bench: building into ${BUILD_DIR}/ …`);
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, env: { ...process.env, BUILD_DIR }, stdio: "inherit" });
    if (built.status !== 0) throw new Error("bench: the build failed");
  }
  const sessionSecret = `bench-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}-0123456789abcdef`;
  return startDarnaServer(BUILD_DIR, { env: { SESSION_SECRET: sessionSecret }, healthTimeoutMs: 300_000 });
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
  const darna = await startCompiledServer();
  servers.push(darna);
  await waitForSettledPages(darna);
  const ids = await demoIds(darna);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = `checkIn=${day(30)}&checkOut=${day(33)}&adults=2`;
  const allPages: Array<{ name: string; path: string; performance: boolean }> = [
    { name: "home", path: "/", performance: true },
    { name: "/fr/ home", path: "/fr/", performance: true },
    { name: "search with dates", path: `/accommodation?${stay}`, performance: true },
    ...(ids.property ? [{ name: "property", path: `/property-details/${ids.property.id}?${stay}`, performance: true }] : []),
    ...(ids.establishment ? [{ name: "establishment", path: `/establishment-details/${ids.establishment.id}?${stay}`, performance: true }] : []),
    { name: "experiences", path: "/experiences", performance: true },
    ...(ids.experience ? [{ name: "an experience", path: `/experiences/${ids.experience.id}`, performance: false }] : []),
    ...(ids.partnerId ? [{ name: "a partner", path: `/partner-details/${ids.partnerId}`, performance: false }] : []),
    { name: "map search", path: "/search-by-map", performance: false },
    { name: "friend trip", path: "/friend-trip", performance: false },
    { name: "host", path: "/host", performance: false },
    { name: "blog", path: "/blog", performance: false },
    ...(ids.article ? [{ name: "an article", path: `/blog/${ids.article.slug}`, performance: false }] : []),
    { name: "terms of use", path: "/terms-of-use", performance: false },
    { name: "privacy policy", path: "/privacy-policy", performance: false },
    { name: "sign in", path: "/auth", performance: false },
  ];
  const only = (process.env.BENCH_PAGES ?? "").split(",").map((word) => word.trim()).filter(Boolean);
  const pages = only.length === 0 ? allPages : allPages.filter((page) => only.some((word) => page.name.includes(word)));
  chrome = await launchChromium();
  const [load1, load5] = os.loadavg();
  console.log(`bench: darna at ${darna.url}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; load ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min)`);
  console.log(`bench: Lighthouse 12.8.2 mobile, simulated 300 ms RTT / 700 Kbps / 4× CPU, 412 px DPR 1.75; median of ${runs} run(s) for the pages with a performance target\n`);

  const mark = (ok: boolean) => (ok ? "" : " ✗");
  const rows: string[][] = [["page", "perf (≥95)", "a11y (100)", "best pr. (100)", "SEO (100)", "first view KB (≤250)", "LCP s", "runs"]];
  const notes: string[] = [];
  let misses = 0;
  for (const page of pages) {
    const measured: PageScores[] = [];
    try {
      for (let run = 0; run < (page.performance ? runs : 1); run++) measured.push(await measure(`${darna.url}${page.path}`, chrome.port, page.name, run));
    } catch (error) {
      misses++;
      console.log(`bench: ${page.name} ✗ not measured: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const pick = (key: Exclude<keyof PageScores, "failing">) => median(measured.map((scores) => scores[key]));
    const performance = pick("performance");
    const kb = pick("bytes") / 1024;
    const checks = [
      !page.performance || performance >= PERFORMANCE_TARGET,
      pick("accessibility") === 100,
      pick("bestPractices") === 100,
      pick("seo") === 100,
      !page.performance || kb <= KB_TARGET,
    ];
    misses += checks.filter((ok) => !ok).length;
    rows.push([
      page.name,
      `${performance}${page.performance ? mark(checks[0]!) : " (no target)"}`,
      `${pick("accessibility")}${mark(checks[1]!)}`,
      `${pick("bestPractices")}${mark(checks[2]!)}`,
      `${pick("seo")}${mark(checks[3]!)}`,
      `${kb.toFixed(0)}${page.performance ? mark(checks[4]!) : ""}`,
      (pick("lcpMs") / 1000).toFixed(2),
      String(measured.length),
    ]);
    const failing = [...new Set(measured.flatMap((scores) => scores.failing))];
    if (failing.length > 0) notes.push(`${page.name}: ${failing.join(", ")}`);
    // Printed as measured too, so an interrupted run still shows what it has.
    console.log(`bench: ${rows.at(-1)!.join(" | ")}`);
  }
  console.log(`\n${table(rows)}\n`);
  for (const note of notes) console.log(`bench: audits under 100 — ${note}`);
  console.log(`bench: ${misses} figure(s) miss their target`);
} finally {
  await stopAll();
}
