// Issue 11, point 5: one validated environment module; a production start refuses a short or
// public secret, naming the variable; an unset secret is generated once into DATA_DIR (0600),
// never a public default; nothing else in app/ reads process.env.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkEnvironment, env, EnvError, generatedSecretFile, MIN_SECRET_LENGTH, PUBLIC_SECRET_VALUES } from "~/utils/env.server";

const longSecret = "k".repeat(MIN_SECRET_LENGTH - 1) + "Z";

describe("checkEnvironment", () => {
  it("accepts the empty environment (the demo's defaults)", () => {
    expect(() => checkEnvironment({ DATA_DIR: "/nonexistent/never-written" })).not.toThrow();
  });

  it.each(["SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"])("in production, stops on a %s shorter than 32 characters, naming it", (name) => {
    const source = { NODE_ENV: "production", [name]: "x".repeat(MIN_SECRET_LENGTH - 1) };
    expect(() => checkEnvironment(source)).toThrow(EnvError);
    expect(() => checkEnvironment(source)).toThrow(new RegExp(`^${name} is shorter than 32 characters`));
    expect(() => checkEnvironment({ ...source, [name]: longSecret })).not.toThrow();
  });

  it.each(["SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"])("in production, stops on a %s written in the repository", (name) => {
    for (const published of ["darna-dev-secret-change-me", "darna-e2e-secret", "darna-sandbox-gateway-secret"]) {
      expect(() => checkEnvironment({ NODE_ENV: "production", [name]: published })).toThrow(
        new RegExp(`^${name} is a value published in Darna's repository`),
      );
    }
  });

  it("in production, refuses several server processes without Redis to share their limits and messages (ADR 253)", () => {
    const production = { NODE_ENV: "production", DATA_DIR: "/nonexistent/never-written" };
    expect(() => checkEnvironment({ ...production, WEB_CONCURRENCY: "2" })).toThrow(/^WEB_CONCURRENCY: more than one process needs REDIS_URL/);
    expect(() => checkEnvironment({ ...production, WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" })).not.toThrow();
    expect(() => checkEnvironment({ ...production, WEB_CONCURRENCY: "1" })).not.toThrow();
    // Development runs one process whatever the value.
    expect(() => checkEnvironment({ DATA_DIR: "/nonexistent/never-written", WEB_CONCURRENCY: "4" })).not.toThrow();
    expect(() => checkEnvironment({ ...production, WEB_CONCURRENCY: "0" })).toThrow(/^WEB_CONCURRENCY:/);
  });

  it("allows any secret outside production (development, tests)", () => {
    expect(() => checkEnvironment({ NODE_ENV: "development", SESSION_SECRET: "darna-e2e-secret", SANDBOX_GATEWAY_SECRET: "x" })).not.toThrow();
  });

  it("names every malformed variable at once", () => {
    let message = "";
    try {
      checkEnvironment({ PORT: "eighty", SERVICE_FEE_PERCENT: "250", SEED_DEMO: "no", DATABASE_URL: "postgres://x/y", NODE_ENV: "production", SESSION_SECRET: "short" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["PORT", "SERVICE_FEE_PERCENT", "SEED_DEMO", "DATABASE_URL", "SESSION_SECRET"]) expect(message).toMatch(new RegExp(`^  ${name}[: ]`, "m"));
  });
});

describe("a secret left unset", () => {
  const saved = { ...process.env };
  let dataDir = "";
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-env-"));
    process.env.NODE_ENV = "production";
    process.env.DATA_DIR = dataDir;
    delete process.env.SESSION_SECRET;
    delete process.env.SANDBOX_GATEWAY_SECRET;
  });
  afterEach(() => {
    for (const name of ["NODE_ENV", "DATA_DIR", "SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is generated at start into DATA_DIR, readable by its owner only, and kept", () => {
    checkEnvironment();
    for (const name of ["SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"] as const) {
      const file = generatedSecretFile(name, dataDir);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const value = fs.readFileSync(file, "utf8");
      expect(value.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
      expect(PUBLIC_SECRET_VALUES).not.toContain(value);
    }
    expect(env.sessionSecret).toBe(fs.readFileSync(generatedSecretFile("SESSION_SECRET", dataDir), "utf8"));
    expect(env.sandboxGatewaySecret).toBe(fs.readFileSync(generatedSecretFile("SANDBOX_GATEWAY_SECRET", dataDir), "utf8"));
    expect(env.sessionSecret).not.toBe(env.sandboxGatewaySecret);
  });

  it("is the same after a restart (read back from DATA_DIR), and differs from one DATA_DIR to another", () => {
    const file = generatedSecretFile("SESSION_SECRET", dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "an-earlier-start-wrote-this-secret-of-48-characters!", { mode: 0o600 });
    expect(env.sessionSecret).toBe("an-earlier-start-wrote-this-secret-of-48-characters!");
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "darna-env-"));
    try {
      process.env.DATA_DIR = other;
      expect(env.sessionSecret).not.toBe("an-earlier-start-wrote-this-secret-of-48-characters!");
      expect(env.sessionSecret.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("a set secret is used as it is", () => {
    process.env.SESSION_SECRET = longSecret;
    expect(env.sessionSecret).toBe(longSecret);
    expect(fs.existsSync(generatedSecretFile("SESSION_SECRET", dataDir))).toBe(false);
  });
});

/** Every .ts/.tsx/.mjs/.md/.json file of the repository that people write (no dependencies, builds or data). */
function repositoryFiles(directory = "."): string[] {
  const skipped = new Set(["node_modules", ".git", "data", "test-results", "playwright-report", ".cache"]);
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name) || entry.name.startsWith("build")) return [];
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return repositoryFiles(file);
    return /\.(tsx?|mjs|md|json|ya?ml)$|^run$/.test(entry.name) && entry.name !== "package-lock.json" ? [file] : [];
  });
}

describe("public secrets", () => {
  it("every secret-looking literal in the repository is on the refused list", () => {
    const literals = new Set<string>();
    const pattern = /\b\w*(?:SECRET|Secret|secret)\w*["')\]]*\s*(?:\?\?=|\|\||\?\?|[:=,])\s*["'`]([^"'`$\s]{6,})["'`]/g;
    for (const file of repositoryFiles()) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(pattern)) {
        // Variable names (["SESSION_SECRET", …]) and formats ("<t>.<body>") are not secrets.
        if (!/^[A-Z0-9_]+$|[<>]/.test(match[1]!)) literals.add(match[1]!);
      }
    }
    // The pattern finds the secrets as they used to be written (git history).
    const earlier = ['return read("SESSION_SECRET") ?? "darna-dev-secret-change-me";', 'process.env.SESSION_SECRET ??= "darna-e2e-secret";', 'return process.env.SANDBOX_GATEWAY_SECRET || "darna-sandbox-gateway-secret";'];
    expect(earlier.map((line) => [...line.matchAll(pattern)][0]?.[1])).toEqual(["darna-dev-secret-change-me", "darna-e2e-secret", "darna-sandbox-gateway-secret"]);
    const unlisted = [...literals].filter((value) => !PUBLIC_SECRET_VALUES.includes(value));
    expect(unlisted).toEqual([]);
  });
});

describe("one module reads the environment", () => {
  it("no file in app/ but env.server.ts reads process.env (tests aside), nor does server.ts", () => {
    const files = fs
      .readdirSync("app", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(100);
    const readers = [...files, "server.ts"].filter((file) => file !== path.join("app", "utils", "env.server.ts") && /process\.env\b/.test(fs.readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});
