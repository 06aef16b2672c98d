// Issue 2, points 1, 2 and 8: the README starts with the two commands and documents the demo
// accounts and every environment variable the code reads; the npm scripts and .ci/run are as
// described; the schema comes from migrations only (never sync()); PORT defaults to 3000.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "~/utils/env.server";

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
    expect(scripts.start).toMatch(/build.*NODE_ENV=production tsx server\.ts/);
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
