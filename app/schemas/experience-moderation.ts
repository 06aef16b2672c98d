import { z } from "~/schemas/zod";

// /admin/experiences: approve, or reject with a reason. Messages are experiences keys.
export const ExperienceDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("reject"),
    id: z.coerce.number().int().positive(),
    reason: z.string({ error: "experiences:moderation.reasonRequired" }).trim().min(3, { error: "experiences:moderation.reasonRequired" }).max(500, { error: "experiences:moderation.reasonRequired" }),
  }),
]);
