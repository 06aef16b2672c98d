// Who may read and write a conversation (ADR 080–082): only its two participants and the
// listing's co-hosts (ADR 147) — operators may read — anyone else gets 404, so a conversation's
// existence is not revealed. What the sending and the reading of messages share.
import { QueryTypes } from "sequelize";
import { Conversation } from "~/db/models/conversation.server";
import type { Message } from "~/db/models/message.server";
import { getSequelize } from "~/db/sequelize.server";
import { isCohostOf } from "~/services/cohosts/cohost-access.server";
import { AppError } from "~/utils/app-error";
import { can, type UserRole } from "~/domain/staff-roles";

/** The notifications of one conversation's new messages share this group (one unread at a time). */
export function conversationGroupKey(conversationId: number): string {
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

export function toMessageView(message: Message, uid: string): MessageView {
  return {
    id: message.id,
    conversationUID: uid,
    senderId: message.senderId,
    body: message.body,
    createdAt: new Date(message.createdAt).toISOString(),
  };
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

export async function findConversationFor(user: Participant, uid: unknown): Promise<Conversation> {
  if (typeof uid !== "string" || !/^[0-9a-f]{32}$/.test(uid)) throw new AppError(404, MESSAGING_KEYS.notFound);
  const conversation = await Conversation.findOne({ where: { uid } });
  if (!conversation) throw new AppError(404, MESSAGING_KEYS.notFound);
  const participant = conversation.travelerId === user.id || conversation.hostId === user.id;
  if (!participant && !can(user.role, "read") && !(await isCohostOf(user.id, conversation.listingId))) throw new AppError(404, MESSAGING_KEYS.notFound);
  return conversation;
}

/** The side the user writes from: traveler, host (the listing's host or a co-host, ADR 147), or null (an operator reads only). */
export async function roleIn(conversation: Conversation, user: Participant): Promise<"traveler" | "host" | null> {
  if (conversation.travelerId === user.id) return "traveler";
  if (conversation.hostId === user.id || (await isCohostOf(user.id, conversation.listingId))) return "host";
  return null;
}

