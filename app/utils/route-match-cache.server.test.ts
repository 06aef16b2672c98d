// ADR 232: the server's route matches are computed once per (routes, pathname) and are the same
// as React Router's own.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { installRouteMatchCache } from "./route-match-cache.server";

interface Match {
  params: Record<string, string | undefined>;
  route: { id: string };
}
type RouteTable = ReadonlyArray<Record<string, unknown>>;
// The same module object @remix-run/server-runtime requires (the package comes with Remix).
const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: RouteTable, location: string | { pathname: string }) => Match[] | null;
};

const routes = [
  { id: "root", path: "", children: [
    { id: "lang", path: ":lang?", children: [
      { id: "home", index: true },
      { id: "property", path: "property-details/:id?" },
      { id: "splat", path: "*" },
    ] },
  ] },
];

describe("route match cache", () => {
  it("answers what matchRoutes answers, once per pathname, whatever the query", () => {
    const plain = router.matchRoutes;
    const expected = plain(routes, "/fr/property-details/12");
    const cached = installRouteMatchCache();
    expect(router.matchRoutes).toBe(cached);
    expect(installRouteMatchCache()).toBe(cached);
    const first = router.matchRoutes(routes, "/fr/property-details/12");
    expect(first).toEqual(expected);
    expect(first!.map((match) => match.route.id)).toEqual(["root", "lang", "property"]);
    expect(first!.at(-1)!.params).toEqual({ lang: "fr", id: "12" });
    expect(router.matchRoutes(routes, "/fr/property-details/12?checkIn=2026-12-01")).toBe(first);
    expect(router.matchRoutes(routes, { pathname: "/fr/property-details/12" })).toBe(first);
    expect(router.matchRoutes(routes, "/property-details/7")!.at(-1)!.params).toEqual({ id: "7" });
    expect(router.matchRoutes(routes, "/nowhere/at/all")!.at(-1)!.route.id).toBe("splat");
    // Another routes table is matched on its own.
    const other = [{ id: "only", path: "/only" }];
    expect(router.matchRoutes(other, "/fr/property-details/12")).toBeNull();
  });

  it("does not run React Router's matching again for a pathname it has seen", () => {
    const table = [{ id: "a", path: "/a/:x" }];
    const spy = vi.spyOn(Array.prototype, "sort");
    router.matchRoutes(table, "/a/1");
    const sortsFirst = spy.mock.calls.length;
    router.matchRoutes(table, "/a/1");
    router.matchRoutes(table, "/a/1?again");
    expect(sortsFirst).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBe(sortsFirst);
    spy.mockRestore();
  });
});
