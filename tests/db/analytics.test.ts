import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { action as pageViewAction, loader as pageViewLoader } from "~/routes/api.v1.analytics.page-view";
import { recordNavigationPageView, recordPageView, trackEvent } from "~/services/analytics/analytics.server";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const apiEn = JSON.parse(fs.readFileSync("locales/en/api.json", "utf8"));
const apiFr = JSON.parse(fs.readFileSync("locales/fr/api.json", "utf8"));
const TEMPLATE = "/api/v1/analytics/page-view";

beforeEach(async () => {
  await AnalyticsEvent.destroy({ where: {} });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function events() {
  const rows = await AnalyticsEvent.findAll({ order: [["id", "ASC"]] });
  return rows.map((row) => ({
    name: row.name,
    path: row.path,
    userId: row.userId,
    value: row.value,
    properties: row.properties ? JSON.parse(row.properties) : null,
  }));
}

function postPageView(body: string, contentType: string | null = "text/plain;charset=UTF-8", query = "") {
  const headers: Record<string, string> = {};
  if (contentType) headers["Content-Type"] = contentType;
  const request = new Request(`http://localhost${TEMPLATE}${query}`, { method: "POST", body, headers });
  return pageViewAction({ request, params: {}, context: {} });
}

describe("page views", () => {
  it("a document request records exactly one Page View with its path and query", async () => {
    await recordPageView(new Request("http://localhost/fr/accommodation?page=2"));
    expect(await events()).toEqual([
      { name: "Page View", path: "/fr/accommodation?page=2", userId: null, value: null, properties: { source: "document" } },
    ]);
  });

  it("records the signed-in user's id when given", async () => {
    await recordPageView(new Request("http://localhost/"), { userId: 42 });
    await recordNavigationPageView("/es/host", 7);
    expect((await events()).map((e) => [e.path, e.userId, e.properties.source])).toEqual([
      ["/", 42, "document"],
      ["/es/host", 7, "navigation"],
    ]);
  });

  it("a document's page view (entry.server.tsx) keeps its status, a not-found page included", async () => {
    await recordPageView(new Request("http://localhost/fr/accommodation"), { status: 200 });
    await recordPageView(new Request("http://localhost/no-such-page?x=1"), { userId: 42, status: 404 });
    expect(await events()).toEqual([
      { name: "Page View", path: "/fr/accommodation", userId: null, value: null, properties: { source: "document", status: 200 } },
      { name: "Page View", path: "/no-such-page?x=1", userId: 42, value: null, properties: { source: "document", status: 404 } },
    ]);
  });

  it("POST /api/v1/analytics/page-view (a beacon's text/plain JSON) records one navigation page view: 204", async () => {
    const response = await postPageView(JSON.stringify({ path: "/fr/accommodation?city=sousse" }));
    expect(response.status).toBe(204);
    await expectApiResponseMatchesOpenApi("post", TEMPLATE, response);
    expect(await events()).toEqual([
      {
        name: "Page View",
        path: "/fr/accommodation?city=sousse",
        userId: null,
        value: null,
        properties: { source: "navigation" },
      },
    ]);
  });

  it("accepts application/json too", async () => {
    const response = await postPageView(JSON.stringify({ path: "/" }), "application/json");
    expect(response.status).toBe(204);
    expect(await events()).toHaveLength(1);
  });

  it.each([
    ["another site", { path: "https://evil.example/" }, "path", "localPath"],
    ["a protocol-relative path", { path: "//evil.example/x" }, "path", "localPath"],
    ["a relative path", { path: "fr/host" }, "path", "localPath"],
    ["no path", {}, "path", "required"],
    ["a number", { path: 12 }, "path", "invalid"],
  ])("refuses %s with a documented 400 and per-field message, recording nothing", async (_name, body, field, key) => {
    const response = await postPageView(JSON.stringify(body), "application/json", "?lng=fr");
    expect(response.status).toBe(400);
    const json = (await expectApiResponseMatchesOpenApi("post", TEMPLATE, response)) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(json.error.code).toBe("invalid_input");
    expect(json.error.message).toBe(apiFr.errors.invalid_input);
    expect(json.error.fields[field]).toBe(apiFr.fields[key]);
    expect(await events()).toEqual([]);
  });

  it("refuses a body that is not JSON (400) and a form body (415)", async () => {
    const notJson = await postPageView("path=/", "text/plain");
    expect(notJson.status).toBe(400);
    expect(((await expectApiResponseMatchesOpenApi("post", TEMPLATE, notJson)) as { error: { code: string } }).error.code).toBe(
      "invalid_json",
    );
    const form = await postPageView("path=%2F", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    expect(((await expectApiResponseMatchesOpenApi("post", TEMPLATE, form)) as { error: { message: string } }).error.message).toBe(
      apiEn.errors.unsupported_media_type,
    );
    expect(await events()).toEqual([]);
  });

  it("answers GET with a documented JSON 405", async () => {
    const response = await pageViewLoader({ request: new Request(`http://localhost${TEMPLATE}`), params: {}, context: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    await expectApiResponseMatchesOpenApi("post", TEMPLATE, response);
  });
});

describe("trackEvent", () => {
  it.each([
    [1234.4, 1234],
    [1234.5, 1235],
    [99.99, 100],
    [0.49, 0],
    [250_000, 250_000],
    [null, null],
    [Number.NaN, null],
  ])("stores value %s as %s", async (value, stored) => {
    await trackEvent("Completed Reservation", { value, userId: 3, properties: { reservation: "R-1" } });
    expect(await events()).toEqual([
      { name: "Completed Reservation", path: null, userId: 3, value: stored, properties: { reservation: "R-1" } },
    ]);
  });

  it("does not throw when the database write fails, and logs it", async () => {
    vi.spyOn(AnalyticsEvent, "create").mockRejectedValue(new Error("SQLITE_BUSY: database is locked"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(trackEvent("Booked Trip", { value: 10 })).resolves.toBeUndefined();
    await expect(recordPageView(new Request("http://localhost/"))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("the page-view endpoint still answers 204 when the write fails", async () => {
    vi.spyOn(AnalyticsEvent, "create").mockRejectedValue(new Error("connection lost"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postPageView(JSON.stringify({ path: "/" }));
    expect(response.status).toBe(204);
  });
});
