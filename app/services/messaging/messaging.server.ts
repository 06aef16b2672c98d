// Messaging between travelers and hosts (issue 7, ADR 080–082).
// One conversation per traveler and listing; its public id is `uid` (random, 128 bits). Only the
// two participants may read or write it (operators may read); anyone else gets 404, so a
// conversation's existence is not revealed. Before the traveler holds a paid (confirmed)
// reservation with the host, a message with contact details is refused (contact-filter).
import crypto from "node:crypto";
import { Op, QueryTypes, UniqueConstraintError } from "sequelize";
import { Conversation } from "~/db/models/conversation.server";
import { Message } from "~/db/models/message.server";
import { getSequelize } from "~/db/sequelize.server";
import { containsContactDetails } from "~/domain/contact-filter";
import { displayStatus, type DisplayStatus, type ReservationStatus } from "~/domain/reservation-state";
import { isIsoDate, nightsBetween, todayInTunis } from "~/domain/stay-dates";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { getRealtimeBus } from "~/realtime/bus.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { markGroupRead } from "~/services/notifications/notification-reads.server";
import { messageReceivedWebhook } from "~/services/webhooks/webhook-sources.server";
import { notify } from "~/services/notifications/notify.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { reservationReview } from "~/services/reviews/review-reads.server";
import { COHOSTED_LISTINGS_SQL, cohostsOf, isCohostOf } from "~/services/cohosts/cohost-access.server";
import { AppError } from "~/utils/app-error";
import { getLimiters } from "~/utils/limits.server";
import { can, type UserRole } from "~/domain/staff-roles";

export const MESSAGE_MAX_LENGTH = 2000;

/** The notifications of one conversation's new messages share this group (one unread at a time). */
function conversationGroupKey(conversationId: number): string {
  return `conversation:${conversationId}`;
}

export const MESSAGING_KEYS = {
  selectDates: "messages:errors.selectDates",
  badDates: "messages:errors.badDates",
  illegalContent: "messages:errors.illegalContent",
  empty: "messages:errors.empty",
  tooLong: "messages:errors.tooLong",
  notFound: "messages:errors.notFound",
  ownListing: "messages:errors.ownListing",
  readOnly: "messages:errors.readOnly",
} as const;

export interface Participant {
  id: number;
  role?: UserRole;
}

export interface MessageView {
  id: number;
  conversationUID: string;
  senderId: number;
  body: string;
  createdAt: string;
}

export interface ReservationSummary {
  reference: string;
  status: string;
  /** What people see (confirmed → upcoming, ongoing or completed); rules:reservation.status.* labels it. */
  displayStatus: DisplayStatus;
  checkIn: string;
  checkOut: string;
  nights: number;
  total: number;
  adults: number;
  children: number;
  /**
   * "Leave a comment" (issue 13): for the traveler, where the reservation's page holds the review
   * form, when the stay can be reviewed now (`reviewed` false) or has their review (true, to edit
   * it); null otherwise and for the host.
   */
  review: { path: string; reviewed: boolean } | null;
}

export interface ConversationSummary {
  conversationUID: string;
  listingId: number;
  listingTitle: string | null;
  travelerId: number;
  hostId: number;
  otherName: string;
  checkIn: string | null;
  checkOut: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  unseen: number;
}

export interface ThreadView extends ConversationSummary {
  viewerRole: "traveler" | "host" | "operator";
  messages: MessageView[];
  reservation: ReservationSummary | null;
  canSendContactDetails: boolean;
}

function newUid(): string {
  return crypto.randomBytes(16).toString("hex");
}

function toView(message: Message, uid: string): MessageView {
  return {
    id: message.id,
    conversationUID: uid,
    senderId: message.senderId,
    body: message.body,
    createdAt: new Date(message.createdAt).toISOString(),
  };
}

/** The message text, trimmed; AppError(400) when empty or too long. */
export function checkBody(raw: unknown): string {
  const body = typeof raw === "string" ? raw.replace(/\r\n/g, "\n").trim() : "";
  if (body.length === 0) throw new AppError(400, MESSAGING_KEYS.empty, { fields: { message: MESSAGING_KEYS.empty } });
  if (body.length > MESSAGE_MAX_LENGTH) {
    throw new AppError(400, MESSAGING_KEYS.tooLong, { fields: { message: MESSAGING_KEYS.tooLong }, values: { max: MESSAGE_MAX_LENGTH } });
  }
  return body;
}

/**
 * True when the conversation's own reservation — the traveler's, of the conversation's listing —
 * is paid (confirmed). A confirmed stay at another of the host's listings lifts nothing (ADR 054).
 */
export async function hasPaidReservation(conversation: { travelerId: number; listingId: number }): Promise<boolean> {
  const rows = await getSequelize().query<{ id: number }>(
    "SELECT id FROM reservations WHERE traveler_id = :travelerId AND listing_id = :listingId AND status = 'confirmed' LIMIT 1",
    { replacements: { travelerId: conversation.travelerId, listingId: conversation.listingId }, type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

async function findConversationFor(user: Participant, uid: unknown): Promise<Conversation> {
  if (typeof uid !== "string" || !/^[0-9a-f]{32}$/.test(uid)) throw new AppError(404, MESSAGING_KEYS.notFound);
  const conversation = await Conversation.findOne({ where: { uid } });
  if (!conversation) throw new AppError(404, MESSAGING_KEYS.notFound);
  const participant = conversation.travelerId === user.id || conversation.hostId === user.id;
  if (!participant && !can(user.role, "read") && !(await isCohostOf(user.id, conversation.listingId))) throw new AppError(404, MESSAGING_KEYS.notFound);
  return conversation;
}

/** The side the user writes from: traveler, host (the listing's host or a co-host, ADR 147), or null (an operator reads only). */
async function roleIn(conversation: Conversation, user: Participant): Promise<"traveler" | "host" | null> {
  if (conversation.travelerId === user.id) return "traveler";
  if (conversation.hostId === user.id || (await isCohostOf(user.id, conversation.listingId))) return "host";
  return null;
}

/** Stores a message in a conversation the sender takes part in, and pushes it to both sides. */
export async function sendMessage(sender: Participant, uid: unknown, rawBody: unknown, now: Date = new Date()): Promise<MessageView> {
  const conversation = await findConversationFor(sender, uid);
  if (!(await roleIn(conversation, sender))) throw new AppError(403, MESSAGING_KEYS.readOnly);
  return storeMessage(conversation, sender.id, checkBody(rawBody), now);
}

/** AppError(422) when the message holds contact details and the conversation's own reservation is not paid. */
async function assertContentAllowed(body: string, conversation: { travelerId: number; listingId: number }): Promise<void> {
  if (containsContactDetails(body) && !(await hasPaidReservation(conversation))) {
    throw new AppError(422, MESSAGING_KEYS.illegalContent, { code: "illegal_content", fields: { message: MESSAGING_KEYS.illegalContent } });
  }
}

/** AppError(429) past the messages one user may send per minute, whichever way they send them. */
export async function assertMessageAllowance(senderId: number, now: Date = new Date()): Promise<void> {
  const decision = await getLimiters().messages.hit(`user:${senderId}`, now.getTime());
  if (!decision.allowed) {
    throw new AppError(429, "limits:tooMany.messages", { values: { retryAfterSeconds: decision.retryAfterSeconds }, fields: { message: "limits:tooMany.messages" } });
  }
}

async function storeMessage(conversation: Conversation, senderId: number, body: string, now: Date): Promise<MessageView> {
  await assertMessageAllowance(senderId, now);
  await assertContentAllowed(body, conversation);
  // One write transaction (queued per process on SQLite, so concurrent senders do not hit
  // SQLITE_BUSY): the message, the sender's marker and the recipient's notification — one unread
  // notification per conversation, updated by each new message (ADR 146).
  const recipientIsHost = senderId === conversation.travelerId;
  // Read before the write transaction and side by side: on SQLite the transactions of a process
  // queue one behind the other, so every statement inside one delays the next message (ADR 205).
  const [sender, recipients] = await Promise.all([
    User.findByPk(senderId, { attributes: ["id", "firstName"] }),
    messageRecipients(conversation),
  ]);
  const message = await writeTransaction(async (transaction) => {
    const created = await Message.create({ conversationId: conversation.id, senderId, body, createdAt: now }, { transaction });
    const marker = recipientIsHost ? "travelerLastReadId" : "hostLastReadId";
    await Conversation.update({ lastMessageAt: now, [marker]: created.id }, { where: { id: conversation.id }, transaction });
    await notify(transaction, {
      userId: recipientIsHost ? conversation.hostId : conversation.travelerId,
      kind: "message.received",
      params: { name: sender?.firstName ?? "" },
      link: `${recipientIsHost ? "/dashboard/messages" : "/messages"}/${conversation.uid}`,
      groupKey: conversationGroupKey(conversation.id),
      now,
    });
    // A message to the host reaches the host's systems too (ADR 222).
    if (recipientIsHost) {
      await messageReceivedWebhook(transaction, {
        hostId: conversation.hostId,
        conversationUid: conversation.uid,
        listingId: conversation.listingId,
        messageId: created.id,
        senderFirstName: sender?.firstName ?? "",
        body,
        now,
      });
    }
    return created;
  });
  const view = toView(message, conversation.uid);
  await publishMessage(recipients, conversation.uid, view);
  return view;
}

/** Who gets a conversation's new messages on their sockets: both sides and the listing's co-hosts. */
async function messageRecipients(conversation: Conversation): Promise<number[]> {
  return [conversation.travelerId, conversation.hostId, ...(await cohostsOf(conversation.listingId))];
}

async function publishMessage(recipients: number[], conversationUID: string, view: MessageView) {
  try {
    await getRealtimeBus().publish(recipients, { event: "message", conversationUID, message: view });
  } catch (error) {
    // The message is stored; realtime delivery is best effort (pages show it on the next load).
    console.error("messaging: realtime publish failed", error);
  }
}

export interface StartInput {
  propertyId: unknown;
  checkIn?: unknown;
  checkOut?: unknown;
  message: unknown;
}

/**
 * "Contact host" from the property page: dates are required. Finds or creates the traveler's
 * conversation for this listing, remembers the dates, and sends the first message.
 */
export async function startConversation(
  traveler: Participant,
  input: StartInput,
  now: Date = new Date(),
): Promise<{ conversationUID: string; message: MessageView; created: boolean }> {
  const propertyId = Number(input.propertyId);
  const listing = Number.isSafeInteger(propertyId) ? await isPublicListing(propertyId) : null;
  if (!listing) throw new AppError(404, MESSAGING_KEYS.notFound);
  const checkIn = typeof input.checkIn === "string" ? input.checkIn.trim() : "";
  const checkOut = typeof input.checkOut === "string" ? input.checkOut.trim() : "";
  if (!checkIn || !checkOut) {
    const fields: Record<string, string> = {};
    if (!checkIn) fields.checkIn = MESSAGING_KEYS.selectDates;
    if (!checkOut) fields.checkOut = MESSAGING_KEYS.selectDates;
    throw new AppError(400, MESSAGING_KEYS.selectDates, { fields });
  }
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || nightsBetween(checkIn, checkOut) < 1 || checkIn < todayInTunis(now)) {
    throw new AppError(400, MESSAGING_KEYS.badDates, { fields: { checkIn: MESSAGING_KEYS.badDates } });
  }
  const body = checkBody(input.message);
  const [hostRow] = await getSequelize().query<{ host_id: number }>("SELECT host_id FROM listings WHERE id = :id", {
    replacements: { id: listing.id },
    type: QueryTypes.SELECT,
  });
  const hostId = Number(hostRow!.host_id);
  if (hostId === traveler.id) throw new AppError(400, MESSAGING_KEYS.ownListing);
  // The filter runs before the conversation exists: a refused first message leaves nothing behind
  // (no empty conversation in the host's list).
  await assertContentAllowed(body, { travelerId: traveler.id, listingId: listing.id });

  let created = false;
  let conversation = await Conversation.findOne({ where: { travelerId: traveler.id, listingId: listing.id } });
  if (!conversation) {
    try {
      conversation = await Conversation.create({
        uid: newUid(),
        listingId: listing.id,
        travelerId: traveler.id,
        hostId,
        checkIn,
        checkOut,
        lastMessageAt: null,
      });
      created = true;
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      conversation = await Conversation.findOne({ where: { travelerId: traveler.id, listingId: listing.id } });
      if (!conversation) throw error;
    }
  }
  if (!created && (conversation.checkIn !== checkIn || conversation.checkOut !== checkOut)) {
    await Conversation.update({ checkIn, checkOut }, { where: { id: conversation.id } });
    conversation.checkIn = checkIn;
    conversation.checkOut = checkOut;
  }
  const message = await storeMessage(conversation, traveler.id, body, now);
  return { conversationUID: conversation.uid, message, created };
}

interface SummaryRow {
  id: number;
  uid: string;
  listing_id: number;
  listing_title: string | null;
  traveler_id: number;
  host_id: number;
  traveler_first: string;
  host_first: string;
  check_in: string | null;
  check_out: string | null;
  last_message_at: string | Date | null;
  unseen: number | string;
  last_body: string | null;
}

function toIso(value: string | Date | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

const SUMMARY_SELECT = `
  SELECT c.id, c.uid, c.listing_id, l.title AS listing_title, c.traveler_id, c.host_id,
         t.first_name AS traveler_first, h.first_name AS host_first, c.check_in, c.check_out, c.last_message_at,
         (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> :userId
            AND m.id > CASE WHEN c.traveler_id = :userId THEN c.traveler_last_read_id ELSE c.host_last_read_id END) AS unseen,
         (SELECT m2.body FROM messages m2 WHERE m2.conversation_id = c.id ORDER BY m2.id DESC LIMIT 1) AS last_body
    FROM conversations c
    JOIN listings l ON l.id = c.listing_id
    JOIN users t ON t.id = c.traveler_id
    JOIN users h ON h.id = c.host_id`;

function toSummary(row: SummaryRow, userId: number): ConversationSummary {
  const travelerId = Number(row.traveler_id);
  return {
    conversationUID: row.uid,
    listingId: Number(row.listing_id),
    listingTitle: row.listing_title,
    travelerId,
    hostId: Number(row.host_id),
    otherName: travelerId === userId ? row.host_first : row.traveler_first,
    checkIn: row.check_in ? String(row.check_in).slice(0, 10) : null,
    checkOut: row.check_out ? String(row.check_out).slice(0, 10) : null,
    lastMessage: row.last_body ? row.last_body.slice(0, 140) : null,
    lastMessageAt: toIso(row.last_message_at),
    unseen: Number(row.unseen),
  };
}

/** The user's conversations as a traveler or as a host, newest first, with unseen counts. */
export async function listConversations(userId: number, side: "traveler" | "host" | "all" = "all"): Promise<ConversationSummary[]> {
  // A co-host sees the conversations of the listings they co-host on the host side (ADR 147).
  const hosting = `(c.host_id = :userId OR c.listing_id IN (${COHOSTED_LISTINGS_SQL}))`;
  const where = side === "traveler" ? "c.traveler_id = :userId" : side === "host" ? hosting : `(c.traveler_id = :userId OR ${hosting})`;
  const rows = await getSequelize().query<SummaryRow>(`${SUMMARY_SELECT} WHERE ${where} ORDER BY c.last_message_at DESC, c.id DESC LIMIT 200`, {
    replacements: { userId, cohostId: userId },
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => toSummary(row, userId));
}

async function latestReservation(conversation: Conversation, viewerRole: ThreadView["viewerRole"], now: Date): Promise<ReservationSummary | null> {
  const [row] = await getSequelize().query<{
    id: number;
    room_type_id: number | null;
    guesthouse_room_id: number | null;
    reference: string;
    status: string;
    check_in: string;
    check_out: string;
    nights: number;
    total: number | string;
    adults: number;
    children: number;
  }>(
    `SELECT id, room_type_id, guesthouse_room_id, reference, status, check_in, check_out, nights, total, adults, children FROM reservations
      WHERE traveler_id = :travelerId AND listing_id = :listingId ORDER BY created_at DESC, id DESC LIMIT 1`,
    { replacements: { travelerId: conversation.travelerId, listingId: conversation.listingId }, type: QueryTypes.SELECT },
  );
  if (!row) return null;
  const checkIn = String(row.check_in).slice(0, 10);
  const checkOut = String(row.check_out).slice(0, 10);
  const id = Number(row.id);
  let review: ReservationSummary["review"] = null;
  if (viewerRole === "traveler") {
    const state = await reservationReview({ id, status: row.status, checkOut }, now);
    if (state.canReview || state.review) {
      const path = reservationPagePath({ id, roomTypeId: row.room_type_id, guesthouseRoomId: row.guesthouse_room_id }, "traveler");
      review = { path: `${path}#review`, reviewed: state.review !== null };
    }
  }
  return {
    reference: row.reference,
    status: row.status,
    displayStatus: displayStatus({ status: row.status as ReservationStatus, checkIn, checkOut }, now),
    checkIn,
    checkOut,
    nights: Number(row.nights),
    total: Number(row.total),
    adults: Number(row.adults),
    children: Number(row.children),
    review,
  };
}

/** A conversation's thread for a participant (or operator); marks it seen for a participant. */
export async function readThread(user: Participant, uid: unknown, options: { markSeen?: boolean; now?: Date } = {}): Promise<ThreadView> {
  const conversation = await findConversationFor(user, uid);
  const messages = await Message.findAll({ where: { conversationId: conversation.id }, order: [["id", "ASC"]], limit: 500 });
  const viewerRole = (await roleIn(conversation, user)) ?? "operator";
  const newest = messages.at(-1)?.id ?? 0;
  if (options.markSeen !== false && viewerRole !== "operator") {
    const marker = viewerRole === "traveler" ? "travelerLastReadId" : "hostLastReadId";
    if (conversation[marker] < newest) {
      await Conversation.update({ [marker]: newest }, { where: { id: conversation.id, [marker]: { [Op.lt]: newest } } });
    }
    // Reading the conversation reads its notification too.
    await markGroupRead(user.id, conversationGroupKey(conversation.id), options.now);
  }
  const [row] = await getSequelize().query<SummaryRow>(`${SUMMARY_SELECT} WHERE c.id = :id`, {
    replacements: { userId: user.id, id: conversation.id },
    type: QueryTypes.SELECT,
  });
  return {
    ...toSummary(row!, user.id),
    viewerRole,
    messages: messages.map((message) => toView(message, conversation.uid)),
    reservation: await latestReservation(conversation, viewerRole, options.now ?? new Date()),
    canSendContactDetails: await hasPaidReservation(conversation),
  };
}

/**
 * A participant saw the conversation's messages up to `messageId` (a message that arrived live in
 * the open thread). Moves their marker forward, never past the conversation's newest message;
 * operators and strangers change nothing (strangers get 404).
 */
export async function markSeen(user: Participant, uid: unknown, messageId: unknown): Promise<void> {
  const conversation = await findConversationFor(user, uid);
  const upTo = Number(messageId);
  if (!Number.isSafeInteger(upTo) || upTo < 1) throw new AppError(400, "messages:errors.badRequest");
  const role = await roleIn(conversation, user);
  if (!role) return;
  const newest = Number((await Message.max("id", { where: { conversationId: conversation.id } })) ?? 0);
  const seen = Math.min(upTo, newest);
  const marker = role === "traveler" ? "travelerLastReadId" : "hostLastReadId";
  if (seen > conversation[marker]) {
    await Conversation.update({ [marker]: seen }, { where: { id: conversation.id, [marker]: { [Op.lt]: seen } } });
  }
}

/** Messages sent to the user that they have not seen yet, oldest first. */
export async function unseenMessages(userId: number): Promise<MessageView[]> {
  const rows = await getSequelize().query<{ id: number; uid: string; sender_id: number; body: string; created_at: string | Date }>(
    `SELECT m.id, c.uid, m.sender_id, m.body, m.created_at FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE ((c.traveler_id = :userId AND m.id > c.traveler_last_read_id) OR ((c.host_id = :userId OR c.listing_id IN (${COHOSTED_LISTINGS_SQL})) AND m.id > c.host_last_read_id))
        AND m.sender_id <> :userId
      ORDER BY m.id ASC LIMIT 500`,
    { replacements: { userId, cohostId: userId }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    id: Number(row.id),
    conversationUID: row.uid,
    senderId: Number(row.sender_id),
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** How many unseen messages the user has (the badge). */
export async function unseenCount(userId: number): Promise<number> {
  const [row] = await getSequelize().query<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE ((c.traveler_id = :userId AND m.id > c.traveler_last_read_id) OR ((c.host_id = :userId OR c.listing_id IN (${COHOSTED_LISTINGS_SQL})) AND m.id > c.host_last_read_id))
        AND m.sender_id <> :userId`,
    { replacements: { userId, cohostId: userId }, type: QueryTypes.SELECT },
  );
  return Number(row?.n ?? 0);
}
