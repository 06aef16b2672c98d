// Issue 2, points 1, 2 and 8: the README starts with the two commands and documents the demo
// accounts and every environment variable the code reads; the npm scripts and .ci/run are as
// described; the schema comes from migrations only (never sync()); PORT defaults to 3000.
// Issue 11, points 5 and 7: every variable of the environment module is in the README; the
// production server runs on plain node (compiled by `npm run build`), tsx is a dev tool only.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, envSchema } from "~/utils/env.server";

const readme = fs.readFileSync("README.md", "utf8");

/** Every .ts/.tsx file under `directory`, tests left out. */
function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const productionSources = [...sourceFiles("app"), ...sourceFiles("scripts"), ...sourceFiles("migrations"), "server.ts", "vite.config.ts"];

describe("README", () => {
  it("starts with the two commands", () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(readme.indexOf("```sh")).toBeLessThan(readme.indexOf("\n## "));
    expect(firstBlock).toMatch(/^npm ci && npm start\b/m);
    expect(firstBlock).toMatch(/^npm test\b/m);
    expect(firstBlock).toContain("http://localhost:3000");
  });

  it("lists the three demo accounts and their password", () => {
    for (const email of ["traveler@demo.darna.tn", "host@demo.darna.tn", "operator@demo.darna.tn"]) expect(readme).toContain(`\`${email}\``);
    expect(readme).toContain("darna-demo-2025");
  });

  it("documents every environment variable the code reads", () => {
    const names = new Set<string>();
    for (const file of productionSources) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[["']([A-Z][A-Z0-9_]*)["']\]|\bread\(["']([A-Z][A-Z0-9_]*)["']\)/g)) {
        names.add(match[1] ?? match[2] ?? match[3]!);
      }
    }
    // The CI script and the Playwright configuration read variables of their own.
    for (const match of fs.readFileSync(".ci/run", "utf8").matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
    for (const match of fs.readFileSync("playwright.config.ts", "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
    // Every variable the environment module declares.
    for (const name of Object.keys(envSchema.shape)) names.add(name);
    expect(names).toContain("CI_MYSQL_URL");
    expect(names).toContain("E2E_WORKERS");
    expect(names.size).toBeGreaterThan(10);
    const undocumented = [...names].filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it("says how to run against MariaDB/MySQL and how the code is laid out", () => {
    expect(readme).toMatch(/DATABASE_URL=mysql:\/\/|`mysql:\/\//);
    expect(readme).toMatch(/MariaDB/);
    for (const directory of ["app/", "migrations/", "locales/", "tests/"]) expect(readme).toContain(directory);
  });
});

describe("scripts and CI", () => {
  const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

  it("has the npm scripts the README names", () => {
    expect(scripts.start).toBe("npm run build && npm run serve");
    expect(scripts.dev).toBe("tsx server.ts");
    expect(scripts["db:migrate"]).toContain("migrate");
    expect(scripts["db:seed"]).toContain("seed");
    expect(scripts["test:e2e"]).toBe("playwright test");
    expect(scripts.bench).toBeDefined();
    // npm test: SQLite, then again on MySQL/MariaDB when TEST_DATABASE_URL is set.
    const testScript = fs.readFileSync("scripts/test.ts", "utf8");
    expect(testScript).toContain("process.env.TEST_DATABASE_URL");
    expect(testScript).toContain('DARNA_TEST_DIALECT: "mysql"');
  });

  it("production runs the compiled server on plain node; tsx is a dev tool", () => {
    const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(scripts.build).toBe("remix vite:build && node scripts/build-server.mjs && node scripts/build-service-worker.mjs");
    expect(scripts.serve).toBe("NODE_ENV=production node ${BUILD_DIR:-build}/node/server.js");
    for (const script of [scripts.build, scripts.serve, scripts.start]) expect(script).not.toMatch(/\btsx\b/);
    expect(manifest.dependencies.tsx).toBeUndefined();
    expect(manifest.devDependencies.tsx).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.devDependencies.esbuild).toBe((JSON.parse(fs.readFileSync("node_modules/esbuild/package.json", "utf8")) as { version: string }).version);
    // The e2e server is the compiled one too.
    const playwright = fs.readFileSync("playwright.config.ts", "utf8");
    expect(playwright).toMatch(/command: `\$\{build\}node \$\{path\.join\(buildDir, "node", "server\.js"\)\}`/);
    expect(playwright).not.toMatch(/\btsx\b/);
  });

  it("declares what the code imports and nothing it does not", () => {
    const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const declared = { ...manifest.dependencies, ...manifest.devDependencies };
    expect(declared["i18next-browser-languagedetector"]).toBeUndefined();
    expect(declared["i18next-http-backend"]).toBeUndefined();
    // Tests render with react-router-dom's memory router: the version Remix's own react-router is.
    const remix = JSON.parse(fs.readFileSync("node_modules/@remix-run/react/package.json", "utf8")) as { dependencies: Record<string, string> };
    expect(declared["react-router-dom"]).toBe(remix.dependencies["react-router-dom"]);
    expect(declared["react-router-dom"]).toBe(remix.dependencies["react-router"]);
  });

  it(".ci/run tests on MariaDB and runs the e2e journeys, skipping nothing", () => {
    const ci = fs.readFileSync(".ci/run", "utf8");
    expect(ci).toContain("mysql://root@127.0.0.1:3306/test");
    expect(ci).toMatch(/^CI=1 npm run test:e2e$/m);
    expect(ci).not.toMatch(/--grep|--shard|--project|SKIP/);
    const playwright = fs.readFileSync("playwright.config.ts", "utf8");
    expect(playwright).toMatch(/javaScriptEnabled: true/);
    expect(playwright).toMatch(/javaScriptEnabled: false/);
    expect(playwright).toMatch(/forbidOnly: !!process\.env\.CI/);
  });

  // ADR 242: the same steps, in less time.
  it(".ci/run runs typecheck and lint side by side, and the e2e build beside the MariaDB tests", () => {
    const ci = fs.readFileSync(".ci/run", "utf8");
    const at = (text: string) => {
      const index = ci.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    // Both started in the background before either is waited for; a failure of either fails CI.
    expect(at("start typecheck npm run typecheck")).toBeLessThan(at("finish typecheck"));
    expect(at("start lint npm run lint")).toBeLessThan(at("finish typecheck"));
    expect(ci).toMatch(/^\[ "\$typecheck" -eq 0 \]$/m);
    // The build starts before the MariaDB tests, is waited for after them and before the journeys,
    // which then serve it (the build is not made twice).
    expect(at("rm -rf build-e2e")).toBeLessThan(at("start build env BUILD_DIR=build-e2e npm run build"));
    expect(at("start build env BUILD_DIR=build-e2e npm run build")).toBeLessThan(at("npm run test:db:mysql"));
    expect(at("npm run test:db:mysql")).toBeLessThan(at("finish build"));
    expect(at("finish build")).toBeLessThan(at("export BUILD_DIR=build-e2e E2E_PREBUILT=1"));
    expect(at("export BUILD_DIR=build-e2e E2E_PREBUILT=1")).toBeLessThan(at("CI=1 npm run test:e2e"));
    expect(ci).toMatch(/^set -euo pipefail$/m);
    const playwright = fs.readFileSync("playwright.config.ts", "utf8");
    expect(playwright).toContain('process.env.E2E_PREBUILT === "1" ? "" : "npm run build && "');
  });

  it("vitest runs test files in parallel: one per core on SQLite, at least 3 on MariaDB", async () => {
    const maxWorkers = async (dialect: string) => {
      vi.resetModules();
      vi.stubEnv("DARNA_TEST_DIALECT", dialect);
      vi.stubEnv("VITEST_MAX_WORKERS", "");
      try {
        const { default: config } = (await import("../../vitest.config")) as { default: { test: { maxWorkers: number } } };
        return config.test.maxWorkers;
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const cores = (await import("node:os")).availableParallelism();
    // vitest's own default is cores − 1: a single file at a time on CI's 2 cores.
    expect(await maxWorkers("sqlite")).toBe(cores);
    expect(await maxWorkers("mysql")).toBe(Math.max(3, cores));
  });

  it("the schema comes from migrations only: nothing calls sync()", () => {
    const offenders = productionSources.filter((file) => /\.sync\(\s*(\{[^)]*\})?\s*\)/.test(fs.readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("PORT", () => {
  const saved = process.env.PORT;
  afterEach(() => {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  });

  it("defaults to 3000 and follows PORT", () => {
    delete process.env.PORT;
    expect(env.port).toBe(3000);
    process.env.PORT = "4123";
    expect(env.port).toBe(4123);
  });
});
