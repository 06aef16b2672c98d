// The events built beside the notification centre, wired into it (ADR 146, issue 16 point 4):
// claims (opened, answered, decided), refunds paid, dispute holds on a stay's earning and co-host
// invitations each record exactly one notification per concerned user, with the right link, and
// exactly one e-mail per event and person (the event's own e-mail, or the notification's).
import { describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { formatMoney, TND } from "~/domain/money";
import { Notification } from "~/db/models/notification.server";
import { Refund } from "~/db/models/refund.server";
import type { Reservation } from "~/db/models/reservation.server";
import { acceptInvitation, declineInvitation, inviteCohost } from "~/services/cohosts/cohosts.server";
import { listOutbox } from "~/services/email/email.server";
import { decideClaim } from "~/services/money/claim-decisions.server";
import { answerClaim, openClaim } from "~/services/money/claims.server";
import { releaseStay, withholdStay } from "~/services/money/earning-holds.server";
import { markRefundPaid } from "~/services/money/refund-settlement.server";
import { categoryOf, DEFAULT_EMAIL } from "~/services/notifications/notification-kinds";
import { emailSettings, listNotifications, notificationTitle, saveEmailSettings } from "~/services/notifications/notification-reads.server";
import { NOTIFICATION_EMAIL_JOB } from "~/services/notifications/notify.server";
import type { Language } from "~/utils/i18n";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

// Booked on 3 June 2031 for 10–13 June (check-in 14:00 Tunis); "now" is 15:00 UTC on the 10th, inside the claim window.
const booked = new Date(Date.UTC(2031, 5, 3, 12, 0, 0));
const now = new Date(Date.UTC(2031, 5, 10, 15, 0, 0));
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

type User = Awaited<ReturnType<typeof createBookingUser>>;
const viewer = (user: User) => ({ id: user.id, role: user.role });

async function stay(): Promise<{ host: User; traveler: User; operator: User; reservation: Reservation }> {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000, cleaningFee: 20_000 });
  const traveler = await createBookingUser();
  const operator = await createBookingUser({ role: "operator" });
  const reservation = await paidStay(traveler, listing.id, booked, 7, 3);
  return { host, traveler, operator, reservation };
}

/** The user's notifications of kinds starting with `prefix`, oldest first, as [kind, link, read]. */
async function rowsOf(user: User, prefix: string) {
  const rows = await Notification.findAll({ where: { userId: user.id }, order: [["id", "ASC"]] });
  return rows.filter((row) => row.kind.startsWith(prefix));
}

const summary = (rows: Notification[]) => rows.map((row) => [row.kind, row.link, row.readAt ? "read" : "unread"]);

/** The templates of the e-mails sent to `user`, plus the generic notification e-mails queued for them. */
async function mailsOf(user: User): Promise<string[]> {
  const sent = (await listOutbox(1000)).filter((mail) => mail.to === user.email).map((mail) => mail.template);
  const ids = new Set((await Notification.findAll({ where: { userId: user.id }, attributes: ["id"] })).map((row) => row.id));
  const queued = (await Job.findAll({ where: { name: NOTIFICATION_EMAIL_JOB } }))
    .filter((job) => ids.has((JSON.parse(job.payload) as { notificationId: number }).notificationId))
    .map(() => "notification");
  return [...sent, ...queued].sort();
}

const amenityClaim = (reservation: Reservation) => ({
  kind: "amenity" as const,
  amenity: "air_conditioning" as const,
  affectedNights: [reservation.checkIn],
  text: "The air conditioning does not work at all.",
});

describe("claims and refunds", () => {
  it("opened, answered, decided in part, refund paid: one notification per concerned user, one e-mail per event and person", async () => {
    const { host, traveler, operator, reservation } = await stay();
    const travelerPage = `/reservation-details/${reservation.id}`;
    const hostPage = `/host/reservation-details/${reservation.id}`;

    const claim = await openClaim(viewer(traveler), reservation.id, amenityClaim(reservation), [], now);
    expect(summary(await rowsOf(host, "claim."))).toEqual([["claim.opened", hostPage, "unread"]]);
    // The traveler's own claim is their record: already read, no e-mail.
    expect(summary(await rowsOf(traveler, "claim."))).toEqual([["claim.opened", travelerPage, "read"]]);
    expect(await mailsOf(host)).toEqual(["claim-opened"]);
    expect(await mailsOf(traveler)).toEqual([]);

    await answerClaim(viewer(host), claim.id, "The technician comes tomorrow morning.", later(10));
    expect(summary(await rowsOf(traveler, "claim.answered"))).toEqual([["claim.answered", travelerPage, "unread"]]);
    expect(summary(await rowsOf(host, "claim."))).toHaveLength(1);
    // No dedicated e-mail for an answer: the notification's own.
    expect(await mailsOf(traveler)).toEqual(["notification"]);

    await decideClaim(viewer(operator), claim.id, { decision: "partial", amount: 12_000, note: "One night without air conditioning." }, later(20));
    const [travelerDecision] = await rowsOf(traveler, "claim.partial");
    const [hostDecision] = await rowsOf(host, "claim.partial");
    expect(summary(await rowsOf(traveler, "claim.partial"))).toEqual([["claim.partial", travelerPage, "unread"]]);
    expect(summary(await rowsOf(host, "claim.partial"))).toEqual([["claim.partial", hostPage, "unread"]]);
    expect(JSON.parse(travelerDecision!.params)).toMatchObject({ side: "traveler", amount: 12_000, reference: reservation.reference });
    expect(JSON.parse(hostDecision!.params)).toMatchObject({ side: "host", amount: 12_000 });
    expect((await listNotifications(traveler.id, "en")).items[0]!.title).toBe(
      `Your claim on reservation ${reservation.reference} was accepted in part: ${formatMoney(12_000, TND, "en")} will be refunded`,
    );
    expect(await mailsOf(traveler)).toEqual(["claim-decided", "notification"]);
    expect(await mailsOf(host)).toEqual(["claim-decided", "claim-opened"]);

    const refund = (await Refund.findOne({ where: { claimId: claim.id } }))!;
    await markRefundPaid(viewer(operator), refund.id, { reference: "VIR-CLAIM-1", bankFee: null }, later(30));
    const paid = await rowsOf(traveler, "refund.");
    expect(summary(paid)).toEqual([["refund.paid", travelerPage, "unread"]]);
    expect(JSON.parse(paid[0]!.params)).toMatchObject({ amount: refund.grossAmount - refund.bankFee, reference: reservation.reference });
    expect(await rowsOf(host, "refund.")).toEqual([]);
    // Refunds paid are a reservation step: the notification's e-mail, on by default.
    expect(await mailsOf(traveler)).toEqual(["claim-decided", "notification", "notification"]);
  });

  it("a refused claim notifies both sides; claim e-mails switched off leave the notification without e-mail", async () => {
    const { host, traveler, operator, reservation } = await stay();
    await saveEmailSettings(traveler.id, { ...DEFAULT_EMAIL, claims: false });
    const claim = await openClaim(viewer(traveler), reservation.id, amenityClaim(reservation), [], now);
    await decideClaim(viewer(operator), claim.id, { decision: "refuse", note: "The photos show a working unit." }, later(5));
    expect(summary(await rowsOf(traveler, "claim.refused"))).toEqual([["claim.refused", `/reservation-details/${reservation.id}`, "unread"]]);
    expect(summary(await rowsOf(host, "claim.refused"))).toEqual([["claim.refused", `/host/reservation-details/${reservation.id}`, "unread"]]);
    expect(await mailsOf(traveler)).toEqual([]);
    expect(await mailsOf(host)).toEqual(["claim-decided", "claim-opened"]);
    expect((await listNotifications(host.id, "fr")).items[0]!.title).toBe(`La réclamation sur la réservation ${reservation.reference} est refusée : vos revenus ne changent pas`);
  });
});

describe("dispute holds", () => {
  it("withholding (once, even when asked twice) and releasing a stay's earning notify its host", async () => {
    const { host, traveler, operator, reservation } = await stay();
    const hostPage = `/host/reservation-details/${reservation.id}`;
    await withholdStay(viewer(operator), reservation.id, "The traveler disputes the stay.", now);
    await withholdStay(viewer(operator), reservation.id, "Asked again.", later(1));
    expect(summary(await rowsOf(host, "dispute."))).toEqual([["dispute.withheld", hostPage, "unread"]]);
    await releaseStay(viewer(operator), reservation.id, "Settled with both sides.", later(2));
    expect(summary(await rowsOf(host, "dispute."))).toEqual([
      ["dispute.withheld", hostPage, "unread"],
      ["dispute.released", hostPage, "unread"],
    ]);
    expect(await rowsOf(traveler, "dispute.")).toEqual([]);
    // No dedicated e-mail: the notification's, claims e-mails being on by default.
    expect((await mailsOf(host)).filter((mail) => mail === "notification")).toHaveLength(2);
  });
});

describe("co-host invitations", () => {
  it("the invitee (an account) is notified once with its e-mail; the host is notified of the acceptance and the refusal", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const accepting = await createBookingUser();
    const declining = await createBookingUser();
    await saveEmailSettings(declining.id, { ...DEFAULT_EMAIL, listings: false });

    const first = await inviteCohost(host, { email: accepting.email, listingIds: [listing.id] }, now);
    const second = await inviteCohost(host, { email: declining.email.toUpperCase(), listingIds: [listing.id] }, now);
    // An address without an account gets the sign-up e-mail only (nobody to notify).
    const before = await Notification.count();
    await inviteCohost(host, { email: `nobody-${host.id}@test.darna.tn`, listingIds: [listing.id] }, now);
    expect(await Notification.count()).toBe(before);
    for (const invitee of [accepting, declining]) expect(summary(await rowsOf(invitee, "cohost."))).toEqual([["cohost.invited", "/dashboard/cohosts", "unread"]]);
    // The invitation e-mail is the notification's e-mail: once, and none for who switched listing e-mails off.
    expect(await mailsOf(accepting)).toEqual(["cohost-invitation"]);
    expect(await mailsOf(declining)).toEqual([]);
    expect((await listNotifications(accepting.id, "es")).items[0]!.title).toBe(`${host.firstName} ${host.lastName} te invita a ser coanfitrión de sus anuncios`);

    await acceptInvitation(accepting, first.id, later(1));
    await declineInvitation(declining, second.id, later(2));
    expect(summary(await rowsOf(host, "cohost."))).toEqual([
      ["cohost.accepted", "/dashboard/cohosts", "unread"],
      ["cohost.declined", "/dashboard/cohosts", "unread"],
    ]);
    const titles = (await listNotifications(host.id, "en")).items.map((item) => item.title);
    expect(titles).toEqual([`${declining.firstName} ${declining.lastName} declined to co-host your listings`, `${accepting.firstName} ${accepting.lastName} accepted to co-host your listings`]);
    // Listing e-mails are on by default: the host gets the notification's e-mail of each answer.
    expect(await mailsOf(host)).toEqual(["notification", "notification"]);
  });
});

describe("categories and titles", () => {
  it("claims and listings e-mails are on by default; each new kind has its category", async () => {
    const user = await createBookingUser();
    expect(await emailSettings(user.id)).toEqual({ reservations: true, messages: false, listings: true, reviews: false, payouts: true, claims: true });
    expect(["claim.opened", "claim.partial", "dispute.withheld", "refund.paid", "cohost.invited"].map(categoryOf)).toEqual([
      "claims",
      "claims",
      "claims",
      "reservations",
      "listings",
    ]);
  });

  it("every new kind and side reads a real title in English, French and Spanish", async () => {
    const claimKinds = ["opened", "accepted", "partial", "refused"].flatMap((kind) => (["traveler", "host"] as const).map((side) => [`claim.${kind}`, side] as const));
    const cases: Array<readonly [string, string | undefined]> = [
      ...claimKinds,
      ["claim.answered", "traveler"],
      ["refund.paid", undefined],
      ["dispute.withheld", undefined],
      ["dispute.released", undefined],
      ["cohost.invited", undefined],
      ["cohost.accepted", undefined],
      ["cohost.declined", undefined],
    ];
    const params = (side?: string) => JSON.stringify({ ...(side ? { side } : {}), reference: "DRN-1", listing: "Dar Zitouna", amount: 5_000, host: "Hedi", name: "Amira" });
    for (const [kind, side] of cases) {
      const titles = await Promise.all((["en", "fr", "es"] as Language[]).map((language) => notificationTitle(language, kind, params(side))));
      const fallbacks = await Promise.all((["en", "fr", "es"] as Language[]).map((language) => notificationTitle(language, "unknown.kind", "{}")));
      titles.forEach((title, index) => expect(title, `${kind} ${side ?? ""}`).not.toBe(fallbacks[index]));
      expect(new Set(titles).size, `${kind} ${side ?? ""}`).toBe(3);
      for (const title of titles) expect(title).not.toMatch(/\{\{|titles\./);
    }
  });
});
