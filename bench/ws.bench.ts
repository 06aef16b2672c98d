// Realtime messaging bench (issue 7 point 8): runs bench/ws-load.ts under vite-node, because the
// app's modules (translations) use Vite's import.meta.glob, which plain tsx cannot load.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const result = spawnSync(
  path.join(root, "node_modules/.bin/vite-node"),
  ["--config", path.join(root, "vitest.config.ts"), path.join(root, "bench/ws-load.ts")],
  { cwd: root, stdio: "inherit", env: process.env, timeout: 600_000 },
);
process.exit(result.status ?? 1);
