// Personal access tokens (issue 22 point 2, ADR 220): the API twin of /profile/security's tokens.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { CreateTokenSchema } from "~/schemas/api-tokens";
import { CreatedPersonalAccessTokenSchema, PersonalAccessTokenListSchema } from "~/schemas/api-tokens-api";

export const tags = [
  {
    name: "Tokens",
    description:
      "Personal access tokens: named, scoped and expiring bearer tokens for programs. A token is shown once, when made; " +
      "only its SHA-256 is kept. An operation outside a token's scopes answers 403 `insufficient_scope`.",
  },
];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/tokens",
    operationId: "listPersonalAccessTokens",
    summary: "The bearer's personal access tokens, newest first",
    description: "Each with its scopes, creation, expiry and last use (to the minute); expired ones are listed (`expired: true`) until revoked.",
    tag: "Tokens",
    auth: "bearer",
    scope: "read",
    responses: { 200: { description: "The tokens (never the tokens themselves).", schema: PersonalAccessTokenListSchema } },
    errors: [401, 403, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/tokens",
    operationId: "createPersonalAccessToken",
    summary: "Make a personal access token",
    description:
      "name (1–80 characters), scopes (at least one), expiresInDays (1–365). The answer holds `token`, shown this once. " +
      "A personal access token may only make tokens with scopes it holds itself (403 `insufficient_scope`); 409 `token_limit` at 50 tokens.",
    tag: "Tokens",
    auth: "bearer",
    scope: "profile:write",
    body: named("CreatePersonalAccessTokenRequest", CreateTokenSchema),
    responses: { 201: { description: "The token.", schema: CreatedPersonalAccessTokenSchema } },
    errors: [400, 401, 403, 405, 409, 415],
  }),
  operation({
    method: "delete",
    path: "/api/v1/tokens/{id}",
    operationId: "revokePersonalAccessToken",
    summary: "Revoke one of the bearer's personal access tokens",
    description: "The token answers 401 from then on. Another user's token, or an unknown one: 404.",
    tag: "Tokens",
    auth: "bearer",
    scope: "profile:write",
    params: z.object({ id: z.int().min(1) }),
    responses: { 204: { description: "Revoked." } },
    errors: [401, 403, 404, 405],
  }),
];
