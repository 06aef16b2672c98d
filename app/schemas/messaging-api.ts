// Answers of the messaging /api/v1 routes (app/openapi/messaging.ts documents them).
import { z } from "~/schemas/zod";
import { PageFieldsSchema } from "~/utils/api-pagination";
import { DISPLAY_STATUSES } from "~/domain/reservation-state";
import { DateTime, LocalDate, Millimes, named } from "~/openapi/components";
import { MESSAGE_MAX } from "~/schemas/message-limits";

export const ConversationUIDSchema = named(
  "ConversationUID",
  z.string().regex(/^[0-9a-f]{32}$/).describe("The conversation's public, random id."),
);

export const ChatMessageSchema = named(
  "ChatMessage",
  z.object({
    id: z.int(),
    conversationUID: ConversationUIDSchema,
    senderId: z.int(),
    body: z.string().max(MESSAGE_MAX),
    createdAt: DateTime,
  }),
);

export const ConversationSummarySchema = named(
  "ConversationSummary",
  z.looseObject({
    conversationUID: ConversationUIDSchema,
    listingId: z.int(),
    listingTitle: z.string().nullable(),
    travelerId: z.int(),
    hostId: z.int(),
    otherName: z.string().describe("The other participant's first name."),
    checkIn: LocalDate.nullable(),
    checkOut: LocalDate.nullable(),
    lastMessage: z.string().nullable().describe("The start of the newest message."),
    lastMessageAt: DateTime.nullable(),
    unseen: z.int().min(0).describe("Messages to the bearer not read yet."),
  }),
);

export const ConversationThreadSchema = named(
  "ConversationThread",
  ConversationSummarySchema.extend({
    viewerRole: z.enum(["traveler", "host", "operator"]),
    messages: z.array(ChatMessageSchema),
    canSendContactDetails: z
      .boolean()
      .describe("True once the traveler has a paid reservation with the host; before, contact details are refused."),
    reservation: z
      .object({
        reference: z.string(),
        status: z.string(),
        displayStatus: z.enum(DISPLAY_STATUSES).describe("The state people see: a confirmed stay is upcoming, ongoing or completed."),
        checkIn: LocalDate,
        checkOut: LocalDate,
        nights: z.int(),
        total: Millimes,
        adults: z.int(),
        children: z.int(),
        review: z
          .object({ path: z.string(), reviewed: z.boolean() })
          .nullable()
          .describe(
            "For the traveler: the reservation page's review section (path, without the language prefix) when the stay can be reviewed now (reviewed false) or holds their review (reviewed true); null otherwise and for the host.",
          ),
      })
      .nullable(),
  }),
);

export const ConversationListSchema = named("ConversationList", z.object({ conversations: z.array(ConversationSummarySchema), ...PageFieldsSchema.shape }));

export const StartedConversationSchema = named(
  "StartedConversation",
  z.object({
    conversationUID: ConversationUIDSchema,
    message: ChatMessageSchema,
    created: z.boolean().describe("False when the traveler already had a conversation for this listing."),
  }),
);

export const UnseenMessagesSchema = named(
  "UnseenMessages",
  z.object({ count: z.int().min(0), messages: z.array(ChatMessageSchema) }),
);
export type UnseenMessages = z.infer<typeof UnseenMessagesSchema>;
