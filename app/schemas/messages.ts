import { z } from "~/schemas/zod";
import { MESSAGE_MAX } from "./message-limits";

const messageField = z
  .string("messages:errors.empty")
  .trim()
  .min(1, "messages:errors.empty")
  .max(MESSAGE_MAX, "messages:errors.tooLong");

/** The reply form under a thread. */
export const SendMessageSchema = z.object({ message: messageField });

/** "Contact host" from the property page: dates are required (SPEC.md §5). */
export const ContactHostSchema = z.object({
  propertyId: z.coerce.number("messages:errors.notFound").int("messages:errors.notFound").positive("messages:errors.notFound"),
  checkIn: z.string("messages:errors.selectDates").regex(/^\d{4}-\d{2}-\d{2}$/, "messages:errors.selectDates"),
  checkOut: z.string("messages:errors.selectDates").regex(/^\d{4}-\d{2}-\d{2}$/, "messages:errors.selectDates"),
  message: messageField,
  /** Where to come back to when the form has errors (the property page). */
  redirectTo: z.string().optional(),
});

/** POST /api/v1/conversations: the service checks dates and the message (same rules as the form). */
export const StartConversationBodySchema = z.object({
  propertyId: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)], "messages:errors.notFound"),
  checkIn: z.string("messages:errors.selectDates").optional(),
  checkOut: z.string("messages:errors.selectDates").optional(),
  message: z.string("messages:errors.empty"),
});

/** POST /api/v1/conversations/{conversationUID}/messages */
export const SendMessageBodySchema = z.object({ message: z.string("messages:errors.empty") });

/** POST /api/v1/Conversation/MessageNotSeen (SPEC.md §7). */
export const MessageNotSeenBodySchema = z.object({
  ID_Utulisateur: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)], "api:fields.invalid"),
});
