// SPEC.md §2: a page-view event on every route or query change. The server counts each document
// request (entry.server.tsx); this reports the client-side navigations that follow hydration.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

// Where client navigations are reported (POST, api.v1.analytics.page-view). Not taken from
// ~/schemas/analytics: its zod schema would come with it into every page's JavaScript.
export const PAGE_VIEW_ENDPOINT = "/api/v1/analytics/page-view";

/** Sends one page view without delaying the page: a beacon, else a keep-alive fetch. */
export function sendPageView(path: string, endpoint = PAGE_VIEW_ENDPOINT, kind?: "hydration"): void {
  const body = JSON.stringify(kind ? { path, kind } : { path });
  try {
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
      // A string is sent as text/plain: no CORS preflight, and the endpoint reads it as JSON.
      if (navigator.sendBeacon(endpoint, body)) return;
    }
    void fetch(endpoint, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {});
  } catch {
    // Analytics never breaks a page.
  }
}

/** Decides which locations to report: none for the first (the server counted it), then each
 * change of path or query (not of the hash, and not the same location again). */
export function createPageViewTracker(report: (path: string) => void) {
  let last: string | null = null;
  return (location: { pathname: string; search: string }) => {
    const path = location.pathname + location.search;
    if (last === null) {
      last = path;
      return;
    }
    if (path === last) return;
    last = path;
    report(path);
  };
}

/** Rendered once in the root layout; renders nothing. */
export function PageViewReporter({ endpoint = PAGE_VIEW_ENDPOINT }: { endpoint?: string }) {
  const { pathname, search } = useLocation();
  const track = useRef<ReturnType<typeof createPageViewTracker> | null>(null);
  const location = useRef({ pathname, search });
  location.current = { pathname, search };
  useEffect(() => {
    // Once per document, after hydration: the page ran JavaScript (the dashboard's
    // JavaScript-off share compares these with document page views; ADR 171).
    sendPageView(location.current.pathname + location.current.search, endpoint, "hydration");
  }, [endpoint]);
  useEffect(() => {
    // Effects run only in the browser, after hydration.
    track.current ??= createPageViewTracker((path) => sendPageView(path, endpoint));
    track.current({ pathname, search });
  }, [pathname, search, endpoint]);
  return null;
}
