// npm run bench [-- name-filter]: runs every bench/*.bench.ts in name order, each in its own
// process so one script's servers and memory never skew the next. Prints figures; a script
// that crashes makes the whole run exit non-zero.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const benchDir = import.meta.dirname;
const filter = process.argv[2];
const scripts = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith(".bench.ts"))
  .filter((file) => !filter || file.includes(filter))
  .sort();

if (scripts.length === 0) {
  console.error(`bench: no bench/*.bench.ts${filter ? ` matching "${filter}"` : ""}`);
  process.exit(1);
}

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(benchDir, script)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`bench: ${script} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
