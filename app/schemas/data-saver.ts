import { z } from "~/schemas/zod";
import { isLocalPath } from "~/utils/safe-redirect";

/**
 * The "Data saver" switch (POST /data-saver or /{lang}/data-saver; ADR 231): the wanted state
 * and a hidden `redirectTo` holding the page's local path and query.
 */
export const DataSaverSchema = z.object({
  dataSaver: z.enum(["on", "off"]),
  redirectTo: z.string().refine(isLocalPath),
});
