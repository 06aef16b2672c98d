// The co-host invitation form (/dashboard/cohosts): an e-mail address and the host's listings it
// covers. Messages are cohosts keys.
import { z } from "~/schemas/zod";

export const InviteCohostSchema = z.object({
  email: z.string("cohosts:errors.email").trim().toLowerCase().max(254, "cohosts:errors.email").pipe(z.email("cohosts:errors.email")),
  listingIds: z.array(z.coerce.number().int().positive(), "cohosts:errors.listings").min(1, "cohosts:errors.listings").max(200, "cohosts:errors.listings"),
});
