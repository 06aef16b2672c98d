// The operator console's forms (issue 17): every action on a user or a live listing needs a reason.
import { z } from "~/schemas/zod";

const reason = z
  .string({ error: "console:errors.reasonRequired" })
  .trim()
  .min(1, { error: "console:errors.reasonRequired" })
  .max(1000, { error: "console:errors.reasonTooLong" });

export const UserActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["suspend", "reinstate", "resend_verification", "revoke_role"]), reason }),
    z.object({ intent: z.literal("grant_role"), role: z.enum(["support", "operator"], { error: "console:errors.intent" }), reason }),
  ],
  { error: "console:errors.intent" },
);

export const LiveListingActionSchema = z.object({
  intent: z.enum(["suspend", "reinstate", "remove"], { error: "console:errors.intent" }),
  reason,
});

export const ListingAnswerSchema = z.object({
  answer: z
    .string({ error: "console:errors.answerRequired" })
    .trim()
    .min(1, { error: "console:errors.answerRequired" })
    .max(1000, { error: "console:errors.reasonTooLong" }),
});
