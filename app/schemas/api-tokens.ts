import { z } from "~/schemas/zod";
import { API_SCOPES } from "~/domain/api-scopes";
import { isIsoDate } from "~/domain/stay-dates";

/** A token lives at most this many days (the API's `expiresInDays`; the page's date, counted from today). */
export const MAX_TOKEN_DAYS = 365;
/** The date the /profile/security form proposes: this many days from today. */
export const DEFAULT_TOKEN_DAYS = 90;

const scope = z.enum(API_SCOPES, { error: "profile:tokens.errors.scope" });

const tokenName = z
    .string({ error: "profile:tokens.errors.nameRequired" })
    .trim()
    .min(1, { error: "profile:tokens.errors.nameRequired" })
    .max(80, { error: "profile:tokens.errors.nameTooLong" });

const tokenScopes = z
    .preprocess((value) => (typeof value === "string" ? [value] : value), z.array(scope, { error: "profile:tokens.errors.scopesRequired" }))
    .pipe(z.array(scope).min(1, { error: "profile:tokens.errors.scopesRequired" }).max(API_SCOPES.length))
    .describe(`At least one of: ${API_SCOPES.join(", ")}.`);

/**
 * A new personal access token through POST /api/v1/tokens (issue 22, ADR 220): a name, scopes and
 * a number of days.
 */
export const CreateTokenSchema = z.object({
  name: tokenName,
  scopes: tokenScopes,
  expiresInDays: z.coerce
    .number({ error: "profile:tokens.errors.expiry" })
    .int({ error: "profile:tokens.errors.expiry" })
    .min(1, { error: "profile:tokens.errors.expiry" })
    .max(MAX_TOKEN_DAYS, { error: "profile:tokens.errors.expiry" })
    .describe("Days until the token expires, 1–365."),
});
export type CreateTokenInput = z.output<typeof CreateTokenSchema>;

/**
 * The same token from the /profile/security form (ADR 226): checkboxes `scopes` and an expiry
 * date `expiresOn` (YYYY-MM-DD, the last day it works). Whether the date is in the future and
 * within a year is the service's check (it knows "now").
 */
export const CreateTokenFormSchema = z.object({
  name: tokenName,
  scopes: tokenScopes,
  expiresOn: z
    .string({ error: "profile:tokens.errors.expiresOn" })
    .trim()
    .refine((value) => isIsoDate(value), { error: "profile:tokens.errors.expiresOn" }),
});
export type CreateTokenFormInput = z.output<typeof CreateTokenFormSchema>;

/** /profile/security, token list: revoke one. */
export const RevokeTokenFormSchema = z.object({ intent: z.literal("revoke-token"), token: z.coerce.number().int().min(1) });
