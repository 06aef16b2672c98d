// Lighthouse as the pages benches run it (issue 18 point 1): mobile, simulated 300 ms RTT /
// 700 Kbps / 4× CPU, 412 px at DPR 1.75, on Debian's Chromium; BENCH_RUNS runs per page (default
// 3, at most 9) and their median; each report kept in BENCH_LHR_DIR when it is set.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export const LIGHTHOUSE_RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 3) || 3, 1), 9);

/** The mobile settings of every figure in the README, for these categories. */
export function mobileConfig(categories: string[]): Config {
  return {
    extends: "lighthouse:default",
    settings: {
      onlyCategories: categories,
      formFactor: "mobile",
      throttlingMethod: "simulate",
      throttling: { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
      screenEmulation: { mobile: true, width: 412, height: 915, deviceScaleFactor: 1.75, disabled: false },
    },
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--no-sandbox", "--disable-gpu", "--headless=new"],
  });
}

/** Lighthouse's own "run Lighthouse again" failures (the trace was not recorded): tried again, twice at most. */
const RETRIED_RUNTIME_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

/**
 * One Lighthouse run of `url` through the Chromium on `port`; its report written to
 * BENCH_LHR_DIR/<reportName>.json when that is set. Throws on any other runtime error.
 */
export async function runLighthouse(url: string, port: number, config: Config, reportName: string, attempt = 1): Promise<Result> {
  const flags: Flags = { port, output: "json", logLevel: "error" };
  const lhr = (await lighthouse(url, flags, config))?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError && RETRIED_RUNTIME_ERRORS.has(lhr.runtimeError.code) && attempt < 3) {
    console.log(`bench: ${reportName}: ${lhr.runtimeError.code}, run again`);
    return runLighthouse(url, port, config, reportName, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const reports = process.env.BENCH_LHR_DIR;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, `${reportName.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.json`), JSON.stringify(lhr));
  }
  return lhr;
}
