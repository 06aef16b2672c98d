// The public pages the page benches measure, found on a running seeded server: the home page,
// the search with dates, and the first property that search lists.
import { ensureBuild, startDarnaServer, waitFor, type DarnaServer, type RunningServer } from "./servers";

export interface BenchPage {
  name: string;
  path: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000);

/** /accommodation with a three-night stay a month ahead for two adults. */
export function searchWithDatesPath(): string {
  return `/accommodation?checkIn=${isoDay(daysAhead(30))}&checkOut=${isoDay(daysAhead(33))}&adults=2`;
}

/** Home, /accommodation with dates, and the first property that search lists. */
export async function publicPages(baseUrl: string): Promise<BenchPage[]> {
  const search = searchWithDatesPath();
  const html = await (await fetch(`${baseUrl}${search}`, { headers: { "accept-language": "en" } })).text();
  const property = html.match(/href="(\/property-details\/\d+)[^"]*"/)?.[1];
  if (!property) throw new Error("bench: the search with dates lists no property");
  return [
    { name: "home", path: "/" },
    { name: "search", path: search },
    { name: "property", path: property },
  ];
}

/**
 * What the page benches share: the build in `buildDir`, a seeded Darna and its public pages;
 * `run` may start more servers and hand them to `keep`. Every server is stopped when `run` ends,
 * throws or the bench is interrupted (130, 143).
 */
export async function runPageBench(
  buildDir: string,
  run: (darna: DarnaServer, pages: BenchPage[], keep: (server: RunningServer) => void) => Promise<void>,
): Promise<void> {
  const servers: RunningServer[] = [];
  const stopAll = async () => {
    for (const server of servers.splice(0)) await server.stop();
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  process.once("SIGTERM", () => void stopAll().then(() => process.exit(143)));
  try {
    ensureBuild(buildDir);
    const darna = await startDarnaServer(buildDir);
    servers.push(darna);
    await run(darna, await publicPages(darna.url), (server) => servers.push(server));
  } finally {
    await stopAll();
  }
}

/**
 * Waits for the pages a visitor would see once the site has settled: the demo photos' AVIF and
 * 800 px variants are made by a job after seeding (ADR 230) and the home page's sections are
 * cached a minute, so the first minute's pages are not the ones to measure (ADR 238).
 */
export async function waitForSettledPages(darna: RunningServer): Promise<void> {
  await waitFor(() => /photos: \d+ stored photo/.test(darna.output()), 180_000, "the photos' variant job did not run").catch((error: Error) => console.log(error.message));
  console.log("bench: the photos' variants are made; waiting a minute for the home page's cache …");
  await new Promise((resolve) => setTimeout(resolve, 61_000));
}
