import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once JavaScript runs in the browser. Parts that
 * only make sense with JavaScript (timers, drag, auto-submit) switch on with it, after hydration,
 * so the server's HTML and the first client render always match.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
