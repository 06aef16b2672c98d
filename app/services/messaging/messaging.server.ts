// Reading conversations (issue 7, ADR 080–082): a user's conversations with their unseen counts,
// one thread (which marks it seen), the live "seen" marker, and the unseen messages and badge.
// Sending is message-sending.server.ts; who may see what, conversation-access.server.ts.
import { Op, QueryTypes } from "sequelize";
import { Conversation } from "~/db/models/conversation.server";
import { Message } from "~/db/models/message.server";
import { getSequelize } from "~/db/sequelize.server";
import { displayStatus, type DisplayStatus, type ReservationStatus } from "~/domain/reservation-state";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { COHOSTED_LISTINGS_SQL } from "~/services/cohosts/cohost-access.server";
import {
  conversationGroupKey,
  findConversationFor,
  hasPaidReservation,
  roleIn,
  toMessageView,
  type MessageView,
  type Participant,
} from "~/services/messaging/conversation-access.server";
import { markGroupRead } from "~/services/notifications/notification-reads.server";
import { reservationReview } from "~/services/reviews/review-reads.server";
import { AppError } from "~/utils/app-error";

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
    messages: messages.map((message) => toMessageView(message, conversation.uid)),
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
