// First-view bytes (issue 18 points 2, 4 and 5; ADR 230/231): every byte the browser receives
// (headers and bodies as sent, compressed) for a cold load of each page at 412 px, DPR 1.75,
// as Chromium's network log counts them (encodedDataLength), once the network is idle.
//   npx tsx bench/first-view-bytes.ts http://127.0.0.1:3100 [--save-data]
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const saveData = process.argv.includes("--save-data");

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });

async function measure(path: string): Promise<{ bytes: number; requests: number; images: number; scripts: number; leaflet: number }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: saveData ? { "Save-Data": "on" } : {},
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  let bytes = 0;
  const counts = { requests: 0, images: 0, scripts: 0, leaflet: 0 };
  cdp.on("Network.responseReceived", (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
    counts.requests += 1;
    const type = types.get(event.requestId);
    if (type === "Image") counts.images += event.encodedDataLength;
    if (type === "Script") counts.scripts += event.encodedDataLength;
    if (/leaflet|tile/i.test(urls.get(event.requestId) ?? "")) counts.leaflet += 1;
  });
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await context.close();
  return { bytes, ...counts };
}

// A property to open: the first result of the search.
const probe = await browser.newPage();
await probe.goto(`${base}/accommodation?destination=Hammamet`);
const href = await probe.locator("[data-testid=listing-card] h3 a, [data-testid=listing-card] h2 a").first().getAttribute("href");
await probe.close();

const checkIn = isoDaysFromNow(40);
const checkOut = isoDaysFromNow(43);
const pages: Array<[string, string]> = [
  ["home", "/"],
  ["search", `/accommodation?destination=Hammamet&checkIn=${checkIn}&checkOut=${checkOut}&adults=2`],
  ["property", href ?? "/"],
  ["map", "/search-by-map?destination=Hammamet"],
];
console.log(`first view at 412 px, DPR 1.75, cold cache${saveData ? ", Save-Data: on" : ""} — ${base}`);
for (const [name, path] of pages) {
  const result = await measure(path);
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  console.log(
    `${name.padEnd(9)} ${kb(result.bytes).padStart(9)}  (images ${kb(result.images)}, scripts ${kb(result.scripts)}, ${result.requests} responses, leaflet/tile responses ${result.leaflet})  ${path}`,
  );
}
await browser.close();
