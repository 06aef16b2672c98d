import { z } from "~/schemas/zod";
import { currentPasswordField, emailField } from "./account-fields";

/** The login form (/auth) and the API's POST /api/v1/auth/token body. */
export const LoginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  redirectTo: z.string().optional(),
});

/** POST /api/v1/auth/token: `{ email, password }`. */
export const TokenRequestSchema = LoginSchema.pick({ email: true, password: true });

/** POST /api/v1/GestionDesUtulisateur/profile: `{ ID_Utulisateur }` (a number, or digits in a string). */
export const ProfileRequestSchema = z.object({
  ID_Utulisateur: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)], {
    error: (issue) => (issue.input === undefined ? "auth:validation.required" : "api:fields.invalid"),
  }).describe("The caller's own user id (another user's id is refused with 403)."),
});
