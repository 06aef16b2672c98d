import { z } from "~/schemas/zod";

/** /verify: ask for a new verification e-mail (signed-in, unverified users). */
export const ResendVerificationSchema = z.object({ redirectTo: z.string().optional() });
