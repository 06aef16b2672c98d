import { describe, expect, it } from "vitest";
import { Conversation } from "~/db/models/conversation.server";
import { Reservation } from "~/db/models/reservation.server";
import { listConversations, markSeen, readThread, unseenCount, unseenMessages } from "~/services/messaging/messaging.server";
import { sendMessage, startConversation } from "~/services/messaging/message-sending.server";
import { isAppError } from "~/utils/app-error";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";

const now = new Date("2030-03-01T10:00:00Z");
const dates = { checkIn: "2030-04-10", checkOut: "2030-04-14" };

async function setup() {
  const host = await createBookingUser();
  const traveler = await createBookingUser();
  const stranger = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  return { host, traveler, stranger, listing };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, key: error.key };
    throw error;
  }
  throw new Error("expected a rejection");
}

async function confirmReservation(travelerId: number, hostId: number, listingId: number, status: "confirmed" | "pending_payment") {
  return Reservation.create({
    reference: `R${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    listingId,
    roomTypeId: null,
    guesthouseRoomId: null,
    travelerId,
    hostId,
    checkIn: dates.checkIn,
    checkOut: dates.checkOut,
    adults: 2,
    children: 0,
    infants: 0,
    pets: 0,
    method: "direct",
    status,
    holdExpiresAt: null,
    respondBy: null,
    nights: 4,
    nightsTotal: 400_000,
    discount: 0,
    cleaningFee: 20_000,
    serviceFee: 10_000,
    total: 430_000,
    hostCommission: 0,
    hostPayout: 400_000,
    declineReason: null,
    cancelledBy: null,
    cancelledAt: null,
    confirmedAt: status === "confirmed" ? now : null,
    language: "en",
  });
}

describe("messaging service", () => {
  it("requires dates to contact the host, and a public listing", async () => {
    const { traveler, listing } = await setup();
    expect(await rejection(startConversation(traveler, { propertyId: listing.id, checkIn: "", checkOut: "", message: "Hello" }, now))).toEqual({
      status: 400,
      key: "messages:errors.selectDates",
    });
    expect(
      await rejection(startConversation(traveler, { propertyId: listing.id, checkIn: "2030-04-14", checkOut: "2030-04-10", message: "Hi" }, now)),
    ).toEqual({ status: 400, key: "messages:errors.badDates" });
    expect(await rejection(startConversation(traveler, { propertyId: 999_999, ...dates, message: "Hi" }, now))).toMatchObject({ status: 404 });
    expect(await rejection(startConversation(traveler, { propertyId: listing.id, ...dates, message: "   " }, now))).toMatchObject({
      key: "messages:errors.empty",
    });
  });

  it("keeps one conversation per traveler and listing, with an unguessable uid, and unseen counts", async () => {
    const { host, traveler, listing } = await setup();
    const first = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "Is the flat free in April?" }, now);
    expect(first.created).toBe(true);
    expect(first.conversationUID).toMatch(/^[0-9a-f]{32}$/);
    const again = await startConversation(traveler, { propertyId: listing.id, checkIn: "2030-05-01", checkOut: "2030-05-03", message: "Or May?" }, now);
    expect(again.created).toBe(false);
    expect(again.conversationUID).toBe(first.conversationUID);
    expect(await Conversation.count({ where: { travelerId: traveler.id, listingId: listing.id } })).toBe(1);

    expect(await unseenCount(host.id)).toBe(2);
    expect(await unseenCount(traveler.id)).toBe(0);
    const hostList = await listConversations(host.id, "host");
    expect(hostList).toHaveLength(1);
    expect(hostList[0]).toMatchObject({ conversationUID: first.conversationUID, unseen: 2, lastMessage: "Or May?", checkIn: "2030-05-01" });
    expect(await listConversations(host.id, "traveler")).toHaveLength(0);
    expect((await unseenMessages(host.id)).map((m) => m.body)).toEqual(["Is the flat free in April?", "Or May?"]);

    // Reading marks seen for the reader only.
    const thread = await readThread(host, first.conversationUID);
    expect(thread.viewerRole).toBe("host");
    expect(thread.messages.map((m) => m.body)).toEqual(["Is the flat free in April?", "Or May?"]);
    expect(await unseenCount(host.id)).toBe(0);

    await sendMessage(host, first.conversationUID, "Yes, it is free.", now);
    expect(await unseenCount(traveler.id)).toBe(1);
    expect((await listConversations(traveler.id, "traveler"))[0]!.unseen).toBe(1);
    await readThread(traveler, first.conversationUID);
    expect(await unseenCount(traveler.id)).toBe(0);
  });

  it("lets only the participants (and operators) read; strangers get 404 and cannot write", async () => {
    const { traveler, stranger, listing } = await setup();
    const operator = await createBookingUser({ role: "operator" });
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "Hello" }, now);
    expect(await rejection(readThread(stranger, conversationUID))).toMatchObject({ status: 404 });
    expect(await rejection(sendMessage(stranger, conversationUID, "let me in"))).toMatchObject({ status: 404 });
    expect(await rejection(readThread(traveler, "0".repeat(32)))).toMatchObject({ status: 404 });
    expect(await rejection(readThread(traveler, "not-a-uid"))).toMatchObject({ status: 404 });
    const seenByOperator = await readThread({ id: operator.id, role: "operator" }, conversationUID);
    expect(seenByOperator.viewerRole).toBe("operator");
    expect(await rejection(sendMessage({ id: operator.id, role: "operator" }, conversationUID, "hi"))).toMatchObject({ status: 403 });
  });

  it("refuses contact details until the conversation's own reservation is paid", async () => {
    const { host, traveler, listing } = await setup();
    const illegal = { status: 422, key: "messages:errors.illegalContent" };
    expect(await rejection(startConversation(traveler, { propertyId: listing.id, ...dates, message: "Call me on +216 20 555 123" }, now))).toEqual(
      illegal,
    );
    // The refused first message leaves no (empty) conversation in either list.
    expect(await Conversation.count({ where: { travelerId: traveler.id, listingId: listing.id } })).toBe(0);
    expect(await listConversations(host.id, "host")).toEqual([]);
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "We are 2 adults, 4 nights" }, now);
    expect(await rejection(sendMessage(host, conversationUID, "Write to me at host@example.com"))).toEqual(illegal);
    await confirmReservation(traveler.id, host.id, listing.id, "pending_payment");
    expect(await rejection(sendMessage(traveler, conversationUID, "my email is me@example.com"))).toEqual(illegal);

    const reservation = await confirmReservation(traveler.id, host.id, listing.id, "confirmed");
    const sent = await sendMessage(traveler, conversationUID, "my email is me@example.com", now);
    expect(sent.body).toBe("my email is me@example.com");
    const thread = await readThread(host, conversationUID);
    expect(thread.canSendContactDetails).toBe(true);
    expect(thread.reservation).toMatchObject({ reference: reservation.reference, status: "confirmed", displayStatus: "upcoming", nights: 4 });
    // After the stay, the same reservation reads as completed.
    expect((await readThread(host, conversationUID, { now: new Date("2030-05-01T10:00:00Z") })).reservation).toMatchObject({ displayStatus: "completed" });
  });

  it("lifts the filter only in the conversation whose own reservation is confirmed, not in every conversation with that host", async () => {
    const { host, traveler, listing } = await setup();
    const otherListing = await createPublicListing({ hostId: host.id });
    const illegal = { status: 422, key: "messages:errors.illegalContent" };
    const first = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "Hello" }, now);
    const second = await startConversation(traveler, { propertyId: otherListing.id, ...dates, message: "Hello again" }, now);
    await confirmReservation(traveler.id, host.id, listing.id, "confirmed");

    expect((await sendMessage(host, first.conversationUID, "Write to me at host@example.com", now)).body).toContain("host@example.com");
    expect((await readThread(traveler, first.conversationUID)).canSendContactDetails).toBe(true);
    expect(await rejection(sendMessage(traveler, second.conversationUID, "my email is me@example.com", now))).toEqual(illegal);
    expect(await rejection(sendMessage(host, second.conversationUID, "Call me on +216 20 555 123", now))).toEqual(illegal);
    expect((await readThread(host, second.conversationUID)).canSendContactDetails).toBe(false);
    // A new conversation about the other listing is refused its first message too.
    const stranger = await createBookingUser();
    await confirmReservation(stranger.id, host.id, listing.id, "confirmed");
    expect(await rejection(startConversation(stranger, { propertyId: otherListing.id, ...dates, message: "me@example.com" }, now))).toEqual(illegal);
  });

  it("marks a conversation seen up to a message that arrived live, never past its newest message", async () => {
    const { host, traveler, stranger, listing } = await setup();
    const operator = await createBookingUser({ role: "operator" });
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "Hello" }, now);
    const first = await sendMessage(host, conversationUID, "Welcome", now);
    const second = await sendMessage(host, conversationUID, "The pool is open", now);
    expect(await unseenCount(traveler.id)).toBe(2);
    await markSeen(traveler, conversationUID, first.id);
    expect(await unseenCount(traveler.id)).toBe(1);
    // Going back changes nothing; a far-away id only reaches the newest message, so later ones count.
    await markSeen(traveler, conversationUID, 1);
    expect(await unseenCount(traveler.id)).toBe(1);
    await markSeen(traveler, conversationUID, second.id + 1_000_000);
    expect(await unseenCount(traveler.id)).toBe(0);
    await sendMessage(host, conversationUID, "And breakfast is at 8", now);
    expect(await unseenCount(traveler.id)).toBe(1);
    // The host's own marker is theirs: the traveler's seen state does not move it.
    await sendMessage(traveler, conversationUID, "Thanks", now);
    expect(await unseenCount(host.id)).toBe(1);
    expect(await rejection(markSeen(stranger, conversationUID, second.id))).toMatchObject({ status: 404 });
    expect(await rejection(markSeen(traveler, conversationUID, "x"))).toMatchObject({ status: 400 });
    await markSeen({ id: operator.id, role: "operator" }, conversationUID, second.id);
    expect(await unseenCount(host.id)).toBe(1);
  });
});
