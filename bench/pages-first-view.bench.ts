// Issue 18 points 2 and 4 (ADR 231, 238): the first-view bytes of the public pages, service worker
// included, as Lighthouse counts them, beside their targets (≤ 250 KB; ≤ 100 KB in data-saver
// mode), by bench/first-view-bytes.ts against the production build (build-bench/, built when
// older than the sources) with the demo data. Part of `npm run bench -- pages`; figures only.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { runPageBench, waitForSettledPages } from "./lib/pages";

await runPageBench("build-bench", async (darna) => {
  await waitForSettledPages(darna);
  for (const mode of [[], ["--save-data"]]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "first-view-bytes.ts"), darna.url, ...mode], { stdio: "inherit" });
    if (run.status !== 0) throw new Error(`bench: first-view-bytes.ts ${mode.join(" ")} failed (exit ${run.status ?? run.signal})`);
    console.log("");
  }
});
