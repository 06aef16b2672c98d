// The start-up step of SPEC.md §2: one function, run once 1 second after the page has loaded
// (ADR 145). It serves what a slow connection gains from: for a signed-in user it starts the
// realtime socket (kept off the page's own loading) and prefetches the user's next likely page;
// for a signed-out visitor it does nothing at all.
import { PrefetchPageLinks } from "@remix-run/react";
import { useEffect, useState } from "react";

export const STARTUP_DELAY_MS = 1000;

/** True from 1 s after page load while `signedIn` (after signing in on a loaded page: 1 s after). */
export function useStartupStep(signedIn: boolean): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!signedIn) {
      setStarted(false);
      return;
    }
    let timer: number | undefined;
    const startUp = () => {
      timer = window.setTimeout(() => setStarted(true), STARTUP_DELAY_MS);
    };
    if (document.readyState === "complete") startUp();
    else window.addEventListener("load", startUp, { once: true });
    return () => {
      window.removeEventListener("load", startUp);
      window.clearTimeout(timer);
    };
  }, [signedIn]);
  return started;
}

/** Route modules and loader data of the next likely page, as <link rel="prefetch"> / modulepreload. */
export function NextPagePrefetch({ page }: { page: string }) {
  return <PrefetchPageLinks page={page} />;
}
