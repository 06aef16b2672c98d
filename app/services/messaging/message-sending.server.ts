// Sending messages between travelers and hosts (issue 7, ADR 080–082): one conversation per
// traveler and listing, its public id `uid` (random, 128 bits). Before the traveler holds a paid
// (confirmed) reservation with the host, a message with contact details is refused
// (contact-filter). A stored message notifies the recipient, reaches the host's webhooks and is
// pushed to every participant's sockets.
import crypto from "node:crypto";
import { QueryTypes, UniqueConstraintError } from "sequelize";
import { Conversation } from "~/db/models/conversation.server";
import { Message } from "~/db/models/message.server";
import { User } from "~/db/models/user.server";
import { getSequelize } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { containsContactDetails } from "~/domain/contact-filter";
import { isIsoDate, nightsBetween, todayInTunis } from "~/domain/stay-dates";
import { getRealtimeBus } from "~/realtime/bus.server";
import { cohostsOf } from "~/services/cohosts/cohost-access.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import {
  conversationGroupKey,
  findConversationFor,
  hasPaidReservation,
  MESSAGING_KEYS,
  roleIn,
  toMessageView,
  type MessageView,
  type Participant,
} from "~/services/messaging/conversation-access.server";
import { notify } from "~/services/notifications/notify.server";
import { messageReceivedWebhook } from "~/services/webhooks/webhook-sources.server";
import { AppError } from "~/utils/app-error";
import { getLimiters } from "~/utils/limits.server";

const MESSAGE_MAX_LENGTH = 2000;

function newUid(): string {
  return crypto.randomBytes(16).toString("hex");
}

/** The message text, trimmed; AppError(400) when empty or too long. */
function checkBody(raw: unknown): string {
  const body = typeof raw === "string" ? raw.replace(/\r\n/g, "\n").trim() : "";
  if (body.length === 0) throw new AppError(400, MESSAGING_KEYS.empty, { fields: { message: MESSAGING_KEYS.empty } });
  if (body.length > MESSAGE_MAX_LENGTH) {
    throw new AppError(400, MESSAGING_KEYS.tooLong, { fields: { message: MESSAGING_KEYS.tooLong }, values: { max: MESSAGE_MAX_LENGTH } });
  }
  return body;
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
async function assertMessageAllowance(senderId: number, now: Date = new Date()): Promise<void> {
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
  const view = toMessageView(message, conversation.uid);
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

