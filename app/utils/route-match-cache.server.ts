// Issue 18 point 8, ADR 232 and ADR 240: React Router flattens and ranks the whole route table on
// every matchRoutes call (~200 route files, doubled by the optional `($lang)` segment) and compiles
// a RegExp for each branch it tries. A production build's route table never changes, so a
// request's matches depend only on the table's shape and the pathname: this memoizes them for the
// most recent MAX_PATHNAMES pathnames per shape.
//
// Remix calls matchRoutes three times per document request, on three route tables: the server
// runtime's own (built once), and the static router's (built anew for every render by
// <RemixServer>, then matched by <DataRoutes> and by <Scripts>' lazy-discovery manifest for the
// pathname and each of its parents). A memo keyed by the table object alone missed the last two
// on every request (ADR 240); the memo is therefore keyed by the table's shape (each route's id,
// path, index and caseSensitive flags, in order and nesting: all matching reads), and a
// remembered answer is rebuilt with the route objects of the table asked about. A table whose
// routes lack ids, or repeat one, is remembered per table object instead.
//
// installServerRoutesCache does the same for the route objects <RemixServer> renders with: it built
// them anew from the manifest on every request (createServerRoutes: ~400 routes, their
// components looked up and wrapped); for the same manifest and route modules they are the same,
// so they are built once and only read after (the static router copies them into its own).
// The static router's copy (React Router's convertRoutesToDataRoutes, called by createStaticRouter
// on every render: ~2.5 % of a page's CPU, and a new table for the match memo to describe) is
// remembered too, per route tree (ADR 247): with the tree built once, it is the same every time.
//
// The static handler's query() and queryRoute() (every document and data request) called the
// module's own matchRoutes by name, out of the memo's reach (~14 % of a search page's CPU at 100,000
// listings): patches/@remix-run+router+1.23.3.patch, applied by patch-package at every install,
// makes those two calls go through the export (ADR 253).
//
// It wraps the export of the CommonJS build of @remix-run/router, the copy
// @remix-run/server-runtime and @remix-run/react call through its exports object; the browser's
// router (the ES build, whose routes grow with lazy route discovery) is untouched.
import { createRequire } from "node:module";

interface RouteLike {
  id?: unknown;
  path?: unknown;
  index?: unknown;
  caseSensitive?: unknown;
  children?: readonly RouteLike[];
}
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
type MatchRoutes = (routes: readonly RouteLike[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
/** A remembered answer, without the route objects: each match's route id. */
type Template = { params: Match["params"]; parts: { id: string; pathname: string; pathnameBase: string }[] } | null;
interface Table {
  /** The shape's key; null when the routes cannot be told apart by id. */
  shape: string | null;
  byId: Map<string, RouteLike>;
}

const MAX_PATHNAMES = 2_000;
const MAX_SHAPES = 8;
const installed = Symbol.for("darna.routeMatchCache");

const tables = new WeakMap<object, Table>();

function describeTable(routes: readonly RouteLike[]): Table {
  let table = tables.get(routes);
  if (table) return table;
  const byId = new Map<string, RouteLike>();
  const parts: string[] = [];
  let distinct = true;
  const walk = (list: readonly RouteLike[]) => {
    parts.push("[");
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) distinct = false;
      else byId.set(route.id, route);
      parts.push(
        JSON.stringify([route.id ?? null, route.path ?? null, route.index === true, route.caseSensitive === true]),
      );
      if (route.children?.length) walk(route.children);
    }
    parts.push("]");
  };
  walk(routes);
  table = { shape: distinct ? parts.join("") : null, byId };
  tables.set(routes, table);
  return table;
}

function toTemplate(matches: Match[] | null): Template {
  if (!matches) return null;
  return {
    params: { ...(matches.at(-1)?.params ?? {}) },
    parts: matches.map((match) => ({ id: match.route.id as string, pathname: match.pathname, pathnameBase: match.pathnameBase })),
  };
}

function fromTemplate(template: Template, byId: Map<string, RouteLike>): Match[] | null {
  if (!template) return null;
  // React Router's matches share one params object; so do these (a fresh one per answer).
  const params = { ...template.params };
  return template.parts.map((part) => ({ params, pathname: part.pathname, pathnameBase: part.pathnameBase, route: byId.get(part.id)! }));
}

/** Most recently used last: a Map keeps insertion order, so the oldest entry is first. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/** Installs the cache once on the server's @remix-run/router; returns the wrapped function. */
export function installRouteMatchCache(): MatchRoutes {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { [installed]?: true } };
  if (router.matchRoutes[installed]) return router.matchRoutes;
  const original = router.matchRoutes;
  const byShape = new Map<string, Map<string, Template>>();
  const byObject = new WeakMap<object, Map<string, Template>>();
  const cached: MatchRoutes & { [installed]?: true } = (routes, location, basename) => {
    // Only plain string locations and pathname-only objects: a search or hash never changes the match.
    const pathname = typeof location === "string" ? location.split(/[?#]/)[0]! : location.pathname;
    if (pathname === undefined) return original(routes, location, basename);
    const table = describeTable(routes);
    let memo = table.shape === null ? byObject.get(routes) : byShape.get(table.shape);
    if (!memo) {
      memo = new Map();
      if (table.shape === null) byObject.set(routes, memo);
      else touch(byShape, table.shape, memo, MAX_SHAPES);
    }
    const key = `${basename ?? "/"}\u0000${pathname}`;
    let template = memo.get(key);
    if (template === undefined) {
      const matches = original(routes, location, basename);
      // Id-less tables: the answer itself is kept (its routes are this table's).
      if (table.shape === null) {
        touch(memo, key, matches as unknown as Template, MAX_PATHNAMES);
        return matches;
      }
      template = toTemplate(matches);
    } else if (table.shape === null) {
      touch(memo, key, template, MAX_PATHNAMES);
      return template as unknown as Match[] | null;
    }
    touch(memo, key, template, MAX_PATHNAMES);
    return fromTemplate(template, table.byId);
  };
  cached[installed] = true;
  router.matchRoutes = cached;
  return cached;
}

type CreateServerRoutes = ((
  manifest: Record<string, unknown>,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown) & { [installed]?: true };

/**
 * Installs, once, the memo of @remix-run/react's server route tree (the CommonJS build the server
 * renders with calls it through its exports object): one tree per manifest, kept while the route
 * modules handed with it are the same ones.
 */
export function installServerRoutesCache(): CreateServerRoutes {
  const routes = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
  if (routes.createServerRoutes[installed]) return routes.createServerRoutes;
  const original = routes.createServerRoutes;
  const trees = new WeakMap<object, { routeModules: Record<string, unknown>; future: unknown; isSpaMode: boolean; tree: unknown }>();
  const sameModules = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    if (a === b) return true;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) if (a[key] !== b[key]) return false;
    return true;
  };
  const cached: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Only the top call (a whole tree); the recursion inside calls the original by name anyway.
    if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const known = trees.get(manifest);
    if (known && known.future === future && known.isSpaMode === isSpaMode && sameModules(known.routeModules, routeModules)) {
      return known.tree;
    }
    const tree = original(manifest, routeModules, future, isSpaMode);
    trees.set(manifest, { routeModules, future, isSpaMode, tree });
    return tree;
  };
  cached[installed] = true;
  routes.createServerRoutes = cached;
  installDataRoutesCache();
  return cached;
}

type ConvertRoutes = ((
  routes: readonly object[],
  mapRouteProperties: unknown,
  parentPath?: readonly string[],
  manifest?: Record<string, unknown>,
) => object[]) & { [installed]?: true };

/**
 * React Router's static router (react-router-dom/server's createStaticRouter, through the
 * CommonJS exports of @remix-run/router) turns the route tree into data routes on every render,
 * filling a new manifest by id. For the same tree and route properties mapping the answer is the
 * same: it is built once, and each caller's manifest is filled from the remembered one. The data
 * routes are only read after (rendering and matching); nested and other calls go to React Router.
 */
export function installDataRoutesCache(): ConvertRoutes {
  const router = createRequire(import.meta.url)("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
  if (router.UNSAFE_convertRoutesToDataRoutes[installed]) return router.UNSAFE_convertRoutesToDataRoutes;
  const original = router.UNSAFE_convertRoutesToDataRoutes;
  const known = new WeakMap<object, { mapRouteProperties: unknown; dataRoutes: object[]; manifest: Record<string, unknown> }>();
  const cached: ConvertRoutes = (routes, mapRouteProperties, parentPath, manifest) => {
    if ((parentPath && parentPath.length > 0) || !manifest) return original(routes, mapRouteProperties, parentPath, manifest);
    let entry = known.get(routes);
    if (!entry || entry.mapRouteProperties !== mapRouteProperties) {
      const built: Record<string, unknown> = {};
      entry = { mapRouteProperties, dataRoutes: original(routes, mapRouteProperties, parentPath, built), manifest: built };
      known.set(routes, entry);
    }
    Object.assign(manifest, entry.manifest);
    return entry.dataRoutes;
  };
  cached[installed] = true;
  router.UNSAFE_convertRoutesToDataRoutes = cached;
  return cached;
}
