// The accounts routes: bearer tokens and the caller's own profile (SPEC.md §7).
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { ProfileResponseSchema, TokenResponseSchema } from "~/schemas/accounts-api";
import { ProfileRequestSchema, TokenRequestSchema } from "~/schemas/login";

export const tags = [{ name: "Accounts", description: "Bearer tokens and the caller's own profile." }];

export const operations = [
  operation({
    method: "post",
    path: "/api/v1/auth/token",
    operationId: "createToken",
    summary: "Exchange an e-mail and password for a bearer token",
    description:
      "Wrong pairs all get the same 401 (\"Incorrect username or password.\"). Failed attempts are limited per e-mail " +
      "(5 in 15 minutes) and per client address (20 in 15 minutes), shared with the login form: then 429 with Retry-After.",
    tag: "Accounts",
    body: named("TokenRequest", TokenRequestSchema),
    responses: { 200: { description: "A new bearer token (a new session) and the user.", schema: TokenResponseSchema } },
    errors: [400, 401, 405, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/GestionDesUtulisateur/profile",
    operationId: "getOwnProfile",
    scope: "read",
    summary: "The bearer's own profile",
    description: "Answers only for the bearer's own account: a body naming another user gets 403.",
    tag: "Accounts",
    auth: "bearer",
    body: named("ProfileRequest", ProfileRequestSchema),
    responses: { 200: { description: "The profile and whether the user hosts listings.", schema: ProfileResponseSchema } },
    errors: [400, 401, 403, 405, 415],
  }),
];
