// npm run bench -- api-host-workflow: the whole host workflow through the API (bench/api-host-workflow.ts,
// issue 22 point 7, ADR 224), step by step with its times.
//
// Against API_HOST_WORKFLOW_URL when set (a running server with the demo data). Otherwise it
// builds build-bench/ as `npm run build` does (the Remix build when sources are newer, as the
// other benches; then the compiled server, build-bench/node/) and starts that production server
// — plain node, as the e2e server, since the demo seeders need the compiled build — on a free
// port with a fresh SQLite database it migrates and seeds; /healthz answers 200 once the demo data
// is in. The server is stopped by its pid and its folder removed on every way out.
// The webhook step (registration, signed deliveries on a local receiver) runs unless
// API_HOST_WORKFLOW_WEBHOOKS=0 (for a given server that refuses private webhook URLs).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, freePort, ROOT, waitFor } from "./lib/servers";
import { runApiHostWorkflow } from "./api-host-workflow";

const BUILD_DIR = "build-bench";
const givenUrl = process.env.API_HOST_WORKFLOW_URL;
const checkWebhooks = process.env.API_HOST_WORKFLOW_WEBHOOKS !== "0";

function ensureCompiledServer(): string {
  ensureBuild(BUILD_DIR);
  const remixEntry = path.join(ROOT, BUILD_DIR, "server/index.js");
  const serverEntry = path.join(ROOT, BUILD_DIR, "node/server.js");
  if (!fs.existsSync(serverEntry) || fs.statSync(serverEntry).mtimeMs < fs.statSync(remixEntry).mtimeMs) {
    console.log(`bench: compiling the server into ${BUILD_DIR}/node/ …`);
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, env: { ...process.env, BUILD_DIR }, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`bench: compiling the server failed (exit ${result.status})`);
  }
  return serverEntry;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

let child: ChildProcess | null = null;
let dataDir: string | null = null;
try {
  let baseUrl = givenUrl;
  if (!baseUrl) {
    const entry = ensureCompiledServer();
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-bench-workflow-"));
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        BUILD_DIR,
        APP_URL: baseUrl,
        DATABASE_URL: `sqlite:${path.join(dataDir, "darna.sqlite")}`,
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        LOG_REQUESTS: "false",
        RATE_LIMIT_PER_MINUTE: "1000000",
        REDIS_URL: "",
        WEBHOOKS_ALLOW_PRIVATE: "true",
      },
    });
    await waitFor(() => healthy(baseUrl!), 180_000, "darna did not migrate and seed its demo data");
  }
  console.log(`api-host-workflow against ${baseUrl}${checkWebhooks ? " (with webhooks)" : ""}`);
  const report = await runApiHostWorkflow({
    baseUrl,
    checkWebhooks,
    onStep: (step) => console.log(`${String(step.ms).padStart(6)} ms  ${step.name}  ${JSON.stringify(step.detail)}`),
  });
  console.log(`listing ${report.listingId}, reservation ${report.reservationId}: ${report.steps.length} steps in ${report.totalMs} ms`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    process.kill(child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
