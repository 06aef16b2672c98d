// The host-standing pages of issue 13 through their loaders, actions and (for the banner) the
// rendered component: the host's dashboard says why their listings are suspended and what lifts
// it; /admin/hosts/{id} lets an operator impose or lift a suspension with a reason; /admin/quality
// lists the open quality checks and records passed, warned or suspended. Nobody else may see or post.
import fs from "node:fs";
import { createInstance } from "i18next";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { HostSuspensionEvent } from "~/db/models/host-suspension-event.server";
import { Job } from "~/db/models/job.server";
import { QualityCheck } from "~/db/models/quality-check.server";
import { TND } from "~/domain/money";
import * as hostRoute from "~/routes/($lang).admin.hosts.$id";
import * as qualityRoute from "~/routes/($lang).admin.quality";
import * as reportsRoute from "~/routes/($lang).admin.reviews";
import * as loginRoute from "~/routes/($lang).auth._index";
import DashboardListingsPage, * as dashboardRoute from "~/routes/($lang).dashboard.listings";
import { reportReview, saveReview } from "~/services/reviews/review-writes.server";
import { Review } from "~/db/models/review.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf, type RouteResult } from "../factories/account-requests";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { createCompletedStay, stars } from "../factories/review-factories";

// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const reviewsEn = JSON.parse(fs.readFileSync("locales/en/reviews.json", "utf8")) as { banner: { rating: string; operator: string } };
const operator = new CookieJar();
const stranger = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  const result = await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  expect(result.status).toBe(302);
}

beforeAll(async () => {
  await logIn(operator, (await createAccount({ role: "operator" })).email);
  await logIn(stranger, (await createAccount({ hostMode: true })).email);
});

/** A signed-in host with a public listing. */
async function signedInHost() {
  const host = await createAccount({ hostMode: true, firstName: "Hedi" });
  const listing = await createPublicListing({ hostId: host.id });
  const jar = new CookieJar();
  await logIn(jar, host.email);
  return { host, listing, jar };
}

async function reviewedAt(hostId: number, listingId: number, value: number) {
  const traveler = await createBookingUser();
  const stay = await createCompletedStay({ hostId, listingId, travelerId: traveler.id });
  return saveReview({ id: traveler.id, role: "user" }, stay.id, { text: "An honest comment on the stay.", ratings: stars(value) });
}

/** The page's component rendered in English with its loader's data, as the server does. */
async function render(Page: ComponentType, path: string, data: unknown): Promise<string> {
  const i18n = createInstance();
  const namespaces = fs.readdirSync("locales/en").map((file) => file.replace(/\.json$/, ""));
  await i18n.use(initReactI18next).init({
    lng: "en",
    ns: namespaces,
    defaultNS: "common",
    resources: { en: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/en/${ns}.json`, "utf8"))])) },
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "page", path: "*", element: createElement(Page) }] }],
    { initialEntries: [path], hydrationData: { loaderData: { root: { currency: TND, language: "en" }, page: data } } },
  );
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
}

function banner(html: string): string | null {
  const match = /data-testid="suspension-banner"[^>]*>([^<]*)</.exec(html);
  return match ? match[1]!.replace(/&#x27;/g, "'") : null;
}

async function dashboard(jar: CookieJar): Promise<string> {
  const result = await callRoute(dashboardRoute.loader, makeRequest("/dashboard/listings", { jar }));
  expect(result.status).toBe(200);
  return render(DashboardListingsPage, "/dashboard/listings", result.data);
}

describe("the host's dashboard (/dashboard/listings)", () => {
  it("shows no banner in good standing; below 4 stars over 3 reviews it says the rating and that reaching 4 lifts it", async () => {
    const { host, listing, jar } = await signedInHost();
    await reviewedAt(host.id, listing.id, 3);
    await reviewedAt(host.id, listing.id, 3);
    expect(banner(await dashboard(jar))).toBeNull();
    await reviewedAt(host.id, listing.id, 4);
    // (3 + 3 + 4) / 3 = 3.3
    expect(banner(await dashboard(jar))).toBe(reviewsEn.banner.rating.replace("{{rating}}", "3.3").replace("{{count}}", "3"));
    expect(banner(await dashboard(jar))).toContain("rises to 4");
  });

  it("after an operator's suspension it gives the operator's reason and says only Darna's team lifts it", async () => {
    const { host, jar } = await signedInHost();
    const imposed = await callRoute(hostRoute.action, makeRequest(`/admin/hosts/${host.id}`, { form: { decision: "impose", note: "Guests found the flat dirty." }, jar: operator }), {
      params: { id: String(host.id) },
    });
    expect(imposed.status).toBe(302);
    const text = banner(await dashboard(jar));
    expect(text).toBe(reviewsEn.banner.operator.replace("{{note}}", "Guests found the flat dirty."));
    expect(text).toContain("Only Darna's team can lift it");
  });
});

describe("/admin/hosts/{id}", () => {
  const open = (jar: CookieJar, id: number | string) => callRoute(hostRoute.loader, makeRequest(`/admin/hosts/${id}`, { jar }), { params: { id: String(id) } });
  const post = (jar: CookieJar, id: number, form: Record<string, string>) =>
    callRoute(hostRoute.action, makeRequest(`/admin/hosts/${id}`, { form, jar }), { params: { id: String(id) }, jar });
  const standing = async (id: number) => ((await open(operator, id)).data as Awaited<ReturnType<typeof hostRoute.loader>>).standing;

  it("an operator imposes, then lifts, a suspension with a reason; each change is listed (who, why)", async () => {
    const { host } = await signedInHost();
    const page = await open(operator, host.id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ email: host.email, standing: { suspension: null, history: [] } });

    expect(await post(operator, host.id, { decision: "impose", note: " " })).toMatchObject({ status: 400, data: { error: "reviews:errors.noteRequired" } });
    expect(await post(operator, host.id, { decision: "banish", note: "Because." })).toMatchObject({ status: 400, data: { error: "reviews:errors.decision" } });
    const imposed = await post(operator, host.id, { decision: "impose", note: "Repeated complaints." });
    expect(imposed).toMatchObject({ status: 302, location: `/admin/hosts/${host.id}` });
    expect(await toastOf(imposed)).toMatchObject({ message: "reviews:toast.suspensionChanged" });
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null, reason: "operator" } })).toBe(1);
    expect((await standing(host.id)).suspension).toMatchObject({ reason: "operator", note: "Repeated complaints." });
    // Imposing twice is refused with a message, not a 500.
    expect(await post(operator, host.id, { decision: "impose", note: "Again." })).toMatchObject({ status: 409, data: { error: "reviews:errors.alreadySuspended" } });

    await post(operator, host.id, { decision: "lift", note: "Explained and fixed." });
    expect((await standing(host.id)).suspension).toBeNull();
    expect(await post(operator, host.id, { decision: "lift", note: "Twice." })).toMatchObject({ status: 409, data: { error: "reviews:errors.notSuspended" } });
    const events = await HostSuspensionEvent.findAll({ where: { hostId: host.id }, order: [["id", "ASC"]] });
    const operatorId = events[0]!.actorId;
    expect(operatorId).not.toBeNull();
    expect(events.map((e) => [e.action, e.source, e.actorId, e.note])).toEqual([
      ["imposed", "operator", operatorId, "Repeated complaints."],
      ["lifted", "operator", operatorId, "Explained and fixed."],
    ]);
  });

  it("is for operators only: others get 403 on the page and the form; an unknown host is 404", async () => {
    const { host, jar } = await signedInHost();
    expect((await open(stranger, host.id)).status).toBe(403);
    expect((await open(jar, host.id)).status).toBe(403);
    expect((await post(stranger, host.id, { decision: "impose", note: "I do not like them." })).status).toBe(403);
    expect((await post(jar, host.id, { decision: "lift", note: "Myself." })).status).toBe(403);
    expect(await HostSuspensionEvent.count({ where: { hostId: host.id } })).toBe(0);
    expect((await open(operator, 999_999_999)).status).toBe(404);
    expect((await open(operator, "abc")).status).toBe(404);
    // Signed out: to the sign-in page.
    expect((await open(new CookieJar(), host.id)).status).toBe(302);
  });
});

describe("/admin/quality", () => {
  const open = (jar: CookieJar) => callRoute(qualityRoute.loader, makeRequest("/admin/quality", { jar }));
  const post = (jar: CookieJar, form: Record<string, string>) => callRoute(qualityRoute.action, makeRequest("/admin/quality", { form, jar }), { jar });
  type Checks = Awaited<ReturnType<typeof qualityRoute.loader>>["items"];

  /** A host with 3 completed stays and one open quality check (opened long ago, so it lists first). */
  async function hostWithCheck() {
    const { host, listing } = await signedInHost();
    for (let index = 0; index < 3; index += 1) {
      const traveler = await createBookingUser();
      await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, checkedOutDaysAgo: 5 + index });
    }
    const check = await QualityCheck.create({ hostId: host.id, openedOn: "2020-01-01" });
    return { host, check };
  }

  it("lists the open checks with the host's stays, and the operator records passed, warned (host e-mailed) or suspended", async () => {
    const hosts = [await hostWithCheck(), await hostWithCheck(), await hostWithCheck()];
    const page = await open(operator);
    expect(page.status).toBe(200);
    const checks = (page.data as { items: Checks }).items;
    for (const { host, check } of hosts) {
      expect(checks.find((c) => c.id === check.id)).toMatchObject({ host: { id: host.id, email: host.email }, completedStays: 3, hostCancellations: 0 });
    }

    const [passed, warned, suspended] = hosts;
    expect(await post(operator, { checkId: String(passed!.check.id), outcome: "passed", note: "" })).toMatchObject({
      status: 400,
      data: { id: passed!.check.id, error: "reviews:errors.noteRequired" },
    });
    expect(await post(operator, { checkId: String(passed!.check.id), note: "Fine." })).toMatchObject({ status: 400, data: { error: "reviews:errors.decision" } });
    const decided = await post(operator, { checkId: String(passed!.check.id), outcome: "passed", note: "All good." });
    expect(decided).toMatchObject({ status: 302, location: "/admin/quality" });
    expect(await toastOf(decided)).toMatchObject({ message: "reviews:toast.decided" });
    await post(operator, { checkId: String(warned!.check.id), outcome: "warned", note: "Answer requests faster." });
    await post(operator, { checkId: String(suspended!.check.id), outcome: "suspended", note: "Several stays cancelled by the host." });

    expect((await QualityCheck.findByPk(passed!.check.id))?.status).toBe("passed");
    expect((await QualityCheck.findByPk(warned!.check.id))).toMatchObject({ status: "warned", note: "Answer requests faster." });
    expect((await QualityCheck.findByPk(suspended!.check.id))?.status).toBe("suspended");
    const emails = (await Job.findAll({ where: { name: "reviews:email" } })).map((job) => JSON.parse(job.payload) as { kind: string; userId: number });
    expect(emails).toContainEqual(expect.objectContaining({ kind: "qualityWarned", userId: warned!.host.id }));
    expect(emails.some((email) => email.kind === "qualityWarned" && email.userId === passed!.host.id)).toBe(false);
    expect(await HostSuspension.count({ where: { hostId: suspended!.host.id, liftedAt: null, reason: "operator" } })).toBe(1);
    expect(await HostSuspension.count({ where: { hostId: passed!.host.id } })).toBe(0);

    // Decided checks leave the list; deciding again is refused with a message.
    const after = ((await open(operator)).data as { items: Checks }).items.map((c) => c.id);
    for (const { check } of hosts) expect(after).not.toContain(check.id);
    expect(await post(operator, { checkId: String(passed!.check.id), outcome: "warned", note: "Again." })).toMatchObject({
      status: 409,
      data: { error: "reviews:errors.alreadyDecided" },
    });
  });

  it("is for operators only: others get 403 on the list and the form", async () => {
    const { host, check } = await hostWithCheck();
    const hostJar = new CookieJar();
    await logIn(hostJar, host.email);
    for (const jar of [stranger, hostJar]) {
      expect((await open(jar)).status).toBe(403);
      const refused: RouteResult = await post(jar, { checkId: String(check.id), outcome: "passed", note: "Myself." });
      expect(refused.status).toBe(403);
    }
    expect((await QualityCheck.findByPk(check.id))?.status).toBe("open");
  });
});

describe("/admin/reviews", () => {
  const open = (jar: CookieJar) => callRoute(reportsRoute.loader, makeRequest("/admin/reviews", { jar }));
  const post = (jar: CookieJar, form: Record<string, string>) => callRoute(reportsRoute.action, makeRequest("/admin/reviews", { form, jar }), { jar });
  type Reports = Awaited<ReturnType<typeof reportsRoute.loader>>["items"];

  it("lists the reported reviews; an operator keeps or hides each with a note; others get 403", async () => {
    const { host, listing } = await signedInHost();
    const kept = await reviewedAt(host.id, listing.id, 2);
    const hidden = await reviewedAt(host.id, listing.id, 1);
    const keptReport = await reportReview({ id: host.id, role: "user" }, kept.id, "Not what happened.");
    const hiddenReport = await reportReview({ id: host.id, role: "user" }, hidden.id, "They never stayed.");
    const reports = ((await open(operator)).data as { items: Reports }).items;
    expect(reports.find((r) => r.id === hiddenReport.id)).toMatchObject({ reason: "They never stayed.", review: { id: hidden.id } });

    expect((await open(stranger)).status).toBe(403);
    expect((await post(stranger, { reportId: String(hiddenReport.id), decision: "hide", note: "Me." })).status).toBe(403);
    expect(await post(operator, { reportId: String(hiddenReport.id), decision: "hide", note: "" })).toMatchObject({
      status: 400,
      data: { id: hiddenReport.id, error: "reviews:errors.noteRequired" },
    });
    const decided = await post(operator, { reportId: String(hiddenReport.id), decision: "hide", note: "The dates do not match." });
    expect(decided).toMatchObject({ status: 302, location: "/admin/reviews" });
    expect(await toastOf(decided)).toMatchObject({ message: "reviews:toast.decided" });
    await post(operator, { reportId: String(keptReport.id), decision: "keep", note: "Nothing false in it." });
    expect((await Review.findByPk(hidden.id))?.hiddenAt).not.toBeNull();
    expect((await Review.findByPk(kept.id))?.hiddenAt).toBeNull();
    const after = ((await open(operator)).data as { items: Reports }).items.map((r) => r.id);
    expect(after).not.toContain(hiddenReport.id);
    expect(after).not.toContain(keptReport.id);
    expect(await post(operator, { reportId: String(keptReport.id), decision: "hide", note: "Changed my mind." })).toMatchObject({
      status: 409,
      data: { id: keptReport.id, error: "reviews:errors.alreadyDecided" },
    });
  });
});
