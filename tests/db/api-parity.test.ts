// Parity of the pages and the API (issue 22 point 1, ADR 225): every page route module in
// app/routes that exports an `action` (a traveler, host or partner acting on a page) has an entry
// in the parity map (tests/support/api-parity/<area>.ts) naming its /api/v1 twins — operations
// the OpenAPI document really has — or a written exception saying why it has none.
//
// One rule excludes whole routes: /admin pages are operator pages (the console, ADR 225), acted on
// by Darna's staff through requireAdmin + audit(), not by the API's consumers.
import { describe, expect, it } from "vitest";
import { getOpenApiDocument, type OpenApiDocument } from "~/openapi/document.server";
import type { HTTP_METHODS } from "~/openapi/operation";
import type { ApiParityEntry } from "../support/api-parity";

const routeModules = import.meta.glob<Record<string, unknown>>(["../../app/routes/*.{ts,tsx}", "../../app/routes/*/route.{ts,tsx}"]);
const entryFiles = import.meta.glob<{ parity: ApiParityEntry[] }>("../support/api-parity/*.ts", { eager: true });

/** Routes whose entries are still being written on another branch (none now): listed here, a
 * route without an entry passes; listed here AND in an entry file, it fails. */
const PENDING_MERGE: Record<string, string> = {};

/** The one exclusion rule: operator pages under /admin (with or without the language prefix). */
function isOperatorRoute(file: string): boolean {
  return /^(\(\$lang\)\.)?admin([._]|$)/.test(file);
}

function isPageRoute(file: string): boolean {
  return !file.startsWith("api.") && !/\.server\.tsx?$/.test(file) && !isOperatorRoute(file);
}

function routeFileName(path: string): string {
  return path.replace(/^.*\/routes\//, "").replace(/\/route\.(tsx?)$/, ".$1");
}

const OPERATION = /^(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/\S*)$/;

/** Everything wrong with a parity map, as sentences (empty when it holds). */
function parityProblems(input: {
  actionRoutes: string[];
  entries: Array<{ file: string; entry: ApiParityEntry }>;
  pending: Record<string, string>;
  document: Pick<OpenApiDocument, "paths">;
}): string[] {
  const problems: string[] = [];
  const byRoute = new Map<string, string>();
  const actionRoutes = new Set(input.actionRoutes);
  for (const { file, entry } of input.entries) {
    const where = `${file}: ${entry.route}`;
    if (byRoute.has(entry.route)) problems.push(`${where} has a second entry (first in ${byRoute.get(entry.route)})`);
    byRoute.set(entry.route, file);
    if (!actionRoutes.has(entry.route)) problems.push(`${where} is not a page route exporting an action (renamed or gone?)`);
    if (input.pending[entry.route]) problems.push(`${where} has an entry: remove it from PENDING_MERGE`);
    if ("exception" in entry) {
      if (entry.exception.trim().length < 20) problems.push(`${where}: an exception needs a written reason`);
      continue;
    }
    if (entry.api.length === 0) problems.push(`${where}: no API operation named (write an exception instead)`);
    for (const operation of entry.api) {
      const match = OPERATION.exec(operation);
      if (!match) {
        problems.push(`${where}: "${operation}" is not "METHOD /api/v1/path"`);
        continue;
      }
      const method = match[1]!.toLowerCase() as (typeof HTTP_METHODS)[number];
      if (!input.document.paths[match[2]!]?.[method]) problems.push(`${where}: ${operation} is not in the OpenAPI document`);
    }
  }
  for (const route of input.actionRoutes) {
    if (!byRoute.has(route) && !input.pending[route]) problems.push(`${route} exports an action but has no parity entry (an API twin or a written exception)`);
  }
  return problems;
}

async function pageRoutesWithAction(): Promise<string[]> {
  const found: string[] = [];
  for (const [path, load] of Object.entries(routeModules)) {
    const file = routeFileName(path);
    if (!isPageRoute(file)) continue;
    if ((await load()).action) found.push(file);
  }
  return found.sort();
}

const allEntries = Object.entries(entryFiles).flatMap(([path, module]) =>
  module.parity.map((entry) => ({ file: path.replace(/^.*\//, ""), entry })),
);

describe("the parity map of pages and API (issue 22 point 1)", () => {
  it("has an entry for every traveler/host/partner page action, naming operations of the OpenAPI document", async () => {
    const actionRoutes = await pageRoutesWithAction();
    expect(actionRoutes.length).toBeGreaterThan(30);
    expect(parityProblems({ actionRoutes, entries: allEntries, pending: PENDING_MERGE, document: getOpenApiDocument() })).toEqual([]);
  });

  it("excludes /admin pages by one rule, and only them", async () => {
    expect(isOperatorRoute("($lang).admin._index.tsx")).toBe(true);
    expect(isOperatorRoute("($lang).admin.listings.$id.tsx")).toBe(true);
    expect(isOperatorRoute("admin.tsx")).toBe(true);
    expect(isOperatorRoute("($lang).administration-fees.tsx")).toBe(false);
    expect(isOperatorRoute("($lang).dashboard.reservations.tsx")).toBe(false);
    const excluded = Object.keys(routeModules).map(routeFileName).filter(isOperatorRoute);
    expect(excluded.length).toBeGreaterThan(10);
    expect(excluded.every((file) => /^\(\$lang\)\.admin\b|^admin\b/.test(file))).toBe(true);
  });

  it("maps the accounts pages (sign-up, sign-in, password reset, logout, verify) to twins or documented exceptions", async () => {
    const routes = new Map(allEntries.map(({ entry }) => [entry.route, entry]));
    for (const route of [
      "($lang).auth._index.tsx",
      "($lang).auth.signup.tsx",
      "($lang).auth.forgot-password.tsx",
      "($lang).auth.reset-password.$token.tsx",
      "($lang).auth.logout.tsx",
      "($lang).verify.$id.tsx",
      "($lang).verify._index.tsx",
    ]) {
      expect(routes.has(route), route).toBe(true);
    }
    expect(routes.get("($lang).auth._index.tsx")).toEqual(expect.objectContaining({ api: expect.arrayContaining(["POST /api/v1/auth/token"]) }));
    expect(getOpenApiDocument().paths["/api/v1/auth/token"]?.post).toBeDefined();
  });

  it("reports a page action without an entry, an unknown operation, a stale or doubled entry and an empty reason", () => {
    const document = { paths: { "/api/v1/favorites": { get: { operationId: "x", summary: "x", tags: [], responses: {} } } } };
    const problems = parityProblems({
      actionRoutes: ["a.tsx", "b.tsx", "c.tsx", "p.tsx"],
      entries: [
        { file: "one.ts", entry: { route: "a.tsx", api: ["GET /api/v1/favorites", "POST /api/v1/favorites", "get /api/v1/favorites"] } },
        { file: "one.ts", entry: { route: "b.tsx", exception: "no" } },
        { file: "two.ts", entry: { route: "a.tsx", api: ["GET /api/v1/favorites"] } },
        { file: "two.ts", entry: { route: "gone.tsx", exception: "a page that was removed long ago" } },
        { file: "two.ts", entry: { route: "p.tsx", exception: "written by another helper meanwhile" } },
      ],
      pending: { "p.tsx": "api-host" },
      document,
    });
    expect(problems).toEqual([
      "one.ts: a.tsx: POST /api/v1/favorites is not in the OpenAPI document",
      'one.ts: a.tsx: "get /api/v1/favorites" is not "METHOD /api/v1/path"',
      "one.ts: b.tsx: an exception needs a written reason",
      "two.ts: a.tsx has a second entry (first in one.ts)",
      "two.ts: gone.tsx is not a page route exporting an action (renamed or gone?)",
      "two.ts: p.tsx has an entry: remove it from PENDING_MERGE",
      "c.tsx exports an action but has no parity entry (an API twin or a written exception)",
    ]);
  });
});
