// Answers of /api/v1/tokens (issue 22, ADR 220).
import { z } from "~/schemas/zod";
import { API_SCOPES } from "~/domain/api-scopes";
import { DateTime, named } from "~/openapi/components";

export const PersonalAccessTokenSchema = named(
  "PersonalAccessToken",
  z
    .object({
      id: z.int().min(1),
      name: z.string(),
      prefix: z.string().describe("The token's first characters, to recognise it (not secret)."),
      scopes: z.array(z.enum(API_SCOPES)),
      createdAt: DateTime,
      expiresAt: DateTime,
      lastUsedAt: DateTime.nullable().describe("Last request made with it (to the minute); null if never used."),
      expired: z.boolean(),
    })
    .strict(),
);

export const PersonalAccessTokenListSchema = named(
  "PersonalAccessTokenList",
  z.object({ items: z.array(PersonalAccessTokenSchema), total: z.int().min(0) }).strict(),
);

export const CreatedPersonalAccessTokenSchema = named(
  "CreatedPersonalAccessToken",
  z
    .object({
      ...PersonalAccessTokenSchema.shape,
      token: z.string().describe("The token itself: shown this once, only its SHA-256 is kept."),
    })
    .strict(),
);
