// Answers of the accounts' /api/v1 routes (app/openapi/accounts.ts documents them).
import { z } from "~/schemas/zod";
import { DateTime, LocalDate, named } from "~/openapi/components";

const language = z.enum(["en", "fr", "es"]);
const role = z.enum(["user", "support", "operator"]);

export const AccountUserSchema = named(
  "AccountUser",
  z
    .object({
      id: z.int().describe("ID_Utulisateur."),
      firstName: z.string(),
      lastName: z.string(),
      email: z.email(),
      role,
      hostMode: z.boolean().describe("Host mode (true) or traveler mode (false)."),
      emailVerified: z.boolean(),
      language,
      currency: z.string().regex(/^[A-Z]{3}$/).describe("Display currency."),
      timeZone: z.string().meta({ examples: ["Africa/Tunis"] }),
    })
    .describe("The signed-in user, as the session sees them."),
);

export const TokenResponseSchema = named(
  "TokenResponse",
  z.object({
    token: z.string().describe("Send it as `Authorization: Bearer <token>`. Revocable from the profile's security page."),
    user: AccountUserSchema,
    expiresAt: DateTime,
  }),
);
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const UserProfileSchema = named(
  "UserProfile",
  z.object({
    ID_Utulisateur: z.int(),
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    birthDate: LocalDate.nullable(),
    gender: z.enum(["female", "male", "other"]).nullable(),
    country: z.string().regex(/^[A-Z]{2}$/).nullable().describe("ISO 3166-1 alpha-2."),
    phone: z.string().nullable(),
    nationality: z.string().regex(/^[A-Z]{2}$/).nullable(),
    role,
    hostMode: z.boolean(),
    language,
    currency: z.string().regex(/^[A-Z]{3}$/),
    timeZone: z.string(),
    emailVerified: z.boolean(),
    memberSince: DateTime,
  }),
);

export const ProfileResponseSchema = named(
  "ProfileResponse",
  z.object({
    userProfile: UserProfileSchema,
    hasProperties: z.boolean().describe("Whether the user hosts at least one listing (not deleted)."),
  }),
);
