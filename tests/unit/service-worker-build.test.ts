// The service worker's build step (scripts/build-service-worker.mjs, ADR 234, 238) over a client
// directory shaped like Remix's: what the worker precaches at install is part of every first
// view (issue 18 point 2), so it precaches the favicon and the web manifest only — not the shell
// the page has just loaded — and fetches the offline page in one language, the visitor's.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
let buildDir = "";
let worker = "";

beforeAll(() => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-sw-build-"));
  const client = path.join(buildDir, "client");
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  const shell = ["entry.client-AbC123.js", "root-DeF456.js", "manifest-0a1b2c3d.js", "app-GhI789.css", "components-JkL012.js"];
  for (const file of shell) fs.writeFileSync(path.join(client, "assets", file), "x".repeat(50_000));
  fs.copyFileSync(path.join(ROOT, "public/favicon.svg"), path.join(client, "favicon.svg"));
  fs.copyFileSync(path.join(ROOT, "public/manifest.webmanifest"), path.join(client, "manifest.webmanifest"));
  execFileSync(process.execPath, ["scripts/build-service-worker.mjs"], { cwd: ROOT, env: { ...process.env, BUILD_DIR: buildDir }, stdio: "pipe" });
  worker = fs.readFileSync(path.join(client, "sw.js"), "utf8");
}, 60_000);

afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

describe("the service worker's build", () => {
  it("precaches the favicon and the web manifest, nothing of the shell", () => {
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
    expect(urls.sort()).toEqual(["favicon.svg", "manifest.webmanifest"]);
  });

  it("fetches the offline page of the language it was registered with, not of every language", () => {
    expect(worker).toMatch(/searchParams\.get\("lang"\)/);
    // No list of the three offline pages fetched at install any more.
    expect(worker).not.toMatch(/addAll\(/);
  });
});
