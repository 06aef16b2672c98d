// Issue 18 point 8, ADR 232: React Router flattens and ranks the whole route table on every
// matchRoutes call (~200 route files, doubled by the optional `($lang)` segment) and compiles a
// RegExp for each branch it tries; Remix's request handler calls it for every request. The route
// table of a production build never changes, so a request's matches depend only on (routes,
// pathname): this memoizes them, per routes array, for the most recent MAX_PATHNAMES pathnames.
// It wraps the export of the CommonJS build of @remix-run/router, the copy
// @remix-run/server-runtime calls through its exports object; the browser's router (the ES build,
// whose routes grow with lazy route discovery) is untouched.
import { createRequire } from "node:module";

type MatchRoutes = (routes: readonly object[], location: string | { pathname?: string }, basename?: string) => unknown;

const MAX_PATHNAMES = 2_000;
const installed = Symbol.for("darna.routeMatchCache");

/** Installs the cache once on the server's @remix-run/router; returns the wrapped function. */
export function installRouteMatchCache(): MatchRoutes {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { [installed]?: true } };
  if (router.matchRoutes[installed]) return router.matchRoutes;
  const original = router.matchRoutes;
  const byRoutes = new WeakMap<object, Map<string, unknown>>();
  const cached: MatchRoutes & { [installed]?: true } = (routes, location, basename) => {
    // Only plain string locations and pathname-only objects: a search or hash never changes the match.
    const pathname = typeof location === "string" ? location.split(/[?#]/)[0]! : location.pathname;
    if (pathname === undefined) return original(routes, location, basename);
    let memo = byRoutes.get(routes);
    if (!memo) byRoutes.set(routes, (memo = new Map()));
    const key = `${basename ?? "/"}\u0000${pathname}`;
    if (memo.has(key)) {
      const matches = memo.get(key);
      // Most recently used last: Map keeps insertion order, so the oldest is first.
      memo.delete(key);
      memo.set(key, matches);
      return matches;
    }
    const matches = original(routes, location, basename);
    memo.set(key, matches);
    if (memo.size > MAX_PATHNAMES) memo.delete(memo.keys().next().value!);
    return matches;
  };
  cached[installed] = true;
  router.matchRoutes = cached;
  return cached;
}
