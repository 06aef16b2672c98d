// The co-host permission matrix (issue 16 point 5, ADR 147): the listing's owner, a co-host of
// this listing, a co-host of another of the owner's listings, and a stranger, each trying every
// host action through the real route actions and API: block dates, set a price, accept, decline,
// cancel as host, message the traveler, read revenues and payouts, delete the listing, invite a
// co-host. Only the owner and this listing's co-host run the listing; only the owner touches money,
// deletion and co-hosts. Every decision records who took it.
import { beforeAll, describe, expect, it } from "vitest";
import { HostAction } from "~/db/models/host-action.server";
import { Listing } from "~/db/models/listing.server";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Message } from "~/db/models/message.server";
import { Reservation } from "~/db/models/reservation.server";
import type { User } from "~/db/models/user.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as calendarRoute from "~/routes/($lang).dashboard.calendrier.$id";
import * as cohostsRoute from "~/routes/($lang).dashboard.cohosts";
import * as propertyRoute from "~/routes/($lang).dashboard.host-property-details.$id";
import * as reservationsPage from "~/routes/($lang).dashboard.reservations";
import * as hostReservationPage from "~/routes/($lang).host_.reservation-details.$id";
import * as hostMessagesPage from "~/routes/($lang).dashboard.messages.($id)";
import * as acceptRoute from "~/routes/api.v1.reservations.$id_.accept";
import * as cancelRoute from "~/routes/api.v1.reservations.$id_.cancel";
import * as declineRoute from "~/routes/api.v1.reservations.$id_.decline";
import * as detailsRoute from "~/routes/api.v1.reservations.$id";
import * as messagesRoute from "~/routes/api.v1.conversations.$conversationUID.messages";
import * as conversationsRoute from "~/routes/api.v1.conversations._index";
import * as revenuesRoute from "~/routes/api.v1.host.revenues";
import * as payoutsRoute from "~/routes/api.v1.host.payouts";
import { createReservation } from "~/services/booking/booking.server";
import { acceptRequest } from "~/services/booking/reservation.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { acceptInvitation, inviteCohost } from "~/services/cohosts/cohosts.server";
import { unseenMessages } from "~/services/messaging/messaging.server";
import { startConversation } from "~/services/messaging/message-sending.server";
import { createSession } from "~/utils/auth-sessions.server";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";

type Role = "owner" | "cohost" | "otherCohost" | "stranger";
const ROLES: Role[] = ["owner", "cohost", "otherCohost", "stranger"];
const ALLOWED: Role[] = ["owner", "cohost"];

const people = {} as Record<Role, User>;
const jars = {} as Record<Role, CookieJar>;
const tokens = {} as Record<Role, string>;
let traveler: User;
let listing: Listing; // co-hosted by "cohost"
let other: Listing; // another listing of the owner, co-hosted by "otherCohost"
let offset = 20;

async function logIn(jar: CookieJar, email: string) {
  const result = await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  expect(result.status).toBe(302);
}

function api(path: string, role: Role, json?: unknown, method?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[role]}` };
  return makeRequest(path, { json, headers, method: method ?? (json !== undefined ? "POST" : "GET") });
}

/** A fresh request (pending_host) on the co-hosted listing, on dates no other test uses. */
async function pendingRequest(): Promise<{ id: number; reference: string }> {
  offset += 3;
  return createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, ...stayFrom(new Date(), offset, 2) }, { termsAccepted: true });
}

beforeAll(async () => {
  for (const role of ROLES) {
    people[role] = await createAccount({ hostMode: true, firstName: role });
    jars[role] = new CookieJar();
    await logIn(jars[role], people[role].email);
    tokens[role] = (await createSession(people[role].id, "api")).id;
  }
  traveler = await createBookingUser();
  listing = await createPublicListing({ hostId: people.owner.id, reservationMethod: "request" });
  other = await createPublicListing({ hostId: people.owner.id, reservationMethod: "request" });
  const invitation = await inviteCohost(people.owner, { email: people.cohost.email, listingIds: [listing.id] });
  await acceptInvitation(people.cohost, invitation.id);
  const second = await inviteCohost(people.owner, { email: people.otherCohost.email, listingIds: [other.id] });
  await acceptInvitation(people.otherCohost, second.id);
});

describe("co-host permission matrix", () => {
  it.each(ROLES)("calendar block and price on the listing: %s", async (role) => {
    const from = addDays(todayInTunis(new Date()), 200 + ROLES.indexOf(role) * 3);
    const path = `/dashboard/calendrier/${listing.id}`;
    const block = await callRoute(calendarRoute.action, makeRequest(path, { form: { intent: "block", from, to: from }, jar: jars[role] }), { params: { id: String(listing.id) } });
    const price = await callRoute(calendarRoute.action, makeRequest(path, { form: { intent: "price", from: addDays(from, 1), to: addDays(from, 1), price: "150" }, jar: jars[role] }), {
      params: { id: String(listing.id) },
    });
    const days = await CalendarDay.findAll({ where: { listingId: listing.id, date: [from, addDays(from, 1)] }, order: [["date", "ASC"]] });
    if (ALLOWED.includes(role)) {
      expect([block.status, price.status]).toEqual([302, 302]);
      expect(days.map((day) => [day.blocked, day.price])).toEqual([
        [true, null],
        [false, 150_000],
      ]);
      const actions = await HostAction.findAll({ where: { listingId: listing.id, actorId: people[role].id }, order: [["id", "ASC"]] });
      expect(actions.map((action) => [action.action, action.detail])).toEqual(
        expect.arrayContaining([
          ["calendar_blocked", from],
          ["calendar_priced", addDays(from, 1)],
        ]),
      );
    } else {
      expect([block.status, price.status]).toEqual([403, 403]);
      expect(days).toEqual([]);
    }
    // The calendar page itself follows the same rule.
    const page = await callRoute(calendarRoute.loader, makeRequest(path, { jar: jars[role] }), { params: { id: String(listing.id) } });
    expect(page.status).toBe(ALLOWED.includes(role) ? 200 : 403);
  });

  it.each(ROLES)("accept, decline and cancel as host through the API: %s", async (role) => {
    const toAccept = await pendingRequest();
    const toDecline = await pendingRequest();
    const accepted = await callRoute(acceptRoute.action, api(`/api/v1/reservations/${toAccept.id}/accept`, role, {}), { params: { id: String(toAccept.id) } });
    const declined = await callRoute(declineRoute.action, api(`/api/v1/reservations/${toDecline.id}/decline`, role, { reason: "Not free" }), {
      params: { id: String(toDecline.id) },
    });
    if (ALLOWED.includes(role)) {
      expect([accepted.status, declined.status]).toEqual([200, 200]);
      expect((await Reservation.findByPk(toAccept.id))!.status).toBe("pending_payment");
      expect((await Reservation.findByPk(toDecline.id))!.status).toBe("declined");
      const cancelled = await callRoute(cancelRoute.action, api(`/api/v1/reservations/${toAccept.id}/cancel`, role, {}), { params: { id: String(toAccept.id) } });
      expect(cancelled.status).toBe(200);
      const stored = (await Reservation.findByPk(toAccept.id))!;
      expect([stored.status, stored.cancelledBy]).toEqual(["cancelled", "host"]);
      const recorded = await HostAction.findAll({ where: { reservationId: [toAccept.id, toDecline.id] }, order: [["id", "ASC"]] });
      expect(recorded.map((action) => [action.reservationId, action.action, action.actorId])).toEqual([
        [toAccept.id, "reservation_accepted", people[role].id],
        [toDecline.id, "reservation_declined", people[role].id],
        [toAccept.id, "reservation_cancelled", people[role].id],
      ]);
      // The owner's page of the reservation says who decided, a co-host marked as such.
      const shown = await callRoute(hostReservationPage.loader, makeRequest(`/host/reservation-details/${toAccept.id}`, { jar: jars.owner }), { params: { id: String(toAccept.id) } });
      const { hostActions } = shown.data as { hostActions: Array<{ action: string; actorName: string; byCohost: boolean }> };
      expect(hostActions.map((action) => [action.action, action.actorName.split(" ")[0], action.byCohost])).toEqual([
        ["reservation_accepted", role, role === "cohost"],
        ["reservation_cancelled", role, role === "cohost"],
      ]);
    } else {
      // Someone who does not run the listing does not even learn the reservation exists.
      expect([accepted.status, declined.status]).toEqual([404, 404]);
      const cancelled = await callRoute(cancelRoute.action, api(`/api/v1/reservations/${toAccept.id}/cancel`, role, {}), { params: { id: String(toAccept.id) } });
      expect(cancelled.status).toBe(404);
      expect((await Reservation.findByPk(toAccept.id))!.status).toBe("pending_host");
      expect((await Reservation.findByPk(toDecline.id))!.status).toBe("pending_host");
      expect(await HostAction.count({ where: { reservationId: [toAccept.id, toDecline.id] } })).toBe(0);
    }
  });

  it.each(ROLES)("messages with the listing's travelers: %s", async (role) => {
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, ...stayFrom(new Date(), 100, 2), message: `Hello ${role}` });
    // The traveler's message waits, unseen, for whoever runs the listing.
    const waiting = (await unseenMessages(people[role].id)).some((message) => message.conversationUID === conversationUID);
    expect(waiting).toBe(ALLOWED.includes(role));
    const sent = await callRoute(messagesRoute.action, api(`/api/v1/conversations/${conversationUID}/messages`, role, { message: `Reply from ${role}` }), {
      params: { conversationUID },
    });
    const list = await callRoute(conversationsRoute.loader, api("/api/v1/conversations?side=host", role));
    const listed = JSON.stringify(list.data).includes(conversationUID);
    const stored = await Message.count({ where: { senderId: people[role].id, body: `Reply from ${role}` } });
    if (ALLOWED.includes(role)) {
      expect(sent.status).toBe(201);
      expect(stored).toBe(1);
      expect(listed).toBe(true);
      // The owner's thread names who wrote: "cohost (co-host)" for a co-host's message.
      const thread = await callRoute(hostMessagesPage.loader, makeRequest(`/dashboard/messages/${conversationUID}`, { jar: jars.owner }), { params: { id: conversationUID } });
      const { senders } = thread.data as { senders: Record<string, string> };
      if (role === "cohost") expect(senders[people.cohost.id]).toBe("cohost (co-host)");
      else expect(senders[people.owner.id]).toBeUndefined();
    } else {
      expect(sent.status).toBe(404);
      expect(stored).toBe(0);
      expect(listed).toBe(false);
    }
  });

  it("revenues and payouts stay the owner's: a co-host's own figures never include the listing's stays", async () => {
    const request = await pendingRequest();
    await acceptRequest(people.owner, request.id);
    const started = await startPayment(traveler, request.id, "card");
    await submitSandboxCard(started.payment.reference, { cardNumber: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "T T" });
    expect((await verifyPayment(started.payment.reference)).state).toBe("success");
    const paid = (await Reservation.findByPk(request.id))!;
    const year = paid.checkIn.slice(0, 4);
    for (const role of ROLES) {
      const revenues = await callRoute(revenuesRoute.loader, api(`/api/v1/host/revenues?listing=${listing.id}&year=${year}`, role));
      const payouts = await callRoute(payoutsRoute.loader, api("/api/v1/host/payouts", role));
      if (role === "owner") {
        expect([revenues.status, payouts.status]).toEqual([200, 200]);
        expect((revenues.data as { totals: { net: number } }).totals.net).toBe(paid.hostPayout);
        expect((payouts.data as { payouts: unknown[] }).payouts).toEqual([]);
      } else {
        // Co-hosting makes no one a host of their own: the money API refuses them (not_a_host).
        expect([revenues.status, payouts.status]).toEqual([403, 403]);
      }
      // The reservation itself: a co-host sees it but not the host's payout or commission.
      const details = await callRoute(detailsRoute.loader, api(`/api/v1/reservations/${paid.id}`, role), { params: { id: String(paid.id) } });
      if (role === "owner") expect((details.data as { price: { hostPayout: number } }).price.hostPayout).toBe(paid.hostPayout);
      else if (role === "cohost") expect((details.data as { price: { hostPayout: number; hostCommission: number } }).price).toMatchObject({ hostPayout: 0, hostCommission: 0 });
      else expect(details.status).toBe(404);
    }
  });

  it("the host's reservation list shows a co-host the co-hosted listing's requests only", async () => {
    const request = await pendingRequest();
    for (const role of ROLES) {
      const page = await callRoute(reservationsPage.loader, makeRequest("/dashboard/reservations?tab=pending", { jar: jars[role] }));
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.data).includes(request.reference)).toBe(ALLOWED.includes(role));
    }
  });

  it.each(ROLES)("deleting the listing and inviting co-hosts stay the owner's: %s", async (role) => {
    const target = await createPublicListing({ hostId: people.owner.id });
    const invitation = await inviteCohost(people.owner, { email: `${role}-${target.id}@test.darna.tn`, listingIds: [target.id] });
    expect(invitation.status).toBe("pending");
    // One live invitation per host and person: a second one to the same co-host is refused.
    if (role === "cohost") {
      const more = await inviteCohost(people.owner, { email: people.cohost.email.toUpperCase(), listingIds: [target.id] }).catch((error: unknown) => error);
      expect(more).toMatchObject({ status: 409 });
    }
    const invite = await callRoute(cohostsRoute.action, makeRequest("/dashboard/cohosts", { form: { intent: "invite", email: `new-${role}-${target.id}@test.darna.tn`, listingIds: String(listing.id) }, jar: jars[role] }));
    const victim = role === "owner" ? target.id : listing.id;
    const remove = await callRoute(
      propertyRoute.action,
      makeRequest(`/dashboard/host-property-details/${victim}`, { form: { form: "delete", intent: "delete", confirm: "on" }, jar: jars[role] }),
      { params: { id: String(victim) } },
    );
    if (role === "owner") {
      expect(invite.status).toBe(302);
      expect(remove.status).toBe(302);
      expect((await Listing.findByPk(target.id))!.status).toBe("deleted");
    } else {
      expect(invite.status).toBe(403);
      expect(invite.data).toMatchObject({ fields: { listingIds: ["cohosts:errors.notYourListing"] } });
      expect(remove.status).toBe(403);
      expect((await Listing.findByPk(listing.id))!.status).toBe("visible");
    }
  });
});
