import { z } from "~/schemas/zod";

/** The heart's form (cards and pages): add or remove one favorite, then come back. */
export const FavoriteFormSchema = z.object({
  kind: z.enum(["property", "establishment", "provider"], "favorites:errors.failed"),
  targetId: z.coerce.number().int("favorites:errors.failed").positive("favorites:errors.failed"),
  intent: z.enum(["add", "remove"], "favorites:errors.failed"),
  redirectTo: z.string().optional(),
  /** Set by the fetcher when JavaScript runs: answer with data instead of a redirect. */
  fetcher: z.string().optional(),
});

/** The body of SPEC.md §7's POST favorites calls. */
export const FavoriteListBodySchema = z.object({
  ID_Utulisateur: z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)], "api:fields.invalid")
    .describe("The caller's own user id (another user's id is refused with 403)."),
});
