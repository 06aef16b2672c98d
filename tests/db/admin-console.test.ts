// Issue 17 points 1, 2 and 8: the team's queue, and the actions on a user — a suspended user's
// browser session and API token are refused, the password no longer signs in, the listings leave
// search; the last operator stays; each action e-mails the user in their language.
import { beforeAll, describe, expect, it } from "vitest";
import { AuditEntry } from "~/db/models/audit-entry.server";
import { Listing } from "~/db/models/listing.server";
import { Refund } from "~/db/models/refund.server";
import { User } from "~/db/models/user.server";
import * as homeRoute from "~/routes/($lang).admin._index";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as userRoute from "~/routes/($lang).admin.users.$id";
import * as usersRoute from "~/routes/($lang).admin.users._index";
import * as profileApi from "~/routes/api.v1.GestionDesUtulisateur.profile";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { decideClaim } from "~/services/money/claim-decisions.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { createSession } from "~/utils/auth-sessions.server";
import { getOptionalUser } from "~/utils/auth.server";
import { createExperience } from "../factories/experience-factories";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createPublicListing } from "../factories/booking-factories";
import { newFriendTripRequest, pendingPartnerProposal } from "../factories/console-factories";
import { openedClaim } from "../factories/money-factories";

const operatorJar = new CookieJar();
const supportJar = new CookieJar();
let operator: User;

async function logIn(jar: CookieJar, email: string) {
  return callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

const act = (jar: CookieJar, userId: number, form: Record<string, string>) =>
  callRoute(userRoute.action, makeRequest(`/admin/users/${userId}`, { form, jar }), { params: { id: String(userId) }, jar });

beforeAll(async () => {
  operator = await createAccount({ role: "operator" });
  await logIn(operatorJar, operator.email);
  await logIn(supportJar, (await createAccount({ role: "support" })).email);
});

describe("/admin", () => {
  it("counts each kind of pending work with its oldest item and links to its page", async () => {
    const listing = await createPublicListing();
    const submittedAt = new Date("2020-01-02T08:00:00Z");
    await Listing.update({ moderationState: "pending_review", status: "pending", submittedAt }, { where: { id: listing.id } });
    const page = await callRoute(homeRoute.loader, makeRequest("/admin", { jar: supportJar }));
    const queue = (page.data as Awaited<ReturnType<typeof homeRoute.loader>>).queue;
    expect(queue.map((line) => line.key)).toEqual(["listings", "bankProofs", "payouts", "refundsDue", "refundsOverdue", "claims", "reviews", "quality", "friendTrip", "partnerProposals", "experiences", "calendarConflicts"]);
    const listings = queue.find((line) => line.key === "listings")!;
    expect(listings).toMatchObject({ path: "/admin/listings", oldest: submittedAt.toISOString() });
    expect(listings.count).toBeGreaterThanOrEqual(1);
  });

  it("counts open claims, refunds due and refunds overdue, with the oldest of each", async () => {
    const queueOf = async () =>
      ((await callRoute(homeRoute.loader, makeRequest("/admin", { jar: supportJar }))).data as Awaited<ReturnType<typeof homeRoute.loader>>).queue;
    const line = (queue: Awaited<ReturnType<typeof queueOf>>, key: string) => queue.find((entry) => entry.key === key)!;
    const before = await queueOf();
    const { claim } = await openedClaim(new Date(Date.UTC(2031, 0, 3, 12, 0, 0)));
    const waiting = await queueOf();
    expect(line(waiting, "claims")).toMatchObject({ path: "/admin/claims", count: line(before, "claims").count + 1 });
    expect(line(waiting, "claims").oldest).not.toBeNull();
    await decideClaim(operator, claim.id, { decision: "accept", note: "The photos agree." });
    const refund = (await Refund.findOne({ where: { claimId: claim.id } }))!;
    const owed = await queueOf();
    expect(line(owed, "claims").count).toBe(line(before, "claims").count);
    expect(line(owed, "refundsDue")).toMatchObject({ path: "/admin/refunds", count: line(before, "refundsDue").count + 1 });
    expect(line(owed, "refundsOverdue").count).toBe(line(before, "refundsOverdue").count);
    // Its due date passes: overdue now, and the oldest due date is its own.
    const dueAt = new Date("2020-03-04T10:00:00Z");
    await refund.update({ dueAt });
    const late = await queueOf();
    expect(line(late, "refundsOverdue")).toMatchObject({ count: line(before, "refundsOverdue").count + 1, oldest: dueAt.toISOString() });
    expect(line(late, "refundsDue").oldest).toBe(dueAt.toISOString());
  });

  it("counts new Friend Trip requests and pending partner proposals, with the oldest of each; a decided one leaves", async () => {
    const queueOf = async () =>
      ((await callRoute(homeRoute.loader, makeRequest("/admin", { jar: supportJar }))).data as Awaited<ReturnType<typeof homeRoute.loader>>).queue;
    const line = (queue: Awaited<ReturnType<typeof queueOf>>, key: string) => queue.find((entry) => entry.key === key)!;
    const before = await queueOf();
    const arrived = new Date("2020-05-06T07:00:00Z");
    const request = await newFriendTripRequest(arrived);
    const proposal = await pendingPartnerProposal(arrived);
    const waiting = await queueOf();
    expect(line(waiting, "friendTrip")).toMatchObject({ path: "/admin/friend-trip?status=new", count: line(before, "friendTrip").count + 1, oldest: arrived.toISOString() });
    expect(line(waiting, "partnerProposals")).toMatchObject({ path: "/admin/partners", count: line(before, "partnerProposals").count + 1, oldest: arrived.toISOString() });
    await request.update({ status: "contacted" });
    await proposal.update({ status: "refused" });
    const answered = await queueOf();
    expect(line(answered, "friendTrip").count).toBe(line(before, "friendTrip").count);
    expect(line(answered, "partnerProposals").count).toBe(line(before, "partnerProposals").count);
  });

  it("counts experiences waiting for moderation; an approved one leaves", async () => {
    const queueOf = async () =>
      ((await callRoute(homeRoute.loader, makeRequest("/admin", { jar: supportJar }))).data as Awaited<ReturnType<typeof homeRoute.loader>>).queue;
    const countOf = (queue: Awaited<ReturnType<typeof queueOf>>) => queue.find((entry) => entry.key === "experiences")!;
    const before = countOf(await queueOf());
    const { experience } = await createExperience({ status: "pending" });
    expect(countOf(await queueOf())).toMatchObject({ path: "/admin/experiences", count: before.count + 1 });
    await experience.update({ status: "approved" });
    expect(countOf(await queueOf()).count).toBe(before.count);
  });
});

describe("/admin/users", () => {
  it("finds a user by name, e-mail, phone", async () => {
    const user = await createAccount({ firstName: "Zoubeir", lastName: "Mabrouk" });
    const find = async (q: string) =>
      ((await callRoute(usersRoute.loader, makeRequest(`/admin/users?q=${encodeURIComponent(q)}`, { jar: supportJar }))).data as Awaited<ReturnType<typeof usersRoute.loader>>).users.map(
        (row) => row.id,
      );
    expect(await find("zoubeir mabrouk")).toContain(user.id);
    expect(await find(user.email.slice(0, 12))).toContain(user.id);
    expect(await find("555 123")).toContain(user.id);
    expect(await find("z")).toEqual([]);
  });

  it("a user's page lists the claims they made, and the claims against them as host", async () => {
    const { claim, reservation } = await openedClaim(new Date(Date.UTC(2031, 1, 3, 12, 0, 0)));
    const claimsOf = async (userId: number) =>
      ((await callRoute(userRoute.loader, makeRequest(`/admin/users/${userId}`, { jar: supportJar }), { params: { id: String(userId) } })).data as Awaited<
        ReturnType<typeof userRoute.loader>
      >).user.claims;
    expect(await claimsOf(reservation.travelerId)).toEqual([expect.objectContaining({ id: claim.id, reference: reservation.reference, side: "traveler", status: "open" })]);
    expect(await claimsOf(reservation.hostId)).toEqual([expect.objectContaining({ id: claim.id, side: "host", kind: "cleanliness" })]);
  });

  it("suspend: sessions and API tokens end, sign-in refused, listings leave search; reinstate gives sign-in back", async () => {
    const host = await createAccount({ hostMode: true, language: "fr" });
    const listing = await createPublicListing({ hostId: host.id });
    const hostJar = new CookieJar();
    await logIn(hostJar, host.email);
    const token = (await createSession(host.id, "api")).id;
    const apiRequest = () => makeRequest("/api/v1/GestionDesUtulisateur/profile", { json: { ID_Utulisateur: host.id }, headers: { Authorization: `Bearer ${token}` } });
    expect((await callRoute(profileApi.action as never, apiRequest())).status).toBe(200);
    expect(await isPublicListing(listing.id)).not.toBeNull();

    expect((await act(supportJar, host.id, { intent: "suspend", reason: " " })).status).toBe(400);
    const suspended = await act(supportJar, host.id, { intent: "suspend", reason: "Fake listings reported" });
    expect(await toastOf(suspended)).toMatchObject({ message: "console:actions.done.suspend" });

    expect(await getOptionalUser(makeRequest("/profile", { jar: hostJar }))).toBeNull();
    expect((await callRoute(profileApi.action as never, apiRequest())).status).toBe(401);
    expect((await logIn(new CookieJar(), host.email)).status).toBe(403);
    expect(await isPublicListing(listing.id)).toBeNull();
    expect(await AuditEntry.findOne({ where: { kind: "user.suspend", recordId: String(host.id) } })).toMatchObject({ reason: "Fake listings reported" });
    await runDueJobs({ limit: 100 });
    const email = await lastEmailTo(host.email, "console-suspended");
    expect(email?.subject).toBe("Votre compte Darna est suspendu");
    expect(email?.text).toContain("Fake listings reported");

    expect((await act(supportJar, host.id, { intent: "suspend", reason: "again" })).status).toBe(409);
    expect((await act(supportJar, host.id, { intent: "reinstate", reason: "Explained" })).status).toBe(302);
    expect((await logIn(new CookieJar(), host.email)).status).toBe(302);
    expect(await isPublicListing(listing.id)).not.toBeNull();
  });

  it("roles: only operators give or take them, and never away from the last operator", async () => {
    const user = await createAccount();
    expect((await act(supportJar, user.id, { intent: "grant_role", role: "operator", reason: "New hire" })).status).toBe(403);
    expect((await act(operatorJar, user.id, { intent: "grant_role", role: "support", reason: "New hire" })).status).toBe(302);
    expect((await User.findByPk(user.id))?.role).toBe("support");
    await runDueJobs({ limit: 100 });
    expect((await lastEmailTo(user.email, "console-grant_role"))?.subject).toBe("You are now Support on Darna");

    // Every other operator leaves: the last one cannot be demoted or suspended (not by themselves either).
    await User.update({ role: "user" }, { where: { role: "operator", id: { [(await import("sequelize")).Op.ne]: operator.id } } });
    const other = await createAccount({ role: "support" });
    const otherJar = new CookieJar();
    await logIn(otherJar, other.email);
    expect((await act(supportJar, operator.id, { intent: "suspend", reason: "test" })).data).toMatchObject({ error: "console:errors.lastOperator" });
    expect((await act(operatorJar, operator.id, { intent: "revoke_role", reason: "leaving" })).data).toMatchObject({ error: "console:errors.notYourself" });
    const second = await createAccount();
    expect((await act(operatorJar, second.id, { intent: "grant_role", role: "operator", reason: "Second operator" })).status).toBe(302);
    const secondJar = new CookieJar();
    await logIn(secondJar, second.email);
    expect((await act(secondJar, operator.id, { intent: "revoke_role", reason: "Handover" })).status).toBe(302);
    expect((await act(operatorJar, second.id, { intent: "revoke_role", reason: "no" })).status).toBe(403);
    expect((await User.findByPk(operator.id))?.role).toBe("user");
  });

  it("resend verification: a new link goes out, the user is told", async () => {
    const user = await createAccount({ verified: false, language: "es" });
    expect((await act(supportJar, user.id, { intent: "resend_verification", reason: "Lost the first e-mail" })).status).toBe(302);
    await runDueJobs({ limit: 100 });
    expect((await lastEmailTo(user.email, "console-resend_verification"))?.subject).toBe("Te hemos reenviado tu enlace de verificación");
    const verified = await createAccount();
    expect((await act(supportJar, verified.id, { intent: "resend_verification", reason: "x" })).status).toBe(409);
  });
});
