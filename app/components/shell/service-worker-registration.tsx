import { useEffect } from "react";

/**
 * Registers /sw.js (ADR 234) once the page has loaded, when `enabled`, with the page's language
 * (/sw.js?lang=fr: the worker keeps the offline page in that language only, ADR 238). A visitor
 * who has a worker already keeps it (the browser checks it for updates by itself): a language
 * switch must not install it again. Data-saver mode passes false (a page without JavaScript
 * registers nothing anyway), and so does any caller that must not install it; the worker only
 * exists in production builds (scripts/build-service-worker.mjs).
 */
export function ServiceWorkerRegistrar({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator) || !import.meta.env.PROD) return;
    const register = () =>
      void navigator.serviceWorker
        .getRegistration()
        .then((existing) => existing ?? navigator.serviceWorker.register(`/sw.js?lang=${encodeURIComponent(document.documentElement.lang)}`))
        .catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, [enabled]);
  return null;
}
