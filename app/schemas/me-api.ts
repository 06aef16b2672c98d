// GET/PATCH /api/v1/me and POST /api/v1/me/password (issue 22, ADR 225): the bearer's profile and
// settings, as /profile and /profile/settings show and edit them, and the password as
// /profile/security changes it. The rules are the pages' own (createProfileSchema, SettingsSchema,
// ChangePasswordSchema), applied by app/services/accounts/me.server.ts.
import { z } from "~/schemas/zod";
import { LocalDate, named } from "~/openapi/components";

const language = z.enum(["en", "fr", "es"]);

export const MeSchema = named(
  "Me",
  z.object({
    id: z.int(),
    email: z.email().describe("The sign-in name (not editable here)."),
    emailVerified: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    birthDate: LocalDate.nullable(),
    gender: z.enum(["female", "male", "other"]).nullable(),
    country: z.string().regex(/^[A-Z]{2}$/).nullable().describe("ISO 3166-1 alpha-2."),
    phone: z.string().nullable(),
    nationality: z.string().regex(/^[A-Z]{2}$/).nullable(),
    about: z.string().nullable(),
    hostMode: z.boolean().describe("Host mode (true) or traveler mode (false), as /profile/mode switches it."),
    language,
    currency: z.string().regex(/^[A-Z]{3}$/).describe("Display currency (charges stay in TND)."),
    timeZone: z.string().meta({ examples: ["Africa/Tunis"] }),
  }),
);
export type Me = z.infer<typeof MeSchema>;

/** PATCH /api/v1/me: any subset; the fields given replace the stored ones. Types are checked
 * loosely here and strictly by the pages' schemas, so a bad value gets the pages' message. */
export const MePatchSchema = named(
  "MePatch",
  z
    .object({
      firstName: z.string("api:fields.invalid"),
      lastName: z.string("api:fields.invalid"),
      birthDate: z.string("api:fields.invalid").regex(/^\d{4}-\d{2}-\d{2}$/, "api:fields.invalid").describe("YYYY-MM-DD; at least 18 years ago."),
      gender: z.string("api:fields.invalid").describe("female, male or other."),
      country: z.string("api:fields.invalid").describe("ISO 3166-1 alpha-2."),
      phone: z.string("api:fields.invalid"),
      nationality: z.string("api:fields.invalid").nullable().describe("ISO 3166-1 alpha-2, or null to clear it."),
      about: z.string("api:fields.invalid").nullable().describe("Up to 1,000 characters, or null to clear it."),
      hostMode: z.boolean("api:fields.invalid"),
      language: z.string("api:fields.invalid").describe("en, fr or es."),
      currency: z.string("api:fields.invalid").describe("A currency code Darna displays (GET /api/v1/tnd-value/{code})."),
      timeZone: z.string("api:fields.invalid").describe("An IANA time zone."),
    })
    .partial(),
);
export type MePatch = z.output<typeof MePatchSchema>;

const passwordText = () => z.string({ error: (issue) => (issue.input === undefined ? "auth:validation.required" : "api:fields.invalid") });

export const ChangePasswordBodySchema = named(
  "ChangePasswordRequest",
  z.object({
    currentPassword: passwordText(),
    password: passwordText().describe("The new password (the sign-up rules: 8 characters or more)."),
    confirmPassword: passwordText().describe("The new password again."),
  }),
);
