// The company, co-host, new-experience, notification-settings, claim-answer and review-report
// twins of page actions (issue 22 point 1, ADR 225): the pages' rules and translated messages,
// through the pages' service functions; every answer held against the OpenAPI document.
import { describe, expect, it } from "vitest";
import { Claim } from "~/db/models/claim.server";
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { HostCompany } from "~/db/models/host-company.server";
import { ReviewReport } from "~/db/models/review-report.server";
import { User } from "~/db/models/user.server";
import { FriendTripRequest } from "~/db/models/friend-trip.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { action as friendTripRequestAction } from "~/routes/api.v1.friend-trip.requests";
import { action as friendTripPaymentAction } from "~/routes/api.v1.friend-trip.requests.$reference_.payment";
import { action as claimAnswerAction } from "~/routes/api.v1.claims.$id_.answer";
import { action as acceptAction } from "~/routes/api.v1.cohost-invitations.$id_.accept";
import { action as declineAction } from "~/routes/api.v1.cohost-invitations.$id_.decline";
import { action as endAction } from "~/routes/api.v1.cohost-invitations.$id_.end";
import { action as inviteAction, loader as invitationsLoader } from "~/routes/api.v1.cohost-invitations._index";
import { action as companyAction, loader as companyLoader } from "~/routes/api.v1.host.company";
import { action as settingsAction, loader as settingsLoader } from "~/routes/api.v1.notifications.settings";
import { action as experienceAction } from "~/routes/api.v1.partner.experiences";
import { action as reportAction } from "~/routes/api.v1.reviews.$id_.report";
import { saveReview } from "~/services/reviews/review-writes.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { createPartner } from "../factories/experience-factories";
import { openedClaim } from "../factories/money-factories";
import { createCompletedStay, stars } from "../factories/review-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

type Params = Record<string, string | undefined>;

function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const all = new Headers({ "Accept-Language": "fr", ...headers });
  if (body !== undefined) all.set("Content-Type", "application/json");
  if (token) all.set("Authorization", `Bearer ${token}`);
  return new Request(`http://localhost/api/v1${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}
const args = (request: Request, params: Params = {}) => ({ request, params, context: {} });
const tokenOf = async (userId: number) => (await createSession(userId, "api")).id;
const errorOf = (body: unknown) => (body as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe("the host's company: GET, PUT, DELETE /api/v1/host/company", () => {
  it("declares, reads and withdraws the company by /dashboard/company's rules; a traveler without listings is refused", async () => {
    const host = await createBookingUser();
    await createPublicListing({ hostId: host.id });
    const token = await tokenOf(host.id);
    const empty = await companyLoader(args(call("GET", "/host/company", token)));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/host/company", empty)).toEqual({ company: null });

    const bad = await companyAction(args(call("PUT", "/host/company", token, { legalName: "", taxId: "12", address: "Rue de Carthage" })));
    expect(bad.status).toBe(400);
    const badError = errorOf(await expectApiResponseMatchesOpenApi("put", "/api/v1/host/company", bad));
    expect(badError.fields).toEqual({
      legalName: "Ce champ est obligatoire.",
      taxId: expect.stringMatching(/^Ce n'est pas un matricule fiscal/),
    });

    const saved = await companyAction(args(call("PUT", "/host/company", token, { legalName: "Dar Salam SARL", taxId: "1234567 a a m 000", address: "Rue de Carthage, Tunis" })));
    expect(saved.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("put", "/api/v1/host/company", saved)).toEqual({ legalName: "Dar Salam SARL", taxId: "1234567A/A/M/000", address: "Rue de Carthage, Tunis" });
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/host/company", await companyLoader(args(call("GET", "/host/company", token))))).toEqual({
      company: { legalName: "Dar Salam SARL", taxId: "1234567A/A/M/000", address: "Rue de Carthage, Tunis" },
    });

    const traveler = await tokenOf((await createBookingUser()).id);
    const refused = await companyAction(args(call("PUT", "/host/company", traveler, { legalName: "X SARL", taxId: "1234567AAM000", address: "Tunis" })));
    expect(refused.status).toBe(403);
    expect(errorOf(await expectApiResponseMatchesOpenApi("put", "/api/v1/host/company", refused))).toMatchObject({ code: "forbidden", message: "Seuls les hôtes peuvent déclarer une société." });

    const removed = await companyAction(args(call("DELETE", "/host/company", token)));
    expect(removed.status).toBe(204);
    await expectApiResponseMatchesOpenApi("delete", "/api/v1/host/company", removed);
    expect(await HostCompany.count({ where: { userId: host.id } })).toBe(0);
    expect((await companyAction(args(call("POST", "/host/company", token, {})))).status).toBe(405);
    expect((await companyLoader(args(call("GET", "/host/company", null)))).status).toBe(401);
  });
});

describe("co-host invitations: /api/v1/cohost-invitations", () => {
  it("invites, lists, accepts, declines and ends as /dashboard/cohosts does; only the invited address answers", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const hostToken = await tokenOf(host.id);
    const invitee = await createBookingUser();
    const inviteeToken = await tokenOf(invitee.id);
    const stranger = await tokenOf((await createBookingUser()).id);

    const bad = await inviteAction(args(call("POST", "/cohost-invitations", hostToken, { email: "nope", listingIds: [] })));
    expect(bad.status).toBe(400);
    expect(Object.keys(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations", bad)).fields!).sort()).toEqual(["email", "listingIds"]);

    const invited = await inviteAction(args(call("POST", "/cohost-invitations", hostToken, { email: invitee.email.toUpperCase(), listingIds: [listing.id] })));
    expect(invited.status).toBe(201);
    const invitation = (await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations", invited)) as { id: number; status: string; listings: unknown[] };
    expect(invitation).toMatchObject({ status: "pending", email: invitee.email, listings: [{ id: listing.id }] });

    const twice = await inviteAction(args(call("POST", "/cohost-invitations", hostToken, { email: invitee.email, listingIds: [listing.id] })));
    expect(twice.status).toBe(409);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations", twice)).fields).toEqual({ email: "Cette adresse a déjà une invitation ou est déjà votre co-hôte." });

    const lists = await invitationsLoader(args(call("GET", "/cohost-invitations", inviteeToken)));
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/cohost-invitations", lists)).toMatchObject({ sent: [], received: [{ id: invitation.id, status: "pending" }] });

    const step = (handler: typeof acceptAction, name: string, token: string) => handler(args(call("POST", `/cohost-invitations/${invitation.id}/${name}`, token), { id: String(invitation.id) }));
    const notYours = await step(acceptAction, "accept", stranger);
    expect(notYours.status).toBe(404);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations/{id}/accept", notYours);
    const accepted = await step(acceptAction, "accept", inviteeToken);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations/{id}/accept", accepted)).toEqual({ id: invitation.id, status: "accepted" });
    const late = await step(declineAction, "decline", inviteeToken);
    expect(late.status).toBe(409);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations/{id}/decline", late);
    expect((await step(endAction, "end", inviteeToken)).status).toBe(404);
    const ended = await step(endAction, "end", hostToken);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations/{id}/end", ended)).toEqual({ id: invitation.id, status: "removed" });

    const again = (await (await inviteAction(args(call("POST", "/cohost-invitations", hostToken, { email: invitee.email, listingIds: [listing.id] })))).json()) as { id: number };
    const declined = await declineAction(args(call("POST", `/cohost-invitations/${again.id}/decline`, inviteeToken), { id: String(again.id) }));
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations/{id}/decline", declined)).toEqual({ id: again.id, status: "declined" });

    await User.update({ emailVerifiedAt: null }, { where: { id: host.id } });
    const unverified = await inviteAction(args(call("POST", "/cohost-invitations", hostToken, { email: "someone@test.darna.tn", listingIds: [listing.id] })));
    expect(unverified.status).toBe(403);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/cohost-invitations", unverified)).code).toBe("email_not_verified");
  });
});

describe("POST /api/v1/partner/experiences", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    titleEn: "Pottery in Nabeul",
    titleFr: "Poterie à Nabeul",
    titleEs: "Cerámica en Nabeul",
    descriptionEn: "Two hours at the wheel with a potter.",
    descriptionFr: "Deux heures au tour avec un potier.",
    descriptionEs: "Dos horas en el torno con un alfarero.",
    city: "Nabeul",
    governorate: "Nabeul",
    durationMinutes: 120,
    languages: ["fr", "en"],
    price: 45,
    capacity: 8,
    firstStart: "2031-05-06T10:00",
    repeatWeeklyUntil: "2031-05-27",
    ...overrides,
  });

  it("creates the experience and its weekly slots as the page does; refuses past starts and non-partners with the page's messages", async () => {
    const { user } = await createPartner();
    const token = await tokenOf(user.id);
    const created = await experienceAction(args(call("POST", "/partner/experiences", token, body())));
    expect(created.status).toBe(201);
    const { id } = (await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences", created)) as { id: number };
    expect((await Experience.findByPk(id))!.status).toBe("pending");
    expect(await ExperienceSlot.count({ where: { experienceId: id } })).toBe(4);

    const past = await experienceAction(args(call("POST", "/partner/experiences", token, body({ firstStart: "2020-01-01T10:00", repeatWeeklyUntil: undefined }))));
    expect(past.status).toBe(400);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences", past)).fields).toEqual({ firstStart: "Indiquez une date et une heure à venir." });
    const invalid = await experienceAction(args(call("POST", "/partner/experiences", token, body({ price: "cheap", languages: [] }))));
    expect(invalid.status).toBe(400);
    expect(Object.keys(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences", invalid)).fields!).sort()).toEqual(["languages", "price"]);

    const traveler = await tokenOf((await createBookingUser()).id);
    const refused = await experienceAction(args(call("POST", "/partner/experiences", traveler, body())));
    expect(refused.status).toBe(403);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences", refused)).message).toBe("Seul le compte d’un partenaire actif peut créer des expériences.");
  });
});

describe("GET and PUT /api/v1/notifications/settings", () => {
  it("reads and changes which categories are e-mailed, keeping the others", async () => {
    const user = await createBookingUser();
    const token = await tokenOf(user.id);
    const before = (await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications/settings", await settingsLoader(args(call("GET", "/notifications/settings", token))))) as Record<string, boolean>;
    const changed = await settingsAction(args(call("PUT", "/notifications/settings", token, { messages: !before.messages, payouts: !before.payouts })));
    expect(changed.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("put", "/api/v1/notifications/settings", changed)).toEqual({ ...before, messages: !before.messages, payouts: !before.payouts });
    const bad = await settingsAction(args(call("PUT", "/notifications/settings", token, { messages: "no" })));
    expect(bad.status).toBe(400);
    await expectApiResponseMatchesOpenApi("put", "/api/v1/notifications/settings", bad);
    const other = (await (await settingsLoader(args(call("GET", "/notifications/settings", await tokenOf((await createBookingUser()).id))))).json()) as Record<string, boolean>;
    expect(other).toEqual(before);
  });
});

describe("POST /api/v1/claims/{id}/answer and POST /api/v1/reviews/{id}/report", () => {
  it("lets the host answer a claim on their stay, once open, and nobody else", async () => {
    const { claim, reservation } = await openedClaim();
    const hostToken = await tokenOf(reservation.hostId);
    const travelerToken = await tokenOf(reservation.travelerId);
    const answer = (token: string, text: unknown) => claimAnswerAction(args(call("POST", `/claims/${claim.id}/answer`, token, { answer: text }), { id: String(claim.id) }));
    const forbidden = await answer(travelerToken, "Not mine to answer.");
    expect(forbidden.status).toBe(403);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/claims/{id}/answer", forbidden);
    const empty = await answer(hostToken, "");
    expect(empty.status).toBe(400);
    expect(Object.keys(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/claims/{id}/answer", empty)).fields!)).toEqual(["answer"]);
    const done = await answer(hostToken, "The sheets were changed the same day.");
    expect(done.status).toBe(204);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/claims/{id}/answer", done);
    expect((await Claim.findByPk(claim.id))!.hostAnswer).toBe("The sheets were changed the same day.");
    const missing = await claimAnswerAction(args(call("POST", "/claims/987654321/answer", hostToken, { answer: "x y z" }), { id: "987654321" }));
    expect(missing.status).toBe(404);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/claims/{id}/answer", missing);
  });

  it("lets the listing's host report a review once while open, and nobody else", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const stay = await createCompletedStay({ listingId: listing.id, hostId: host.id, travelerId: traveler.id });
    const review = await saveReview({ id: traveler.id, role: traveler.role }, stay.id, { text: "Not at all as described.", ratings: stars(1) });
    const report = (token: string, reason: unknown) => reportAction(args(call("POST", `/reviews/${review.id}/report`, token, { reason }), { id: String(review.id) }));
    const byTraveler = await report(await tokenOf(traveler.id), "Mine.");
    expect(byTraveler.status).toBe(403);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/reviews/{id}/report", byTraveler);
    const hostToken = await tokenOf(host.id);
    const empty = await report(hostToken, " ");
    expect(empty.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/reviews/{id}/report", empty);
    const reported = await report(hostToken, "The traveler never stayed in this room.");
    expect(reported.status).toBe(201);
    const { id } = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reviews/{id}/report", reported)) as { id: number };
    expect((await ReviewReport.findByPk(id))!.reviewId).toBe(review.id);
    const twice = await report(hostToken, "Again.");
    expect(twice.status).toBe(409);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/reviews/{id}/report", twice)).message).toBe("Cet avis est déjà signalé.");
  });
});

describe("POST /api/v1/friend-trip/requests/{reference}/payment", () => {
  it("starts a new card payment for a request awaiting payment, as /friend-trip-failed does; 404 unknown, 409 once paid", async () => {
    const today = dateInTunis(new Date());
    const body = { firstName: "Lucía", lastName: "Pages", nationality: "Spanish", startDate: addDays(today, 5), endDate: addDays(today, 9), purpose: "relax", email: `lucia-${Date.now()}@example.com`, phone: "+34 612 345 678", pack: "premium", interests: ["culture"], consent: true };
    const created = (await (await friendTripRequestAction(args(call("POST", "/friend-trip/requests", null, body)))).json()) as { id: number; reference: string };
    await FriendTripRequest.update({ status: "awaiting_payment" }, { where: { id: created.id } });
    const pay = (reference: string) => friendTripPaymentAction(args(call("POST", `/friend-trip/requests/${reference}/payment`, null, undefined), { reference }));
    const started = await pay(created.reference);
    expect(started.status).toBe(200);
    const answer = (await expectApiResponseMatchesOpenApi("post", "/api/v1/friend-trip/requests/{reference}/payment", started)) as { reference: string; paymentUrl: string };
    expect(answer.reference).toBe(created.reference);
    expect(answer.paymentUrl).toMatch(/^\/sandbox-gateway\/pay\/FTP/);
    const unknown = await pay("FT-NOPE");
    expect(unknown.status).toBe(404);
    expect(errorOf(await expectApiResponseMatchesOpenApi("post", "/api/v1/friend-trip/requests/{reference}/payment", unknown))).toEqual({ code: "not_found", message: "Cette demande Friend Trip n'existe pas." });
    await FriendTripRequest.update({ status: "new" }, { where: { id: created.id } });
    const paid = await pay(created.reference);
    expect(paid.status).toBe(409);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/friend-trip/requests/{reference}/payment", paid);
  });
});
