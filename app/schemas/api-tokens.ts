import { z } from "zod";
import { API_SCOPES } from "~/domain/api-scopes";

/** The expiries offered by the /profile/security form, in days; the API takes any 1–365. */
export const TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
export const MAX_TOKEN_DAYS = 365;

const scope = z.enum(API_SCOPES, { error: "profile:tokens.errors.scope" });

/**
 * A new personal access token (issue 22, ADR 220): the /profile/security form (checkboxes
 * `scopes`, a select `expiresInDays`) and POST /api/v1/tokens read it alike.
 */
export const CreateTokenSchema = z.object({
  name: z
    .string({ error: "profile:tokens.errors.nameRequired" })
    .trim()
    .min(1, { error: "profile:tokens.errors.nameRequired" })
    .max(80, { error: "profile:tokens.errors.nameTooLong" }),
  scopes: z
    .preprocess((value) => (typeof value === "string" ? [value] : value), z.array(scope, { error: "profile:tokens.errors.scopesRequired" }))
    .pipe(z.array(scope).min(1, { error: "profile:tokens.errors.scopesRequired" }).max(API_SCOPES.length))
    .describe(`At least one of: ${API_SCOPES.join(", ")}.`),
  expiresInDays: z.coerce
    .number({ error: "profile:tokens.errors.expiry" })
    .int({ error: "profile:tokens.errors.expiry" })
    .min(1, { error: "profile:tokens.errors.expiry" })
    .max(MAX_TOKEN_DAYS, { error: "profile:tokens.errors.expiry" })
    .describe("Days until the token expires, 1–365."),
});
export type CreateTokenInput = z.output<typeof CreateTokenSchema>;

/** /profile/security, token list: revoke one. */
export const RevokeTokenFormSchema = z.object({ intent: z.literal("revoke-token"), token: z.coerce.number().int().min(1) });
