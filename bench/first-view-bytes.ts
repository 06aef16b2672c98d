// First-view bytes (issue 18 points 2, 4 and 5; ADR 230, 231, 238): every byte the browser
// receives for a cold load of each page at 412 px, DPR 1.75, JavaScript on, as Lighthouse's
// total-byte-weight counts them: the page's own responses AND the service worker's (its script,
// what it fetches at install). Chromium's network log of the page (encodedDataLength) does not see
// the worker's requests, so the pages are loaded through a counting TCP proxy in front of the
// server: the total is every byte the server sent to the browser (headers and bodies, compressed),
// counted until the service worker is ready and the connections have been quiet for 2 s, with the
// HTTP cache of the page and of the worker disabled, as Lighthouse does.
// Each figure is printed beside its target (≤ 250 KB; ≤ 100 KB with --save-data on home, search
// and property). `npm run bench -- pages` (bench/pages-first-view.bench.ts) builds build-bench/ if
// needed, serves it and runs both; alone, against a running production build (the worker only
// exists there) whose start-up job gave the demo photos their AVIF and 800 px variants at least a
// minute before (ADR 230; the home page's sections are cached a minute):
//   npx tsx bench/first-view-bytes.ts http://127.0.0.1:3100 [--save-data]
import net from "node:net";
import os from "node:os";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const saveData = process.argv.includes("--save-data");
const TARGET_KB = saveData ? 100 : 250;

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A TCP proxy on a free port that counts the bytes the server sends back, and when it last did. */
async function countingProxy(target: URL) {
  const state = { bytes: 0, lastActivity: Date.now() };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 80), target.hostname);
    sockets.add(client).add(upstream);
    upstream.on("data", (chunk: Buffer) => {
      state.bytes += chunk.length;
      state.lastActivity = Date.now();
    });
    client.on("data", () => (state.lastActivity = Date.now()));
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    async quiet(ms: number, maxMs: number) {
      const start = Date.now();
      while (Date.now() - state.lastActivity < ms && Date.now() - start < maxMs) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const proxy = await countingProxy(new URL(base));
// Lighthouse disables the HTTP cache of the page AND of its service worker (what the worker
// fetches at install is downloaded again, not taken from what the page just cached). Playwright
// does the same for every request it routes; with this switch it routes the worker's too.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });

interface Measure {
  bytes: number;
  pageBytes: number;
  images: number;
  scripts: number;
  requests: number;
  leaflet: number;
  serviceWorker: boolean;
}

async function measure(path: string): Promise<Measure> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: saveData ? { "Save-Data": "on" } : {},
  });
  await context.route("**/*", (route) => route.continue());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const counts = { pageBytes: 0, requests: 0, images: 0, scripts: 0, leaflet: 0 };
  cdp.on("Network.responseReceived", (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => {
    counts.pageBytes += event.encodedDataLength;
    counts.requests += 1;
    const type = types.get(event.requestId);
    if (type === "Image") counts.images += event.encodedDataLength;
    if (type === "Script") counts.scripts += event.encodedDataLength;
    if (/leaflet|tile/i.test(urls.get(event.requestId) ?? "")) counts.leaflet += 1;
  });
  const before = proxy.state.bytes;
  await page.goto(proxy.url + path, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  // The worker registers after `load`; what it fetches at install is part of the first view.
  const serviceWorker = await page
    .evaluate(() =>
      "serviceWorker" in navigator && document.querySelector("script")
        ? Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))])
        : false,
    )
    .catch(() => false);
  await proxy.quiet(2000, 20_000);
  await context.close();
  return { bytes: proxy.state.bytes - before, ...counts, serviceWorker };
}

// A property and an establishment to open: the first of each kind in the search's pages.
async function firstIds(): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (let page = 1; page <= 20 && !(ids.property && ids.establishment); page += 1) {
    const response = await fetch(`${base}/api/v1/properties?page=${page}`);
    const body = (await response.json()) as { items: Array<{ id: number; kind: string }>; pageCount: number };
    for (const item of body.items) ids[item.kind] ??= item.id;
    if (page >= body.pageCount) break;
  }
  return ids;
}
const { property, establishment } = await firstIds();

const stay = `checkIn=${isoDaysFromNow(40)}&checkOut=${isoDaysFromNow(43)}&adults=2`;
const pages: Array<[string, string, boolean]> = [
  ["home", "/", true],
  ["search", `/accommodation?destination=Hammamet&${stay}`, true],
  ["property", `/property-details/${property}?${stay}`, true],
  ["establishment", `/establishment-details/${establishment}?${stay}`, !saveData],
  ["map", "/search-by-map?destination=Hammamet", !saveData],
];
const [load1, load5] = os.loadavg();
console.log(`first view at 412 px, DPR 1.75, cold cache${saveData ? ", Save-Data: on" : ""}, service worker included — ${base}`);
console.log(`${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; load ${load1!.toFixed(2)} / ${load5!.toFixed(2)} (1 / 5 min)`);
let misses = 0;
for (const [name, path, targeted] of pages) {
  const result = await measure(path);
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  const ok = !targeted || result.bytes / 1024 <= TARGET_KB;
  if (!ok) misses += 1;
  console.log(
    `${name.padEnd(13)} ${kb(result.bytes).padStart(9)}${targeted ? ` (≤ ${TARGET_KB})${ok ? "" : " ✗"}` : " (no target)"}  page ${kb(result.pageBytes)}, service worker and the rest ${kb(Math.max(0, result.bytes - result.pageBytes))}${result.serviceWorker ? "" : " (no worker)"}; images ${kb(result.images)}, scripts ${kb(result.scripts)}, ${result.requests} page responses, leaflet/tile responses ${result.leaflet}  ${path}`,
  );
}
console.log(`${misses} figure(s) miss their target`);
await browser.close();
await proxy.close();
