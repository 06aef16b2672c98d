// Issue 17 point 6: every admin route × anonymous, traveler, host, support, operator, for the
// page (GET) and each action intent. The table below must name every admin route file: a new
// route without a row, or without the guard, fails here (ADR 170).
import { beforeAll, describe, expect, it } from "vitest";
import { Listing } from "~/db/models/listing.server";
import type { AdminCapability } from "~/domain/staff-roles";
import * as loginRoute from "~/routes/($lang).auth._index";
import { createArticle } from "~/services/blog/blog-writes.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createPublicListing } from "../factories/booking-factories";
import { newFriendTripRequest, pendingPartnerProposal } from "../factories/console-factories";

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const modules = import.meta.glob<RouteModule>("../../app/routes/*admin*.tsx");

const ROLES = ["anonymous", "traveler", "host", "support", "operator"] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  listingId: string;
  hostId: string;
  userId: string;
  articleId: string;
  friendTripId: string;
  proposalId: string;
}

interface RouteRow {
  path: (f: Fixtures) => string;
  params?: (f: Fixtures) => Record<string, string>;
  /** What GET needs; "own" for a route that also serves a non-staff owner (404 to strangers). */
  read: AdminCapability | "own";
  /** intent field name and value → the capability deciding it. */
  actions?: Array<{ form: Record<string, string> | ((f: Fixtures) => Record<string, string>); capability: AdminCapability }>;
}

const ADMIN_ROUTES: Record<string, RouteRow> = {
  "($lang).admin.tsx": { path: () => "/admin", read: "read" },
  "($lang).admin._index.tsx": { path: () => "/admin", read: "read" },
  "($lang).admin.users._index.tsx": { path: () => "/admin/users?q=Leila", read: "read" },
  "($lang).admin.users.$id.tsx": {
    path: (f) => `/admin/users/${f.userId}`,
    params: (f) => ({ id: f.userId }),
    read: "read",
    actions: [
      { form: { intent: "suspend" }, capability: "moderate" },
      { form: { intent: "reinstate" }, capability: "moderate" },
      { form: { intent: "resend_verification" }, capability: "moderate" },
      { form: { intent: "grant_role", role: "operator" }, capability: "roles" },
      { form: { intent: "revoke_role" }, capability: "roles" },
    ],
  },
  "($lang).admin.analytics.tsx": { path: () => "/admin/analytics?from=2026-01-01&to=2026-01-31", read: "read" },
  "($lang).admin.blog._index.tsx": {
    path: () => "/admin/blog",
    read: "read",
    actions: ["publish", "unpublish"].map((verb) => ({ form: (f: Fixtures) => ({ intent: `${verb}:${f.articleId}` }), capability: "moderate" as const })),
  },
  "($lang).admin.blog.new.tsx": { path: () => "/admin/blog/new", read: "read", actions: [{ form: { intent: "publish", title: "" }, capability: "moderate" }] },
  "($lang).admin.blog.$id.tsx": {
    path: (f) => `/admin/blog/${f.articleId}`,
    params: (f) => ({ id: f.articleId }),
    read: "read",
    actions: ["publish", "unpublish"].map((intent) => ({ form: { intent }, capability: "moderate" as const })),
  },
  "($lang).admin.claims.tsx": {
    path: () => "/admin/claims",
    read: "read",
    actions: [
      { form: { claimId: "999999", decision: "accept", note: "" }, capability: "money" },
      { form: { intent: "withhold", reference: "" }, capability: "money" },
      { form: { intent: "release", reference: "" }, capability: "money" },
    ],
  },
  "($lang).admin.refunds.tsx": { path: () => "/admin/refunds", read: "read", actions: [{ form: { refundId: "999999", reference: "" }, capability: "money" }] },
  "($lang).admin.friend-trip._index.tsx": { path: () => "/admin/friend-trip?status=new&pack=basic&q=Pages", read: "read" },
  "($lang).admin.friend-trip.$id.tsx": {
    path: (f) => `/admin/friend-trip/${f.friendTripId}`,
    params: (f) => ({ id: f.friendTripId }),
    read: "read",
    actions: [{ form: { status: "nowhere", notes: "" }, capability: "moderate" }],
  },
  "($lang).admin.friend-trip.packs.tsx": { path: () => "/admin/friend-trip/packs", read: "read", actions: [{ form: { basic: "" }, capability: "money" }] },
  "($lang).admin.partners._index.tsx": { path: () => "/admin/partners", read: "read" },
  "($lang).admin.partners.$id.tsx": {
    path: (f) => `/admin/partners/${f.proposalId}`,
    params: (f) => ({ id: f.proposalId }),
    read: "read",
    actions: [
      { form: { intent: "approve", descriptionEn: "" }, capability: "moderate" },
      { form: { intent: "refuse", reason: "" }, capability: "moderate" },
    ],
  },
  "($lang).admin.experiences.tsx": {
    path: () => "/admin/experiences",
    read: "read",
    actions: [
      { form: { intent: "approve", id: "0" }, capability: "moderate" },
      { form: { intent: "reject", id: "0", reason: "" }, capability: "moderate" },
    ],
  },
  "($lang).admin.audit.tsx": { path: () => "/admin/audit?kind=listing.approve&operator=1", read: "read" },
  "($lang).admin.calendar-conflicts.tsx": { path: () => "/admin/calendar-conflicts", read: "read" },
  "($lang).admin.currencies.tsx": {
    path: () => "/admin/currencies",
    read: "read",
    actions: [
      { form: { intent: "add" }, capability: "money" },
      { form: { intent: "update", code: "EUR" }, capability: "money" },
    ],
  },
  "($lang).admin.hosts.$id.tsx": {
    path: (f) => `/admin/hosts/${f.hostId}`,
    params: (f) => ({ id: f.hostId }),
    read: "read",
    actions: [
      { form: { decision: "impose" }, capability: "moderate" },
      { form: { decision: "lift" }, capability: "moderate" },
    ],
  },
  "($lang).admin.listings.$id.tsx": {
    path: (f) => `/admin/listings/${f.listingId}`,
    params: (f) => ({ id: f.listingId }),
    read: "read",
    actions: [
      { form: { intent: "approve", note: "x".repeat(5000) }, capability: "moderate" },
      { form: { intent: "request_corrections" }, capability: "moderate" },
      { form: { intent: "reject" }, capability: "moderate" },
      { form: { intent: "suspend" }, capability: "moderate" },
      { form: { intent: "reinstate" }, capability: "moderate" },
      { form: { intent: "remove" }, capability: "moderate" },
    ],
  },
  "($lang).admin.listings._index.tsx": { path: () => "/admin/listings", read: "read" },
  "($lang).admin.payments.$id.proof.tsx": { path: () => "/admin/payments/999999/proof", params: () => ({ id: "999999" }), read: "own" },
  "($lang).admin.payments._index.tsx": {
    path: () => "/admin/payments",
    read: "read",
    actions: [
      { form: { intent: "confirm" }, capability: "money" },
      { form: { intent: "refuse" }, capability: "money" },
    ],
  },
  "($lang).admin.payouts.tsx": {
    path: () => "/admin/payouts",
    read: "read",
    actions: ["confirm", "refuse", "pin"].map((intent) => ({ form: { intent, requestId: "999999", text: "" }, capability: "money" as const })),
  },
  "($lang).admin.quality.tsx": {
    path: () => "/admin/quality",
    read: "read",
    actions: ["passed", "warned", "suspended"].map((outcome) => ({ form: { outcome, checkId: "999999" }, capability: "moderate" as const })),
  },
  "($lang).admin.reviews.tsx": {
    path: () => "/admin/reviews",
    read: "read",
    actions: ["keep", "hide"].map((decision) => ({ form: { decision, reportId: "999999" }, capability: "moderate" as const })),
  },
};

const GRANTS: Record<Exclude<Role, "anonymous">, AdminCapability[]> = {
  traveler: [],
  host: [],
  support: ["read", "moderate"],
  operator: ["read", "moderate", "money", "roles"],
};

const jars = {} as Record<Role, CookieJar>;
let fixtures: Fixtures;

beforeAll(async () => {
  for (const role of ROLES) jars[role] = new CookieJar();
  const accounts = {
    traveler: await createAccount(),
    host: await createAccount({ hostMode: true }),
    support: await createAccount({ role: "support" }),
    operator: await createAccount({ role: "operator" }),
  };
  for (const [role, account] of Object.entries(accounts)) {
    await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: account.email, password: TEST_PASSWORD, website: "" }, jar: jars[role as Role] }), {
      jar: jars[role as Role],
    });
  }
  const listing = await createPublicListing({ hostId: accounts.host.id });
  await Listing.update({ moderationState: "pending_review", status: "pending", submittedAt: new Date() }, { where: { id: listing.id } });
  const article = await createArticle(
    accounts.operator.id,
    { language: "en", title: "Matrix article", slug: "matrix-article", summary: "A summary.", body: "A body.", publishDate: "2026-01-05" },
    null,
  );
  fixtures = { listingId: String(listing.id), hostId: String(accounts.host.id), userId: String((await createAccount()).id), articleId: String(article),
    friendTripId: String((await newFriendTripRequest()).id),
    proposalId: String((await pendingPartnerProposal()).id),
  };
});

/** What the matrix says a role gets: "login" (a redirect to /auth), 403, 404 or "allowed". */
function expected(role: Role, capability: AdminCapability | "own"): "login" | 403 | 404 | "allowed" {
  if (role === "anonymous") return "login";
  if (capability === "own") return 404; // the proof of a payment that is not theirs
  return GRANTS[role].includes(capability) ? "allowed" : 403;
}

function outcomeOf(result: { status: number; location: string | null }): "login" | 403 | 404 | "allowed" {
  if (result.status === 302 && result.location?.startsWith("/auth")) return "login";
  if (result.status === 403) return 403;
  if (result.status === 404) return 404;
  return "allowed";
}

const routeFiles = Object.keys(modules)
  .map((key) => key.split("/").pop()!)
  .filter((file) => !file.startsWith("api."));

describe("the admin role matrix", () => {
  it("names every admin route file", () => {
    expect(routeFiles.length).toBeGreaterThan(5);
    expect(routeFiles.filter((file) => !ADMIN_ROUTES[file])).toEqual([]);
  });

  it.each(routeFiles)("%s answers each role as the matrix says", async (file) => {
    const row = ADMIN_ROUTES[file];
    if (!row) throw new Error(`${file} is missing from ADMIN_ROUTES`);
    const module = await modules[`../../app/routes/${file}`]!();
    const params = row.params?.(fixtures) ?? {};
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const role of ROLES) {
      const page = await callRoute(module.loader as never, makeRequest(row.path(fixtures), { jar: jars[role] }), { params });
      seen.push(`GET ${role} ${outcomeOf(page)}`);
      wanted.push(`GET ${role} ${expected(role, row.read)}`);
      if (expected(role, row.read) === "allowed") expect(page.status, `${file} GET ${role}`).toBe(200);
      for (const action of row.actions ?? []) {
        const form = typeof action.form === "function" ? action.form(fixtures) : action.form;
        const answer = await callRoute(module.action as never, makeRequest(row.path(fixtures), { form, jar: jars[role] }), { params });
        const label = `POST ${JSON.stringify(form).slice(0, 40)} ${role}`;
        seen.push(`${label} ${outcomeOf(answer)}`);
        wanted.push(`${label} ${expected(role, action.capability)}`);
      }
    }
    expect(seen).toEqual(wanted);
    if (!row.actions) expect(module.action, `${file} has an action missing from ADMIN_ROUTES`).toBeUndefined();
  });
});
