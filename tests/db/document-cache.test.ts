// ADR 244 (issue 18 point 8): the document cache on the real database (SQLite, and MariaDB with
// TEST_DATABASE_URL). A page is a stand-in for Remix that renders the property
// loader's data; a write through a service (a night blocked by its host) makes
// the next page a miss that shows the new state, while the page views written in the
// background keep the stored page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import * as propertyRoute from "~/routes/($lang).property-details.($id)";
import { flushPageViews, queuePageView } from "~/services/analytics/page-view-queue.server";
import { setBlocked } from "~/services/calendar/calendar.server";
import { documentCache } from "~/services/document-cache/document-cache.server";
import { DOCUMENT_CACHE_MARKER } from "~/services/document-cache/route-opt-in";
import { pageCaching } from "~/utils/page-caching.server";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicListing } from "../factories/discovery-factories";

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(documentCache({ maxBytes: 8 * 1024 * 1024 }));
  app.use(pageCaching());
  app.get("/property-details/:id", async (req, res) => {
    const result = await callRoute(propertyRoute.loader, makeRequest(req.originalUrl), { params: { id: req.params.id } });
    res.setHeader(DOCUMENT_CACHE_MARKER, "1");
    res.status(result.status).type("text/html").end(`<!DOCTYPE html><pre>${JSON.stringify(result.data)}</pre>`);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function page(path: string): Promise<{ cache: string | null; html: string }> {
  const response = await fetch(`${base}${path}`, { headers: { "accept-language": "en" } });
  expect(response.status).toBe(200);
  return { cache: response.headers.get("x-darna-cache"), html: await response.text() };
}

/** The second request, once the first answer is stored (its compression is asynchronous). */
async function storedPage(path: string): Promise<{ cache: string | null; html: string }> {
  await page(path);
  for (let attempt = 0; attempt < 50; attempt++) {
    const again = await page(path);
    if (again.cache === "hit") return again;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never served from the cache`);
}

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);
/** The night's status in the loader data's calendar (each month's statuses from its first day, ADR 247). */
function statusOf(html: string, date: string): string | undefined {
  const data = JSON.parse(/<pre>(.*)<\/pre>/s.exec(html)![1]!) as { calendar: Array<{ month: string; statuses: string[] }> };
  return data.calendar.find((month) => month.month === date.slice(0, 7))?.statuses[Number(date.slice(8, 10)) - 1];
}

describe("the document cache on the database", () => {
  it("keeps a property page through page views, and renders it again once its host blocks a night", async () => {
    const listing = await createPublicListing();
    const path = `/property-details/${listing.id}`;
    const night = day(6);
    const before = await storedPage(path);
    expect(statusOf(before.html, night)).toBe("free");

    queuePageView({ url: `${base}${path}` }, { status: 200 });
    await flushPageViews();
    expect((await page(path)).cache).toBe("hit");

    await setBlocked({ id: listing.hostId, role: "user" }, listing.id, { kind: "range", from: night, to: night }, true);
    const after = await page(path);
    expect(after.cache).toBe("miss");
    expect(statusOf(after.html, night)).toBe("blocked");
  });
});
