// Issue 18 points 2 and 4 (ADR 231, 238): the first-view bytes of the public pages, service worker
// included, as Lighthouse counts them, beside their targets (≤ 250 KB; ≤ 100 KB in data-saver
// mode), by bench/first-view-bytes.ts against the production build (build-bench/, built when
// older than the sources) with the demo data. Part of `npm run bench -- pages`; figures only.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild, startDarnaServer, waitFor, type RunningServer } from "./lib/servers";

const BUILD_DIR = "build-bench";
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
  // The demo photos' AVIF and 800 px variants are made by a job after seeding (ADR 230), and the
  // home page's sections are cached a minute: measure the settled pages, not the first minute's.
  await waitFor(() => /photos: \d+ stored photo/.test(darna.output()), 180_000, "the photos' variant job did not run").catch((error: Error) => console.log(error.message));
  console.log("bench: the photos' variants are made; waiting a minute for the home page's cache …");
  await new Promise((resolve) => setTimeout(resolve, 61_000));
  for (const mode of [[], ["--save-data"]]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "first-view-bytes.ts"), darna.url, ...mode], { stdio: "inherit" });
    if (run.status !== 0) throw new Error(`bench: first-view-bytes.ts ${mode.join(" ")} failed (exit ${run.status ?? run.signal})`);
    console.log("");
  }
} finally {
  await stopAll();
}
