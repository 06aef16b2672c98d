// ADR 232, ADR 240: the server's route matches are computed once per (route table shape,
// pathname) and are the same as React Router's own, with the asking table's route objects.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { installDataRoutesCache, installRouteMatchCache, installServerRoutesCache } from "./route-match-cache.server";

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
    expect(router.matchRoutes(routes, "/fr/property-details/12?checkIn=2026-12-01")).toEqual(expected);
    expect(router.matchRoutes(routes, { pathname: "/fr/property-details/12" })).toEqual(expected);
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

  it("answers a new table of the same shape from memory, with that table's route objects", () => {
    // What <RemixServer> does on every request: a fresh copy of the same route table.
    const copy = (): RouteTable => structuredClone(routes);
    const first = copy();
    const second = copy();
    const expected = router.matchRoutes(first, "/es/property-details/99");
    const spy = vi.spyOn(Array.prototype, "sort");
    const matches = router.matchRoutes(second, "/es/property-details/99");
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(matches).toEqual(expected);
    // The routes are the second table's own objects, and all matches share one params object.
    const lang = (second[0]!.children as RouteTable)[0]!;
    expect(matches![1]!.route).toBe(lang);
    expect(matches![2]!.route).toBe((lang.children as RouteTable)[1]);
    expect(matches![0]!.params).toBe(matches![2]!.params);
    // Answers are fresh objects: changing one never changes the next.
    matches![2]!.params.id = "changed";
    expect(router.matchRoutes(second, "/es/property-details/99")!.at(-1)!.params.id).toBe("99");
  });

  it("matches a table of another shape on its own", () => {
    const before = [{ id: "page", path: "/page/:x" }];
    const after = [{ id: "page", path: "/other/:x" }];
    expect(router.matchRoutes(before, "/other/1")).toBeNull();
    expect(router.matchRoutes(after, "/other/1")!.at(-1)!.params).toEqual({ x: "1" });
    const nested = [{ id: "page", path: "/other", children: [{ id: "x", path: ":x" }] }];
    expect(router.matchRoutes(nested, "/other/1")!.map((match) => match.route.id)).toEqual(["page", "x"]);
  });

  it("keeps a table without route ids to itself", () => {
    const anonymous = [{ path: "/a/:x" }, { path: "/b/:y" }];
    const matches = router.matchRoutes(anonymous, "/b/2");
    expect(matches!.at(-1)!.route).toBe(anonymous[1]);
    const lookalike = [{ path: "/a/:x" }, { path: "/b/:y" }];
    expect(router.matchRoutes(lookalike, "/b/2")!.at(-1)!.route).toBe(lookalike[1]);
  });
});

describe("server route tree cache", () => {
  // The same module object @remix-run/react's server renderer calls.
  const remixRoutes = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
    createServerRoutes: (manifest: object, routeModules: object, future: object, isSpaMode: boolean) => Array<Record<string, unknown>>;
  };
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "routes/page": { id: "routes/page", parentId: "root", path: "page/:id", hasLoader: true },
  };
  const modules = () => ({ root: { default: () => null }, "routes/page": { default: () => null, handle: { i18n: ["page"] } } });
  const future = {};

  it("builds the tree once per manifest and route modules, whatever the modules map object", () => {
    const plain = remixRoutes.createServerRoutes;
    const routeModules = modules();
    const expected = plain(manifest, routeModules, future, false);
    const cached = installServerRoutesCache();
    expect(remixRoutes.createServerRoutes).toBe(cached);
    expect(installServerRoutesCache()).toBe(cached);
    const first = remixRoutes.createServerRoutes(manifest, routeModules, future, false);
    expect(first[0]!.id).toBe(expected[0]!.id);
    expect((first[0]!.children as Array<{ id: string; path: string }>)[0]).toMatchObject({ id: "routes/page", path: "page/:id" });
    // A new map of the same modules (what the server runtime hands over on every request).
    expect(remixRoutes.createServerRoutes(manifest, { ...routeModules }, future, false)).toBe(first);
  });

  it("builds a new tree when a route module or the manifest changes", () => {
    const routeModules = modules();
    const first = remixRoutes.createServerRoutes(manifest, routeModules, future, false);
    const changed = { ...routeModules, "routes/page": { default: () => null } };
    const second = remixRoutes.createServerRoutes(manifest, changed, future, false);
    expect(second).not.toBe(first);
    expect((second[0]!.children as Array<{ handle: unknown }>)[0]!.handle).toBeUndefined();
    expect(remixRoutes.createServerRoutes({ ...manifest }, changed, future, false)).not.toBe(second);
  });
});

describe("static router data routes cache", () => {
  // ADR 247: the same module object react-router-dom/server's createStaticRouter calls.
  const reactRouter = createRequire(import.meta.url)("@remix-run/router") as {
    UNSAFE_convertRoutesToDataRoutes: (routes: object[], map: (route: object) => object, parentPath?: string[], manifest?: Record<string, unknown>) => Array<Record<string, unknown>>;
  };
  const tree = [{ id: "root", path: "", children: [{ id: "page", path: "page/:id" }] }];
  const map = (route: object) => ({ hasErrorBoundary: "ErrorBoundary" in route });

  it("converts a route tree once and fills every caller's manifest", () => {
    const plain = reactRouter.UNSAFE_convertRoutesToDataRoutes;
    const expectedManifest: Record<string, unknown> = {};
    const expected = plain(tree, map, undefined, expectedManifest);
    const cached = installDataRoutesCache();
    expect(reactRouter.UNSAFE_convertRoutesToDataRoutes).toBe(cached);
    expect(installDataRoutesCache()).toBe(cached);
    const manifest: Record<string, unknown> = {};
    const first = reactRouter.UNSAFE_convertRoutesToDataRoutes(tree, map, undefined, manifest);
    expect(JSON.stringify(first)).toBe(JSON.stringify(expected));
    expect(Object.keys(manifest).sort()).toEqual(Object.keys(expectedManifest).sort());
    expect(manifest.page).toBe((first[0]!.children as object[])[0]);
    const again: Record<string, unknown> = {};
    expect(reactRouter.UNSAFE_convertRoutesToDataRoutes(tree, map, undefined, again)).toBe(first);
    expect(again.page).toBe(manifest.page);
  });

  it("converts anew for another tree or another mapping", () => {
    const first = reactRouter.UNSAFE_convertRoutesToDataRoutes(tree, map, undefined, {});
    expect(reactRouter.UNSAFE_convertRoutesToDataRoutes([...tree], map, undefined, {})).not.toBe(first);
    expect(reactRouter.UNSAFE_convertRoutesToDataRoutes(tree, (route: object) => map(route), undefined, {})).not.toBe(first);
  });
});

describe("the static handler's own matching (ADR 253, patches/@remix-run+router+1.23.3.patch)", () => {
  it("goes through the exported matchRoutes, so the memo answers every document and data request", async () => {
    const { createStaticHandler } = createRequire(import.meta.url)("@remix-run/router") as {
      createStaticHandler: (routes: RouteTable) => {
        query: (request: Request) => Promise<{ matches: Match[] } | Response>;
        queryRoute: (request: Request, options: { routeId: string }) => Promise<unknown>;
      };
    };
    const handler = createStaticHandler([{ id: "root", path: "/", children: [{ id: "page", path: "page/:x", loader: () => ({ ok: true }) }] }]);
    const spy = vi.spyOn(router, "matchRoutes");
    const context = await handler.query(new Request("http://darna.test/page/1?a=b"));
    expect(spy).toHaveBeenCalledTimes(1);
    expect((context as { matches: Match[] }).matches.map((match) => match.route.id)).toEqual(["root", "page"]);
    expect(await handler.queryRoute(new Request("http://darna.test/page/2"), { routeId: "page" })).toEqual({ ok: true });
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});
