// The service worker (ADR 234, ADR 238), bundled by scripts/build-service-worker.mjs and given its
// precache list by workbox-build's injectManifest. Its first visit costs the visitor little: it
// precaches only the favicon and the web manifest (< 1 KB) and, at install, the offline page in
// the visitor's language (the `lang` of its registration URL, /sw.js?lang=fr). Hashed assets are
// kept the first time a page it controls loads them (cache first: their names change with their
// content; those the first page loaded come from the browser's HTTP cache, not the network). A
// page that cannot be loaded offline is answered with the offline page in its language (kept the
// first time a page in another language is opened), and the traveler's upcoming reservation pages
// are kept (the page marks itself with data-offline-note) and shown offline with their "saved on
// …" note. Signing out deletes the kept pages. Nothing else of the site's HTML is stored.
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  navigator: { languages: readonly string[] };
}
const worker = self as unknown as WorkerScope;

const LANGUAGES = ["en", "fr", "es"];
// v2 (ADR 260): the offline page ships no JavaScript; v1's copies had the scripts that hydrated
// it as the page that could not load, then showed the error page. Deleted on activation.
const OFFLINE_CACHE = "darna-offline-v2";
const RETIRED_CACHES = ["darna-offline-v1"];
/** The traveler's kept reservation pages: private, deleted on sign-out. */
const SAVED_CACHE = "darna-saved-v1";
const SAVED_PAGE = /^(?:\/(?:en|fr|es))?\/reservation-details\/\d+$/;
const SIGN_OUT = /^(?:\/(?:en|fr|es))?\/auth\/logout(?:\.data)?$/;
const NOTE = "data-offline-note=";

// Written as `self.__WB_MANIFEST`: the place injectManifest looks for.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

worker.addEventListener("install", (event) => {
  // The offline page in the visitor's language only (the page that registered the worker says
  // which), fetched without cookies: it holds nothing private.
  const requested = new URL(location.href).searchParams.get("lang") ?? "";
  const language = LANGUAGES.includes(requested) ? requested : preferredLanguage();
  event.waitUntil(keepOfflinePage(language).then(() => worker.skipWaiting()));
});
worker.addEventListener("activate", (event) =>
  event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name))).then(() => worker.clients.claim())),
);

registerRoute(
  ({ url }) => url.origin === location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "darna-assets-v1", plugins: [new ExpirationPlugin({ maxEntries: 300 })] }),
);

registerRoute(
  ({ request, url }) => request.method === "POST" && SIGN_OUT.test(url.pathname),
  async ({ request }) => {
    await caches.delete(SAVED_CACHE);
    return fetch(request);
  },
  "POST",
);

registerRoute(
  ({ request }) => request.mode === "navigate",
  async ({ request, url, event }) => {
    try {
      const response = await fetch(request);
      if (SAVED_PAGE.test(url.pathname)) (event as ExtendableEvent).waitUntil(keepOrForget(url, response.clone()));
      // A page in a language whose offline page is not kept yet: keep it now (once per language).
      (event as ExtendableEvent).waitUntil(keepOfflinePage(languageOf(url.pathname)).catch(() => undefined));
      return response;
    } catch (error) {
      const saved = SAVED_PAGE.test(url.pathname) ? await (await caches.open(SAVED_CACHE)).match(url.pathname) : undefined;
      if (saved) return withNoteShown(saved);
      const offline = await offlinePage(languageOf(url.pathname));
      if (offline) return offline;
      throw error;
    }
  },
);

/** Keeps a reservation page that marks itself as an upcoming stay; forgets it otherwise (past, cancelled, signed out). */
async function keepOrForget(url: URL, response: Response) {
  const cache = await caches.open(SAVED_CACHE);
  const html = response.ok && !response.redirected ? await response.text() : "";
  if (html.includes(NOTE)) {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    await cache.put(url.pathname, new Response(html, { headers }));
  } else {
    await cache.delete(url.pathname);
  }
}

/** The kept copy with its "saved on …" note shown (the page renders it hidden). */
async function withNoteShown(saved: Response): Promise<Response> {
  const html = (await saved.text()).replace(/(data-offline-note=""[^>]*?) hidden=""/, "$1");
  return new Response(html, { headers: saved.headers });
}

/** Fetches and keeps the offline page in `language`, unless it is kept already. */
async function keepOfflinePage(language: string): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const path = `/${language}/offline`;
  if (await cache.match(path)) return;
  await cache.add(new Request(path, { credentials: "omit" }));
}

/** The kept offline page in `language`, else the one kept in any other language. */
async function offlinePage(language: string): Promise<Response | undefined> {
  const cache = await caches.open(OFFLINE_CACHE);
  return (await cache.match(`/${language}/offline`)) ?? (await firstKept(cache));
}

async function firstKept(cache: Cache): Promise<Response | undefined> {
  const [first] = await cache.keys();
  return first ? cache.match(first) : undefined;
}

/** The page's language prefix, else the browser's first language Darna speaks, else English. */
function languageOf(pathname: string): string {
  const prefix = pathname.split("/")[1] ?? "";
  return LANGUAGES.includes(prefix) ? prefix : preferredLanguage();
}

function preferredLanguage(): string {
  return worker.navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find((code) => LANGUAGES.includes(code)) ?? "en";
}
