// Issue 2, point 3 and SPEC.md §2: every page route takes the optional language prefix, so every
// page module lives under `($lang)`. Only the allow-list below is left out; anything else that
// renders a page outside `($lang)` fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routesDirectory = path.resolve("app/routes");

/** Page routes allowed outside `($lang)`, with the reason. */
const withoutLanguagePrefix: Record<string, string> = {
  // SPEC.md §2: "/verify-establishment-payment … (no language prefix)".
  "verify-establishment-payment": "SPEC.md §2's one exception",
  // The sandbox card gateway's hosted page stands in for an external gateway's page on its own
  // domain, which Darna's language prefixes do not reach (docs/decisions/001-stack-and-layout.md).
  "sandbox-gateway.pay.$ref": "stand-in for an external payment gateway's hosted page",
};

/** Route modules as @remix-run/fs-routes sees them (app/routes.ts ignores tests, CSS and *.server.ts). */
function routeModules(): Array<{ name: string; file: string }> {
  return fs.readdirSync(routesDirectory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      const index = ["route.tsx", "route.ts"].map((file) => path.join(routesDirectory, entry.name, file)).find((file) => fs.existsSync(file));
      return index ? [{ name: entry.name, file: index }] : [];
    }
    if (!/\.tsx?$/.test(entry.name) || /\.server\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [{ name: entry.name.replace(/\.tsx?$/, ""), file: path.join(routesDirectory, entry.name) }];
  });
}

/** A page route renders UI: it has a default export (a resource route has none). */
function isPageRoute(file: string): boolean {
  return /^export\s+default\b/m.test(fs.readFileSync(file, "utf8"));
}

describe("page routes and the language prefix", () => {
  const modules = routeModules();

  it("finds the route modules (the scan itself works)", () => {
    expect(modules.some((module) => module.name === "($lang)._index")).toBe(true);
    expect(modules.filter((module) => isPageRoute(module.file)).length).toBeGreaterThan(20);
  });

  it("puts every page route under ($lang), except the allow-list", () => {
    const outside = modules
      .filter((module) => !module.name.startsWith("($lang)") && !module.name.startsWith("api.v1.") && isPageRoute(module.file))
      .map((module) => module.name)
      .sort();
    expect(outside).toEqual(Object.keys(withoutLanguagePrefix).sort());
  });

  it("keeps the /api/v1 routes free of UI", () => {
    const apiPages = modules.filter((module) => module.name.startsWith("api.v1.") && isPageRoute(module.file)).map((module) => module.name);
    expect(apiPages).toEqual([]);
  });
});
