// End-to-end journeys against a production build, each run twice: with JavaScript on and off.
// The config is evaluated again in every worker, so the port and the temporary database are
// chosen once here and handed on through process.env (workers inherit it).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

function findFreePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

process.env.E2E_PORT ??= String(findFreePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "darna-e2e-"));
  process.env.E2E_REMOVE_DATA_DIR = "1"; // ours: the global teardown removes it
}
// Test files sign flash cookies (tests/e2e/support) with the server's secret: a new random one
// per run (a production server refuses a secret shorter than 32 characters or written in the repository).
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64url");

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const buildDir = process.env.BUILD_DIR ?? "build-e2e";
process.env.BUILD_DIR = buildDir;
process.env.E2E_BASE_URL = baseURL;

const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  PORT: String(port),
  BUILD_DIR: buildDir,
  APP_URL: baseURL,
  // A fresh SQLite database per run; the server migrates it and seeds the demo data.
  DATABASE_URL: `sqlite:${path.join(process.env.E2E_DATA_DIR, "darna.sqlite")}`,
  DATA_DIR: process.env.E2E_DATA_DIR,
  SESSION_SECRET: process.env.SESSION_SECRET,
  LOG_REQUESTS: "false",
  RATE_LIMIT_PER_MINUTE: "100000",
  // Every journey signs its own users up from this one address (ADR 090: 10 per hour by default).
  SIGNUPS_PER_HOUR_PER_IP: "100000",
  // The sandbox's delayed test card answers after 6 s (20 by default): the booking journey sees
  // "verifying" (the page checks again every 3 s) and then the success, without waiting long.
  SANDBOX_DELAY_SECONDS: "6",
  // The calendar-sync journey serves its feeds from a local test server (127.0.0.1).
  CALENDAR_SYNC_ALLOW_PRIVATE: "true",
  // The API workflow journey receives its webhook deliveries on a local server (127.0.0.1).
  WEBHOOKS_ALLOW_PRIVATE: "true",
  // The money journey sets "now" per browser context with the darna_test_clock cookie (ADR 141;
  // accepted because APP_URL is on 127.0.0.1).
  DARNA_TEST_CLOCK: "true",
  // The journeys write their data with factories from the test process, which the document cache
  // only sees through its 60 s limit (ADR 244): off here; document-cache.spec.ts runs a server with it on.
  DOCUMENT_CACHE_MB: "0",
};
// The extra servers some journeys start (support/server.ts) inherit this process's environment.
process.env.DOCUMENT_CACHE_MB ??= "0";

// E2E_SKIP_BUILD=1 reuses an existing BUILD_DIR (handy while writing tests). CI always builds:
// .ci/run makes the build itself, into build-e2e beside the MariaDB tests, and says so with
// E2E_PREBUILT=1 (ADR 242). `npm run build` writes the Remix build and the compiled server
// (BUILD_DIR/node) that runs on plain node as in production; the server migrates and seeds the
// empty database, and /healthz answers 200 (which Playwright waits for) only once that is done.
const build = process.env.E2E_SKIP_BUILD === "1" || process.env.E2E_PREBUILT === "1" ? "" : "npm run build && ";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // 3 workers (ADR 252): the journeys mostly wait (the server, timers, Chromium's frames): a whole
  // run used 0.6 of a core on average at 3 workers, and took 972 s instead of 1,117 s at 2 under the same load.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry on CI: the journeys share 2 cores with a production server and Chromium; a journey
  // that passes only on retry is still listed as "flaky" in the output, to be looked at.
  retries: process.env.CI ? 1 : 0,
  // Journeys of several pages run 2–3 times slower when both workers drive a JavaScript page at
  // once on 2 cores (a sign-up journey: 22 s alone, 66 s in parallel): 60 s per test by default.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  use: {
    baseURL,
    locale: "en-GB",
    timezoneId: "Africa/Tunis",
    // Recording a trace doubles Chromium's work on every page (measured here: 5 loads of
    // /accommodation, 1.7 → 3.7 s of CPU), so CI records one on the retry of a failed test only.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions: chromiumLaunchOptions } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromiumLaunchOptions } },
  ],
  webServer: {
    command: `${build}node ${path.join(buildDir, "node", "server.js")}`,
    url: `${baseURL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
