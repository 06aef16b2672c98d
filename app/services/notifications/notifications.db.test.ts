// The notification centre against a real database (ADR 146): every reservation step records
// exactly one notification per concerned user, messages of a conversation share one, the e-mail
// follows the user's settings, and the live count is published only after commit.
import { describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { formatMoney, TND } from "~/domain/money";
import { Listing } from "~/db/models/listing.server";
import { Notification } from "~/db/models/notification.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { getRealtimeBus } from "~/realtime/bus.server";
import { createReservation } from "~/services/booking/booking.server";
import "~/services/booking/booking-jobs.server";
import { acceptRequest, cancelReservation, declineRequest } from "~/services/booking/reservation.server";
import { listOutbox } from "~/services/email/email.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { moderateListing } from "~/services/listings/listing-moderation.server";
import { decidePayout, requestPayout } from "~/services/money/payouts.server";
import { readThread } from "~/services/messaging/messaging.server";
import { sendMessage, startConversation } from "~/services/messaging/message-sending.server";
import { DEFAULT_EMAIL } from "~/services/notifications/notification-kinds";
import { emailSettings, listNotifications, markRead, openNotification, saveEmailSettings, unreadCount } from "~/services/notifications/notification-reads.server";
import { notify, renderNotificationEmail } from "~/services/notifications/notify.server";
import { reviewBankPayment, uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { SANDBOX_TEST_CARDS, submitSandboxCard } from "~/services/payments/payment-sandbox.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { replyToReview, saveReview } from "~/services/reviews/review-writes.server";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";
import { createCompletedStay, stars } from "../../../tests/factories/review-factories";

const now = new Date();
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const asViewer = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });
type Person = { id: number; role: string };

async function book(traveler: { id: number }, listingId: number, offset: number) {
  return createReservation({ id: traveler.id }, { listingId, adults: 1, ...stayFrom(now, offset, 2) }, { now, termsAccepted: true });
}

async function pay(traveler: { id: number }, reservationId: number, card: string = SANDBOX_TEST_CARDS.success) {
  const started = await startPayment(traveler, reservationId, "card", { now });
  await submitSandboxCard(started.payment.reference, { cardNumber: card, expiry: "12/39", cvc: "123", holder: "T T" }, now);
  return verifyPayment(started.payment.reference, { now });
}

/** The notifications of one reservation step, as "side:read|unread" per user. */
async function stepNotifications(kind: string, reference: string, traveler: Person, host: Person) {
  const rows = (await Notification.findAll({ where: { kind: `reservation.${kind}` } })).filter(
    (row) => (JSON.parse(row.params) as { reference?: string }).reference === reference,
  );
  return rows
    .map((row) => `${row.userId === traveler.id ? "traveler" : row.userId === host.id ? "host" : `user ${row.userId}`}:${row.readAt ? "read" : "unread"}`)
    .sort();
}

interface StepCase {
  step: string;
  /** Makes the step happen and returns the reservation it concerns. */
  run: (people: { traveler: Person; host: Person; operator: Person }) => Promise<{ id: number; reference: string }>;
  /** Whose own action it is (their notification is recorded read); none for expiries and failures. */
  actor: "traveler" | "host" | null;
}

const steps: StepCase[] = [
  {
    step: "requested",
    actor: "traveler",
    run: async ({ traveler, host }) => book(traveler, (await createPublicListing({ hostId: host.id, reservationMethod: "request" })).id, 10),
  },
  {
    step: "booked",
    actor: "traveler",
    run: async ({ traveler, host }) => book(traveler, (await createPublicListing({ hostId: host.id })).id, 10),
  },
  {
    step: "accepted",
    actor: "host",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id, reservationMethod: "request" })).id, 10);
      await acceptRequest(asViewer(host), r.id, { now: at(1) });
      return r;
    },
  },
  {
    step: "declined",
    actor: "host",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id, reservationMethod: "request" })).id, 10);
      await declineRequest(asViewer(host), r.id, "Family staying that week", { now: at(1) });
      return r;
    },
  },
  {
    step: "confirmed",
    actor: "traveler",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 10);
      expect((await pay(traveler, r.id)).state).toBe("success");
      return r;
    },
  },
  {
    step: "paymentFailed",
    actor: null,
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 10);
      expect((await pay(traveler, r.id, SANDBOX_TEST_CARDS.refused)).state).toBe("failed");
      return r;
    },
  },
  {
    step: "cancelledByTraveler",
    actor: "traveler",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 30);
      await pay(traveler, r.id);
      await cancelReservation(asViewer(traveler), r.id, { now: at(1) });
      return r;
    },
  },
  {
    step: "cancelledByHost",
    actor: "host",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 30);
      await pay(traveler, r.id);
      await cancelReservation(asViewer(host), r.id, { now: at(1) });
      return r;
    },
  },
  {
    step: "proofReceived",
    actor: "traveler",
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 10);
      const bank = await startPayment(traveler, r.id, "bank_transfer", { now });
      await uploadPaymentProof(traveler, bank.payment.id, { name: "virement.pdf", bytes: new TextEncoder().encode("%PDF-1.4\n% proof\n") }, { now });
      return r;
    },
  },
  {
    step: "bankRefused",
    actor: null,
    run: async ({ traveler, host, operator }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 10);
      const bank = await startPayment(traveler, r.id, "bank_transfer", { now });
      await uploadPaymentProof(traveler, bank.payment.id, { name: "virement.pdf", bytes: new TextEncoder().encode("%PDF-1.4\n% proof\n") }, { now });
      await reviewBankPayment(operator, bank.payment.id, "refuse", { note: "Amount not received", now });
      return r;
    },
  },
  {
    step: "requestExpired",
    actor: null,
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id, reservationMethod: "request" })).id, 10);
      await runDueJobs({ now: at(25), limit: 200 });
      return r;
    },
  },
  {
    step: "holdExpired",
    actor: null,
    run: async ({ traveler, host }) => {
      const r = await book(traveler, (await createPublicListing({ hostId: host.id })).id, 10);
      await runDueJobs({ now: at(1), limit: 200 });
      return r;
    },
  },
];

describe("reservation steps", () => {
  it.each(steps)("$step records exactly one notification for the traveler and one for the host", async ({ step, run, actor }) => {
    const traveler = await createBookingUser();
    const host = await createBookingUser();
    const operator = await createBookingUser({ role: "operator" });
    const reservation = await run({ traveler, host, operator });
    const state = (side: "traveler" | "host") => `${side}:${actor === side ? "read" : "unread"}`;
    expect(await stepNotifications(step, reservation.reference, traveler, host)).toEqual([state("host"), state("traveler")]);
    // Each leads to the reservation's page of its side.
    const hostRow = (await Notification.findAll({ where: { userId: host.id, kind: `reservation.${step}` } }))[0]!;
    expect(hostRow.link).toBe(`/host/reservation-details/${reservation.id}`);
    const travelerRow = (await Notification.findAll({ where: { userId: traveler.id, kind: `reservation.${step}` } }))[0]!;
    expect(travelerRow.link).toBe(`/reservation-details/${reservation.id}`);
  });

  it("titles are translated when read, in the reader's language, never stored as text", async () => {
    const traveler = await createBookingUser();
    const host = await createBookingUser({ language: "fr" });
    const listing = await createPublicListing({ hostId: host.id, reservationMethod: "request" });
    const r = await book(traveler, listing.id, 10);
    const row = (await Notification.findOne({ where: { userId: host.id } }))!;
    expect(row.params).not.toMatch(/request/i);
    const fr = await listNotifications(host.id, "fr");
    expect(fr.items[0]!.title).toBe(`Nouvelle demande de réservation pour ${listing.title} (${r.reference})`);
    const es = await listNotifications(host.id, "es");
    expect(es.items[0]!.title).toBe(`Nueva solicitud de reserva para ${listing.title} (${r.reference})`);
    const en = await listNotifications(traveler.id, "en");
    expect(en.items[0]).toMatchObject({ kind: "reservation.requested", title: `Your request for ${listing.title} (${r.reference}) was sent to the host` });
  });

  it("the step's e-mail follows each user's settings (reservations on by default)", async () => {
    const traveler = await createBookingUser();
    const host = await createBookingUser();
    expect(await emailSettings(traveler.id)).toEqual(DEFAULT_EMAIL);
    await saveEmailSettings(traveler.id, { ...DEFAULT_EMAIL, reservations: false });
    expect((await emailSettings(traveler.id)).reservations).toBe(false);
    const r = await book(traveler, (await createPublicListing({ hostId: host.id, reservationMethod: "request" })).id, 10);
    const emails = (await Job.findAll({ where: { name: "reservation:email" } }))
      .map((job) => JSON.parse(job.payload) as { reservationId: number; to: string })
      .filter((payload) => payload.reservationId === r.id)
      .map((payload) => payload.to);
    expect(emails).toEqual(["host"]);
    // Both still have their notification.
    expect(await Notification.count({ where: { kind: "reservation.requested", userId: [traveler.id, host.id] } })).toBe(2);
  });
});

describe("messages", () => {
  it("one unread notification per conversation, updated by each message, read when the conversation is opened", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const dates = stayFrom(now, 10, 2);
    const { conversationUID } = await startConversation(asViewer(traveler), { propertyId: listing.id, ...dates, message: "Hello" });
    await sendMessage(asViewer(traveler), conversationUID, "Is parking included?");
    await sendMessage(asViewer(traveler), conversationUID, "And breakfast?");
    const hostRows = await Notification.findAll({ where: { userId: host.id } });
    expect(hostRows).toHaveLength(1);
    expect(hostRows[0]).toMatchObject({ kind: "message.received", link: `/dashboard/messages/${conversationUID}`, readAt: null });
    expect((await listNotifications(host.id, "en")).items[0]!.title).toBe(`3 new messages from ${traveler.firstName}`);
    // The sender is not notified of their own messages.
    expect(await Notification.count({ where: { userId: traveler.id } })).toBe(0);
    // Message e-mails are off by default: none queued.
    expect(await Job.count({ where: { name: "notifications:email", uniqueKey: `notification-email:${hostRows[0]!.id}` } })).toBe(0);

    // Another conversation is another notification.
    const other = await createPublicListing({ hostId: host.id });
    await startConversation(asViewer(traveler), { propertyId: other.id, ...dates, message: "Hi" });
    expect(await unreadCount(host.id)).toBe(2);

    // Opening the conversation reads its notification; the next message starts a new one.
    await readThread(asViewer(host), conversationUID);
    expect(await unreadCount(host.id)).toBe(1);
    await sendMessage(asViewer(traveler), conversationUID, "Thanks!");
    const fresh = await Notification.findAll({ where: { userId: host.id, kind: "message.received", readAt: null }, order: [["id", "ASC"]] });
    expect(fresh).toHaveLength(2);
    expect((await listNotifications(host.id, "en", { unread: true })).items.map((item) => item.title)).toContain(`New message from ${traveler.firstName}`);

    // The host's reply notifies the traveler, on the traveler's side.
    await sendMessage(asViewer(host), conversationUID, "Yes, one car.");
    expect((await Notification.findOne({ where: { userId: traveler.id } }))!.link).toBe(`/messages/${conversationUID}`);
  });

  it("with message e-mails on, the first message of a group queues one e-mail, not one per message", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    await saveEmailSettings(host.id, { ...DEFAULT_EMAIL, messages: true });
    const listing = await createPublicListing({ hostId: host.id });
    const { conversationUID } = await startConversation(asViewer(traveler), { propertyId: listing.id, ...stayFrom(now, 10, 2), message: "Hello" });
    await sendMessage(asViewer(traveler), conversationUID, "Anyone there?");
    const row = (await Notification.findOne({ where: { userId: host.id } }))!;
    const jobs = await Job.findAll({ where: { name: "notifications:email" } });
    expect(jobs.filter((job) => (JSON.parse(job.payload) as { notificationId: number }).notificationId === row.id)).toHaveLength(1);
    const email = (await renderNotificationEmail(row.id))!;
    expect(email.to).toBe(host.email);
    expect(email.subject).toBe(`2 new messages from ${traveler.firstName}`);
    expect(email.text).toContain(`/notifications/${row.id}`);
  });
});

describe("listings, reviews and payouts", () => {
  it("a moderation decision notifies the host; its e-mail by default, none when the host switched listing e-mails off", async () => {
    const operator = await createBookingUser({ role: "operator" });
    const decide = async (intent: "approve" | "request_corrections" | "reject", listings: boolean) => {
      const host = await createBookingUser();
      if (!listings) await saveEmailSettings(host.id, { ...DEFAULT_EMAIL, listings: false });
      const listing = await createPublicListing({ hostId: host.id });
      await Listing.update({ moderationState: "pending_review", status: "pending" }, { where: { id: listing.id } });
      await moderateListing(asViewer(operator), listing.id, intent === "approve" ? { intent } : { intent, note: "Add a kitchen photo" });
      const rows = await Notification.findAll({ where: { userId: host.id } });
      const mails = (await listOutbox(500)).filter((mail) => mail.to === host.email).map((mail) => mail.template);
      return { rows, mails, listing };
    };
    const approved = await decide("approve", false);
    expect(approved.rows.map((row) => [row.kind, row.link])).toEqual([["listing.approved", `/property-details/${approved.listing.id}`]]);
    expect(approved.mails).toEqual([]);
    const corrections = await decide("request_corrections", true);
    expect(corrections.rows.map((row) => [row.kind, row.link])).toEqual([["listing.corrections", "/dashboard/listings"]]);
    expect(corrections.mails).toEqual(["listing-corrections"]);
    const rejected = await decide("reject", false);
    expect(rejected.rows.map((row) => row.kind)).toEqual(["listing.rejected"]);
  });

  it("a review notifies the host; the host's first reply notifies the author, later edits do not", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const stay = await createCompletedStay({ listingId: listing.id, hostId: host.id, travelerId: traveler.id });
    const review = await saveReview(asViewer(traveler), stay.id, { text: "A lovely stay by the sea, the host was very helpful.", ratings: stars(5) });
    expect((await Notification.findAll({ where: { userId: host.id } })).map((row) => row.kind)).toEqual(["review.received"]);
    await replyToReview(asViewer(host), review.id, "Thank you, come back soon!");
    await replyToReview(asViewer(host), review.id, "Thank you, come back soon! (edited)");
    const replies = await Notification.findAll({ where: { userId: traveler.id } });
    expect(replies.map((row) => [row.kind, row.link])).toEqual([["review.replied", `/property-details/${listing.id}`]]);
    expect((await listNotifications(traveler.id, "en")).items[0]!.title).toBe(`The host replied to your review of ${listing.title}`);
  });

  it("payout steps notify the host (pinned, confirmed), and e-mail by default", async () => {
    const host = await createBookingUser();
    const operator = await createBookingUser({ role: "operator" });
    const listing = await createPublicListing({ hostId: host.id });
    const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
    await paidStay(await createBookingUser(), listing.id, new Date(payday.getTime() - 50 * 86_400_000));
    const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN5910006035183598478831" };
    const request = await requestPayout(asViewer(host), { ...bank, amount: 40_000 }, payday);
    await decidePayout(asViewer(operator), request.id, { action: "pin", note: "Bank holiday" }, payday);
    await decidePayout(asViewer(operator), request.id, { action: "confirm", reference: "VIR-77" }, payday);
    const rows = (await Notification.findAll({ where: { userId: host.id }, order: [["id", "ASC"]] })).filter((row) => row.kind.startsWith("payout."));
    expect(rows.map((row) => [row.kind, row.link])).toEqual([
      ["payout.pinned", "/dashboard/revenues"],
      ["payout.confirmed", "/dashboard/revenues"],
    ]);
    const mails = (await listOutbox(500)).filter((mail) => mail.to === host.email).map((mail) => mail.template);
    expect(mails).toEqual(expect.arrayContaining(["payout-pinned", "payout-confirmed"]));
  });
});

describe("reading", () => {
  it("opens, marks read and counts only the user's own notifications", async () => {
    const owner = await createBookingUser();
    const stranger = await createBookingUser();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const row = await writeTransaction((transaction) => notify(transaction, { userId: owner.id, kind: "payout.confirmed", params: { amount: 120_500 }, link: "/dashboard/revenues", now: at(i) }));
      ids.push(row.id);
    }
    const page = await listNotifications(owner.id, "en", { pageSize: 2 });
    expect(page).toMatchObject({ unread: 3, total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]!.title).toBe(`Your payout of ${formatMoney(120_500, TND, "en")} was transferred`);
    expect((await listNotifications(owner.id, "en", { page: 2, pageSize: 2 })).items.map((item) => item.id)).toEqual([ids[0]]);

    await expect(openNotification(stranger.id, ids[0])).rejects.toMatchObject({ status: 404 });
    await expect(openNotification(owner.id, "x")).rejects.toMatchObject({ status: 404 });
    expect(await markRead(stranger.id, ids)).toBe(0);
    expect(await markRead(stranger.id)).toBe(0);
    expect(await unreadCount(owner.id)).toBe(3);

    expect(await openNotification(owner.id, ids[0])).toBe("/dashboard/revenues");
    expect(await unreadCount(owner.id)).toBe(2);
    expect((await listNotifications(owner.id, "en", { unread: true })).items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(await markRead(owner.id)).toBe(2);
    expect(await unreadCount(owner.id)).toBe(0);
  });

  it("publishes the unread count after commit, and nothing when the transaction rolls back", async () => {
    const user = await createBookingUser();
    const received: string[] = [];
    const socket = { readyState: 1, send: (data: string) => received.push(data) };
    getRealtimeBus().registry.add(user.id, socket);
    try {
      await expect(
        writeTransaction(async (transaction) => {
          await notify(transaction, { userId: user.id, kind: "review.received", params: { listing: "Dar" }, link: "/" });
          expect(received).toEqual([]); // not before commit
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(received).toEqual([]);
      expect(await Notification.count({ where: { userId: user.id } })).toBe(0);

      await writeTransaction(async (transaction) => {
        await notify(transaction, { userId: user.id, kind: "review.received", params: { listing: "Dar" }, link: "/" });
        await notify(transaction, { userId: user.id, kind: "review.replied", params: { listing: "Dar" }, link: "/" });
      });
      expect(received.map((data) => JSON.parse(data))).toEqual([{ event: "notifications", unread: 2 }]);
      await markRead(user.id);
      expect(JSON.parse(received.at(-1)!)).toEqual({ event: "notifications", unread: 0 });
    } finally {
      getRealtimeBus().registry.remove(user.id, socket);
    }
  });
});
