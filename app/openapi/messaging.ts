// Messaging (issue 7): conversations between travelers and hosts, and the unseen-messages call.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { PaginationQuerySchema } from "~/utils/api-pagination";
import {
  ChatMessageSchema,
  ConversationListSchema,
  ConversationThreadSchema,
  ConversationUIDSchema,
  StartedConversationSchema,
  UnseenMessagesSchema,
} from "~/schemas/messaging-api";
import { MessageNotSeenBodySchema, SendMessageBodySchema, StartConversationBodySchema } from "~/schemas/messages";

export const tags = [{ name: "Messaging", description: "Conversations between a traveler and a host about a listing." }];

const conversation = z.object({ conversationUID: ConversationUIDSchema });

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/conversations",
    operationId: "listConversations",
    scope: "read",
    summary: "The bearer's conversations, newest first, with unseen counts",
    tag: "Messaging",
    auth: "bearer",
    query: PaginationQuerySchema,
    description: "Paginated: `page` (from 1) and `pageSize` (1–100, default 100).",
    responses: { 200: { description: "Conversations as traveler and as host.", schema: ConversationListSchema } },
    errors: [400, 401, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/conversations",
    operationId: "startConversation",
    scope: "messages:write",
    idempotent: true,
    summary: "Contact a listing's host with chosen dates",
    description:
      "One conversation per traveler and listing: a second call adds the message to it (and updates the dates). " +
      "Dates are required (\"Select a date before contacting the host\"). Before the traveler has a paid reservation " +
      "with the host, a message with contact details is refused with 422.",
    tag: "Messaging",
    auth: "bearer",
    body: named("StartConversationRequest", StartConversationBodySchema),
    responses: { 201: { description: "The conversation and the stored message.", schema: StartedConversationSchema } },
    errors: [400, 401, 404, 405, 415, 422],
  }),
  operation({
    method: "get",
    path: "/api/v1/conversations/{conversationUID}",
    operationId: "readConversation",
    scope: "read",
    summary: "A conversation's messages and reservation; marks them seen for the bearer",
    description: "Only the traveler and the host (and operators) may read it; anyone else gets 404.",
    tag: "Messaging",
    auth: "bearer",
    params: conversation,
    responses: { 200: { description: "The thread.", schema: ConversationThreadSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/conversations/{conversationUID}/messages",
    operationId: "sendConversationMessage",
    scope: "messages:write",
    idempotent: true,
    summary: "Send a message in a conversation",
    description: "Same rules as the site: participants only (404 otherwise), contact details refused with 422 before a paid reservation.",
    tag: "Messaging",
    auth: "bearer",
    params: conversation,
    body: named("SendMessageRequest", SendMessageBodySchema),
    responses: { 201: { description: "The stored message (also pushed to both participants' sockets).", schema: ChatMessageSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
  operation({
    method: "post",
    path: "/api/v1/Conversation/MessageNotSeen",
    operationId: "messageNotSeen",
    scope: "read",
    summary: "The bearer's unseen messages",
    description: "ID_Utulisateur must be the bearer's own id (403 otherwise).",
    tag: "Messaging",
    auth: "bearer",
    body: named("MessageNotSeenRequest", MessageNotSeenBodySchema),
    responses: { 200: { description: "Messages to the bearer not read yet, oldest first.", schema: UnseenMessagesSchema } },
    errors: [400, 401, 403, 405, 415],
  }),
];
