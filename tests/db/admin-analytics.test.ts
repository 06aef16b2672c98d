// /admin/analytics (issue 17 point 5): operators only (403 for anyone else signed in, the sign-in
// page for strangers); the period comes from a plain GET form, a bad one is answered 400 with the
// translated error keys next to its fields; the hydration beacon is what the JavaScript-off share
// is measured against.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import * as analyticsRoute from "~/routes/($lang).admin.analytics";
import * as loginRoute from "~/routes/($lang).auth._index";
import { action as pageViewAction } from "~/routes/api.v1.analytics.page-view";
import type { AnalyticsDashboard } from "~/services/analytics/analytics-dashboard.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";

const operator = new CookieJar();
const traveler = new CookieJar();
const host = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  await logIn(operator, (await createAccount({ role: "operator" })).email);
  await logIn(traveler, (await createAccount()).email);
  await logIn(host, (await createAccount({ hostMode: true })).email);
});

type Page = { dashboard: AnalyticsDashboard; values: { from: string; to: string }; errors: Record<string, string[]>; presets: Array<{ days: number }> };

describe("/admin/analytics", () => {
  it("answers 403 to travelers and hosts and sends strangers to sign in", async () => {
    for (const jar of [traveler, host]) {
      expect((await callRoute(analyticsRoute.loader, makeRequest("/admin/analytics", { jar }))).status).toBe(403);
    }
    const anonymous = await callRoute(analyticsRoute.loader, makeRequest("/admin/analytics"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("shows operators the last 30 days by default, or the period asked for", async () => {
    const page = await callRoute(analyticsRoute.loader, makeRequest("/admin/analytics", { jar: operator }));
    expect(page.status).toBe(200);
    const { dashboard, presets } = page.data as Page;
    expect(dashboard.pageViewsPerDay).toHaveLength(30);
    expect(presets.map((preset) => preset.days)).toEqual([7, 30, 90, 365]);

    const asked = await callRoute(analyticsRoute.loader, makeRequest("/fr/admin/analytics?from=2026-01-05&to=2026-01-18", { jar: operator }));
    expect(asked.status).toBe(200);
    const period = (asked.data as Page).dashboard;
    expect(period.period).toEqual({ from: "2026-01-05", to: "2026-01-18" });
    expect(period.weeks.map((week) => week.week)).toEqual(["2026-01-05", "2026-01-12"]);
  });

  it.each([
    ["from=2026-13-01&to=2026-01-18", { from: ["admin-analytics:errors.date"] }],
    ["from=2026-01-18&to=2026-01-05", { to: ["admin-analytics:errors.order"] }],
    ["from=2025-01-01&to=2026-01-02", { to: ["admin-analytics:errors.tooLong"] }],
    ["to=2026-01-02", { from: ["admin-analytics:errors.date"] }],
  ])("refuses the period %s with translated errors next to the fields, keeping what was typed", async (query, errors) => {
    const page = await callRoute(analyticsRoute.loader, makeRequest(`/admin/analytics?${query}`, { jar: operator }));
    expect(page.status).toBe(400);
    const data = page.data as Page;
    expect(data.errors).toEqual(errors);
    expect(data.values).toEqual(Object.fromEntries(["from", "to"].map((name) => [name, new URLSearchParams(query).get(name) ?? ""])));
    expect(data.dashboard.pageViewsPerDay).toHaveLength(30);
    const en = JSON.parse(fs.readFileSync("locales/en/admin-analytics.json", "utf8"));
    for (const key of Object.values(errors).flat()) expect(en.errors[key.split(".").pop()!]).toBeTruthy();
  });

  it("records the hydration beacon as a Page Hydrated event, not as a page view", async () => {
    await AnalyticsEvent.destroy({ where: {} });
    const beacon = (body: unknown) =>
      callRoute(pageViewAction, new Request("http://localhost:4321/api/v1/analytics/page-view", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "text/plain" } }));
    expect((await beacon({ path: "/fr/accommodation?destination=Sousse", kind: "hydration" })).status).toBe(204);
    expect((await beacon({ path: "/fr/accommodation?destination=Sousse" })).status).toBe(204);
    expect((await beacon({ path: "/", kind: "other" })).status).toBe(400);
    const rows = await AnalyticsEvent.findAll({ order: [["id", "ASC"]] });
    expect(rows.map((row) => [row.name, row.page, row.source, row.destination])).toEqual([
      ["Page Hydrated", null, null, null],
      ["Page View", "search", "navigation", "sousse"],
    ]);
  });
});
