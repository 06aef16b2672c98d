// The second half of `npm run build` (after `remix vite:build`): compiles the server entry
// (server.ts), the database script (scripts/db.ts), the migrations and the seeders with esbuild
// into $BUILD_DIR/node/, so production runs plain `node` (no tsx):
//   node build/node/server.js          the HTTP server (NODE_ENV=production)
//   node build/node/db.js migrate|seed the database script
// npm packages stay imports (node_modules is there in production). Code shared by several
// entries goes into chunks beside server.js, so the migrator (app/db/migrator.server.ts, which
// knows it is compiled through DARNA_COMPILED) finds migrations/*.js next to itself, and the
// server, the migrations and the seeders share one copy of each module.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDirectory = process.env.BUILD_DIR || "build";
const outdir = path.join(buildDirectory, "node");

/** The .ts files of a folder that umzug runs (tests left out), as esbuild entry points. */
function entriesOf(folder) {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort()
    .map((file) => ({ in: path.join(folder, file), out: path.join(folder, file.slice(0, -".ts".length)) }));
}

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: "server.ts", out: "server" },
    { in: "scripts/db.ts", out: "db" },
    ...entriesOf("migrations"),
    ...entriesOf(path.join("migrations", "seeders")),
  ],
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: "[name]-[hash]",
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  define: { DARNA_COMPILED: "true" },
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server compiled into ${outdir}/ (node ${path.join(outdir, "server.js")})`);
