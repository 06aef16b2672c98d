// Issue 18 point 8, ADR 244: a signed-out visitor's second request of a property page is served
// from the document cache with the same HTML; a signed-in visitor never is and sees their own
// header; after the host blocks a night through the app, the anonymous page shows it taken.
// On a server of its own with the cache on (the journeys' server runs without it: their
// factories write from this process, which the cache only sees through its time limit).
import { createListing, createUser, signIn } from "./support/factories";
import { expect, isoDaysFromNow, test } from "./support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/server";

let server: ExtraServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    DATA_DIR: process.env.E2E_DATA_DIR!,
    DOCUMENT_CACHE_MB: "32",
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  await expect.poll(async () => (await fetch(`${server!.baseURL}/healthz`)).status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
});

const ANONYMOUS = { "accept-language": "en", accept: "text/html" };

async function anonymousPage(path: string): Promise<{ cache: string | null; html: string; policy: string }> {
  const response = await fetch(`${server!.baseURL}${path}`, { headers: ANONYMOUS });
  expect(response.status).toBe(200);
  // The route's mark for the cache never leaves the server.
  expect(response.headers.get("x-darna-document-cache")).toBeNull();
  return { cache: response.headers.get("x-darna-cache"), html: await response.text(), policy: response.headers.get("content-security-policy") ?? "" };
}

const nightStatus = (html: string, date: string) => new RegExp(`data-date="${date}"[^>]*data-status="(\\w+)"`).exec(html)?.[1];

test("a property page is served again to signed-out visitors until the host blocks a night", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const listing = await createListing({ host });
  const traveler = await createUser({ firstName: `Zeineb${Date.now().toString(36)}` });
  const path = `/property-details/${listing.id}`;
  const night = isoDaysFromNow(10);

  const first = await anonymousPage(path);
  expect(first.cache).toBe("miss");
  expect(first.html).toContain(listing.title);
  expect(nightStatus(first.html, night)).toBe("free");
  // A page asked once is not kept (ADR 253); asked again, it is compressed and stored once that answer has left.
  const second = await anonymousPage(path);
  expect(second.cache).toBe("miss");
  await expect.poll(async () => (await anonymousPage(path)).cache).toBe("hit");
  const again = await anonymousPage(path);
  expect(again.cache).toBe("hit");
  expect(again.html).toBe(second.html);
  // The stored page's scripts carry the nonce its policy names.
  const nonce = /'nonce-([^']+)'/.exec(again.policy)?.[1];
  expect(nonce).toBeTruthy();
  for (const tag of again.html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);

  // A signed-in visitor gets their own page, never the stored one.
  const context = await browser.newContext({ baseURL: server!.baseURL, javaScriptEnabled, locale: "en-GB", timezoneId: "Africa/Tunis" });
  const page = await context.newPage();
  await signIn(page, traveler, javaScriptEnabled);
  for (let visit = 0; visit < 2; visit++) {
    const response = await page.goto(path);
    expect(response?.headers()["x-darna-cache"]).toBe("bypass");
    await expect(page.locator(".user-menu__name")).toHaveText(traveler.firstName);
  }
  await context.close();
  expect((await anonymousPage(path)).cache).toBe("hit");

  // The host blocks the night through the app: the next anonymous page is rendered again and shows it taken.
  const tokenResponse = await fetch(`${server!.baseURL}/api/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: host.email, password: host.password }),
  });
  expect(tokenResponse.status).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const blocked = await fetch(`${server!.baseURL}/api/v1/host/listings/${listing.id}/calendar/blocks`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ from: night }),
  });
  expect(blocked.status).toBe(200);
  const after = await anonymousPage(path);
  expect(after.cache).toBe("miss");
  expect(nightStatus(after.html, night)).not.toBe("free");
});
