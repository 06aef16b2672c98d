// Issue 17 point 4: every admin action writes its audit row in the action's own transaction. Each
// action of every admin route runs here once, successfully, as an operator: the test fails when a
// route's action has no successful case below, or when a success leaves no audit row.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditEntry } from "~/db/models/audit-entry.server";
import { Listing } from "~/db/models/listing.server";
import { QualityCheck } from "~/db/models/quality-check.server";
import { Refund } from "~/db/models/refund.server";
import { getSequelize } from "~/db/sequelize.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as auditRoute from "~/routes/($lang).admin.audit";
import { createArticle } from "~/services/blog/blog-writes.server";
import { createReservation } from "~/services/booking/booking.server";
import { readPackSettings } from "~/services/friend-trip/friend-trip-packs.server";
import { decideClaim } from "~/services/money/claim-decisions.server";
import { withholdStay } from "~/services/money/earning-holds.server";
import { requestPayout } from "~/services/money/payouts.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { reportReview, saveReview } from "~/services/reviews/review-writes.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";
import { newFriendTripRequest, pendingPartnerProposal } from "../factories/console-factories";
import { createCurrencies, TEST_EUR, unusedCurrencyCode } from "../factories/currency";
import { createExperience } from "../factories/experience-factories";
import { openedClaim, paidStay } from "../factories/money-factories";
import { createCompletedStay, stars } from "../factories/review-factories";

type RouteModule = { action?: (args: never) => unknown };
const modules = import.meta.glob<RouteModule>("../../app/routes/*admin*.tsx");

interface SuccessCase {
  name: string;
  kind: string;
  /** Makes the record and returns the request's path, params and form (multipart: as the article form posts). */
  setup: () => Promise<{ path: string; params?: Record<string, string>; form: Record<string, string>; multipart?: boolean }>;
}

const operatorJar = new CookieJar();
let operatorId = 0;

async function pendingListing() {
  const listing = await createPublicListing();
  await Listing.update({ moderationState: "pending_review", status: "pending", submittedAt: new Date() }, { where: { id: listing.id } });
  return listing;
}

async function bankPayment() {
  const traveler = await createBookingUser();
  const listing = await createPublicListing();
  const now = new Date();
  const reservation = await createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(now, 10, 2) }, { now, termsAccepted: true });
  return (await startPayment(traveler, reservation.id, "bank_transfer", { now })).payment;
}

async function payoutRequest() {
  const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  await paidStay(await createBookingUser(), listing.id, new Date(payday.getTime() - 50 * 86_400_000));
  const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN5910006035183598478831" };
  return requestPayout(host, { ...bank, amount: 40_000 }, payday);
}

async function reviewReport() {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  const traveler = await createBookingUser();
  const stay = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
  const review = await saveReview({ id: traveler.id, role: "user" }, stay.id, { text: "A calm flat, exactly as the photos show it.", ratings: stars(2) });
  return reportReview({ id: host.id, role: "user" }, review.id, "They never stayed this week.");
}

async function qualityCheck() {
  const host = await createBookingUser();
  return QualityCheck.create({ hostId: host.id, openedOn: "2026-01-05", status: "open" } as never);
}

async function stayReference(withheld: boolean) {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  const stay = await paidStay(await createBookingUser(), listing.id, new Date(Date.UTC(2031, 2, 3, 12, 0, 0)));
  if (withheld) await withholdStay({ id: operatorId, role: "operator" }, stay.id, "A dispute.");
  return stay.reference;
}

async function pendingRefund() {
  const { claim } = await openedClaim();
  await decideClaim({ id: operatorId, role: "operator" }, claim.id, { decision: "accept", note: "The photos agree." });
  return (await Refund.findOne({ where: { claimId: claim.id } }))!;
}

const articleFields = () => {
  const slug = `audit-${crypto.randomBytes(4).toString("hex")}`;
  return { language: "en", title: "Sidi Bou Said in spring", slug, summary: "Blue doors, white walls.", body: "Walk up early, before the buses.", publishDate: "2026-03-01" };
};

async function article(published: boolean) {
  const fields = articleFields();
  return createArticle(operatorId, { ...fields, language: "en" }, null, published);
}

function userCase(name: string, kind: string, form: Record<string, string>, account: Parameters<typeof createAccount>[0] = {}, suspended = false): SuccessCase {
  return {
    name,
    kind,
    setup: async () => {
      const user = await createAccount(account);
      if (suspended) await user.update({ suspendedAt: new Date(), suspensionReason: "Spam" });
      return { path: `/admin/users/${user.id}`, params: { id: String(user.id) }, form: { ...form, reason: "Asked by the user." } };
    },
  };
}

function friendTripCase(name: string, kind: string, form: Record<string, string>): SuccessCase {
  return {
    name,
    kind,
    setup: async () => {
      const id = String((await newFriendTripRequest()).id);
      return { path: `/admin/friend-trip/${id}`, params: { id }, form };
    },
  };
}

function proposalCase(name: string, kind: string, form: Record<string, string>): SuccessCase {
  return {
    name,
    kind,
    setup: async () => {
      const id = String((await pendingPartnerProposal()).id);
      return { path: `/admin/partners/${id}`, params: { id }, form };
    },
  };
}

function experienceCase(name: string, kind: string, form: Record<string, string>): SuccessCase {
  return {
    name,
    kind,
    setup: async () => {
      const { experience } = await createExperience({ status: "pending" });
      return { path: "/admin/experiences", form: { ...form, id: String(experience.id) } };
    },
  };
}

const CASES: Record<string, SuccessCase[]> = {
  "($lang).admin.experiences.tsx": [
    experienceCase("approve", "experience.approve", { intent: "approve" }),
    experienceCase("reject", "experience.reject", { intent: "reject", reason: "The meeting point is not given." }),
  ],
  "($lang).admin.friend-trip.$id.tsx": [
    friendTripCase("move on", "friend_trip_request.status", { status: "contacted", notes: "" }),
    friendTripCase("notes only", "friend_trip_request.note", { status: "new", notes: "Called on WhatsApp, calls back Monday." }),
  ],
  "($lang).admin.friend-trip.packs.tsx": [
    {
      name: "prices",
      kind: "friend_trip_pack.price",
      setup: async () => {
        const basic = String((await readPackSettings()).prices.basic / 1000 + 1);
        return { path: "/admin/friend-trip/packs", form: { basic, custom: "350", premium: "700", freeUntil: "", offerEndsOn: "" } };
      },
    },
    {
      name: "promotion",
      kind: "friend_trip_pack.promotion",
      setup: async () => {
        const day = (await readPackSettings()).promotion?.freeUntil === "2031-09-30" ? "29" : "30";
        return { path: "/admin/friend-trip/packs", form: { basic: "150", custom: "350", premium: "700", freeUntil: `2031-09-${day}`, offerEndsOn: `2031-08-${day}` } };
      },
    },
  ],
  "($lang).admin.partners.$id.tsx": [
    proposalCase("approve", "partner_proposal.approve", {
      intent: "approve",
      descriptionEn: "Sea kayaking in Tabarka.",
      descriptionFr: "Kayak de mer à Tabarka.",
      descriptionEs: "Kayak de mar en Tabarka.",
      city: "Tabarka",
    }),
    proposalCase("refuse", "partner_proposal.refuse", { intent: "refuse", reason: "We do not list water sports this season." }),
  ],
  "($lang).admin.claims.tsx": (["accept", "partial", "refuse"] as const).map((decision) => ({
    name: decision,
    kind: `claim.${decision}`,
    setup: async () => ({
      path: "/admin/claims",
      form: { claimId: String((await openedClaim()).claim.id), decision, ...(decision === "partial" ? { amount: "1" } : {}), note: "Looked at the photos." },
    }),
  })),
  "($lang).admin.claims.tsx#holds": (["withhold", "release"] as const).map((intent) => ({
    name: intent,
    kind: `reservation.${intent}_earning`,
    setup: async () => ({ path: "/admin/claims", form: { intent, reference: await stayReference(intent === "release"), reason: "The traveler disputes the stay." } }),
  })),
  "($lang).admin.refunds.tsx": [
    {
      name: "mark paid",
      kind: "refund.mark_paid",
      setup: async () => ({ path: "/admin/refunds", form: { refundId: String((await pendingRefund()).id), reference: "VIR-2031-7", bankFee: "2.500" } }),
    },
  ],
  "($lang).admin.blog._index.tsx": (["publish", "unpublish"] as const).map((verb) => ({
    name: verb,
    kind: `article.${verb}`,
    setup: async () => ({ path: "/admin/blog", form: { intent: `${verb}:${await article(verb === "unpublish")}` } }),
  })),
  "($lang).admin.blog.new.tsx": (["save", "publish"] as const).map((intent) => ({
    name: intent,
    kind: intent === "save" ? "article.create" : "article.publish",
    setup: async () => ({ path: "/admin/blog/new", form: { ...articleFields(), intent }, multipart: true }),
  })),
  "($lang).admin.blog.$id.tsx": [
    {
      name: "edit",
      kind: "article.update",
      setup: async () => {
        const id = String(await article(false));
        return { path: `/admin/blog/${id}`, params: { id }, form: { ...articleFields(), intent: "save" }, multipart: true };
      },
    },
    ...(["publish", "unpublish"] as const).map((intent) => ({
      name: intent,
      kind: `article.${intent}`,
      setup: async () => {
        const id = String(await article(intent === "unpublish"));
        return { path: `/admin/blog/${id}`, params: { id }, form: { intent } };
      },
    })),
  ],
  "($lang).admin.users.$id.tsx": [
    userCase("suspend", "user.suspend", { intent: "suspend" }),
    userCase("reinstate", "user.reinstate", { intent: "reinstate" }, {}, true),
    userCase("resend_verification", "user.resend_verification", { intent: "resend_verification" }, { verified: false }),
    userCase("grant_role", "user.grant_role", { intent: "grant_role", role: "support" }),
    userCase("revoke_role", "user.revoke_role", { intent: "revoke_role" }, { role: "support" }),
  ],
  "($lang).admin.currencies.tsx": [
    {
      name: "add",
      kind: "currency.add",
      setup: async () => ({ path: "/admin/currencies", form: { intent: "add", code: await unusedCurrencyCode(), symbol: "Q", rate: "0.5", decimals: "2" } }),
    },
    { name: "update", kind: "currency.update", setup: async () => ({ path: "/admin/currencies", form: { intent: "update", code: "EUR", symbol: "€", rate: "0.3" } }) },
  ],
  "($lang).admin.hosts.$id.tsx": [
    {
      name: "impose, then lift",
      kind: "host.impose",
      setup: async () => {
        const host = await createBookingUser();
        return { path: `/admin/hosts/${host.id}`, params: { id: String(host.id) }, form: { decision: "impose", note: "Repeated complaints." } };
      },
    },
  ],
  "($lang).admin.listings.$id.tsx": (["approve", "request_corrections", "reject"] as const).map((intent) => ({
    name: intent,
    kind: `listing.${intent}`,
    setup: async () => {
      const listing = await pendingListing();
      return { path: `/admin/listings/${listing.id}`, params: { id: String(listing.id) }, form: { intent, note: "Show the kitchen." } };
    },
  })),
  "($lang).admin.listings.$id.tsx#live": (["suspend", "reinstate", "remove"] as const).map((intent) => ({
    name: intent,
    kind: `listing.${intent}`,
    setup: async () => {
      const listing = await createPublicListing();
      if (intent === "reinstate") await Listing.update({ moderationState: "suspended", status: "pending" }, { where: { id: listing.id } });
      return { path: `/admin/listings/${listing.id}`, params: { id: String(listing.id) }, form: { intent, reason: "Reported by travelers." } };
    },
  })),
  "($lang).admin.payments._index.tsx": (["confirm", "refuse"] as const).map((intent) => ({
    name: intent,
    kind: `payment.${intent}`,
    setup: async () => ({ path: "/admin/payments", form: { paymentId: String((await bankPayment()).id), intent, note: "Not received." } }),
  })),
  "($lang).admin.payouts.tsx": (["confirm", "refuse", "pin"] as const).map((intent) => ({
    name: intent,
    kind: `payout.${intent}`,
    setup: async () => ({ path: "/admin/payouts", form: { requestId: String((await payoutRequest()).id), intent, text: "VIR-77" } }),
  })),
  "($lang).admin.reviews.tsx": (["keep", "hide"] as const).map((decision) => ({
    name: decision,
    kind: `review_report.${decision}`,
    setup: async () => ({ path: "/admin/reviews", form: { reportId: String((await reviewReport()).id), decision, note: "Checked the stay." } }),
  })),
  "($lang).admin.quality.tsx": (["passed", "warned", "suspended"] as const).map((outcome) => ({
    name: outcome,
    kind: `quality_check.${outcome}`,
    setup: async () => ({ path: "/admin/quality", form: { checkId: String((await qualityCheck()).id), outcome, note: "Looked at the last stays." } }),
  })),
};

beforeAll(async () => {
  await createCurrencies(TEST_EUR);
  const operator = await createAccount({ role: "operator" });
  operatorId = operator.id;
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: operator.email, password: TEST_PASSWORD, website: "" }, jar: operatorJar }), { jar: operatorJar });
});

/** A multipart post, as the article form sends it (with an empty cover field). */
function multipartRequest(path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("cover", new Blob([]), "");
  return new Request(new URL(path, "http://localhost:4321"), { method: "POST", body, headers: { Cookie: operatorJar.header() } });
}

const actionFiles = async () => {
  const files: string[] = [];
  for (const [key, load] of Object.entries(modules)) if ((await load()).action) files.push(key.split("/").pop()!);
  return files;
};

describe("the audit log", () => {
  it("has a successful case for every admin route with an action", async () => {
    expect((await actionFiles()).filter((file) => !CASES[file])).toEqual([]);
  });

  it.each(Object.entries(CASES).flatMap(([file, cases]) => cases.map((entry) => [file, entry.name, entry] as const)))("%s %s writes its audit row", async (file, _name, entry) => {
    const module = await modules[`../../app/routes/${file.split("#")[0]}`]!();
    const { path, params, form, multipart } = await entry.setup();
    const before = (await AuditEntry.max<number, AuditEntry>("id")) ?? 0;
    const answer = await callRoute(module.action as never, multipart ? multipartRequest(path, form) : makeRequest(path, { form, jar: operatorJar }), { params });
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    const rows = await AuditEntry.findAll({ where: { id: { [(await import("sequelize")).Op.gt]: before } } });
    expect(rows.map((row) => row.kind)).toContain(entry.kind);
    expect(rows.every((row) => row.operatorId === operatorId)).toBe(true);
  });

  it("refuses to change or delete a row, on this database too", async () => {
    const row = await AuditEntry.findOne({ order: [["id", "ASC"]] });
    expect(row).not.toBeNull();
    await expect(getSequelize().query("UPDATE audit_log SET reason = 'x' WHERE id = :id", { replacements: { id: row!.id } })).rejects.toThrow();
    await expect(getSequelize().query("DELETE FROM audit_log WHERE id = :id", { replacements: { id: row!.id } })).rejects.toThrow();
    expect((await AuditEntry.findByPk(row!.id))?.reason).toBe(row!.reason);
  });

  it("/admin/audit filters by operator, kind and record", async () => {
    const listing = await pendingListing();
    await callRoute((await modules["../../app/routes/($lang).admin.listings.$id.tsx"]!()).action as never, makeRequest(`/admin/listings/${listing.id}`, { form: { intent: "approve" }, jar: operatorJar }), {
      params: { id: String(listing.id) },
    });
    const page = await callRoute(auditRoute.loader, makeRequest(`/admin/audit?operator=${operatorId}&kind=listing.approve&recordType=listing&recordId=${listing.id}`, { jar: operatorJar }));
    const data = page.data as Awaited<ReturnType<typeof auditRoute.loader>>;
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ kind: "listing.approve", recordType: "listing", recordId: String(listing.id), operatorId });
    const other = await callRoute(auditRoute.loader, makeRequest(`/admin/audit?kind=payout.pin&recordId=${listing.id}&recordType=listing`, { jar: operatorJar }));
    expect((other.data as typeof data).rows).toHaveLength(0);
  });
});
