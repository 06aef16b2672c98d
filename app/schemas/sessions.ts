import { z } from "~/schemas/zod";

/** /profile/security, session list: sign out one other session, or all others. */
export const SessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke"), session: z.string().regex(/^[a-f0-9]{16}$/) }),
  z.object({ intent: z.literal("revoke-others") }),
]);
