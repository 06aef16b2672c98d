import { z } from "~/schemas/zod";

/** POST /profile/mode: switch between traveler and host mode (no `mode` → flip). */
export const HostModeSchema = z.object({
  mode: z.enum(["traveler", "host"]).optional(),
  redirectTo: z.string().optional(),
});
