// Personal access tokens (issue 22 point 2, ADR 220): named, scoped, expiring bearer tokens a
// user makes on /profile/security or with POST /api/v1/tokens. The token is 32 random bytes
// behind the `darna_pat_` prefix; only its SHA-256 is stored (a high-entropy secret needs no
// slow hash), so the token is shown once, when it is made.
import crypto from "node:crypto";
import { PersonalAccessToken } from "~/db/models/personal-access-token.server";
import { API_SCOPES, type ApiScope } from "~/domain/api-scopes";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import { MAX_TOKEN_DAYS, type CreateTokenFormInput, type CreateTokenInput } from "~/schemas/api-tokens";
import { AppError } from "~/utils/app-error";
import { hashToken, scopesOf, TOKEN_PREFIX } from "~/utils/personal-access-tokens.server";

/** At most this many tokens per user (expired ones count until revoked). */
export const MAX_TOKENS_PER_USER = 50;

export interface TokenSummary {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  expired: boolean;
}

function summary(token: PersonalAccessToken, now: Date): TokenSummary {
  return {
    id: token.id,
    name: token.name,
    prefix: token.tokenPrefix,
    scopes: scopesOf(token.scopes),
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
    expired: token.expiresAt.getTime() <= now.getTime(),
  };
}

/** The user's tokens, newest first (expired ones too, marked, until revoked). */
export async function listTokens(userId: number, now: Date = new Date()): Promise<TokenSummary[]> {
  const tokens = await PersonalAccessToken.findAll({ where: { userId }, order: [["id", "DESC"]] });
  return tokens.map((token) => summary(token, now));
}

/**
 * When a new token stops working: `expiresInDays` after now (the API), or at the end of the day
 * `expiresOn` in Tunis (the page, ADR 226), which must be after today and within MAX_TOKEN_DAYS.
 */
function expiryOf(input: CreateTokenInput | CreateTokenFormInput, now: Date): Date {
  if ("expiresInDays" in input) return new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60_000);
  const today = dateInTunis(now);
  if (input.expiresOn <= today) {
    throw new AppError(400, "profile:tokens.errors.expiresOnPast", { fields: { expiresOn: "profile:tokens.errors.expiresOnPast" } });
  }
  if (input.expiresOn > addDays(today, MAX_TOKEN_DAYS)) {
    throw new AppError(400, "profile:tokens.errors.expiresOnTooFar", { fields: { expiresOn: "profile:tokens.errors.expiresOnTooFar" } });
  }
  return tunisInstant(addDays(input.expiresOn, 1));
}

/**
 * Makes a token. `grantable` bounds its scopes: a token made with another token may not hold a
 * scope that token lacks (403 insufficient_scope); pages and session tokens grant every scope.
 */
export async function createToken(
  userId: number,
  input: CreateTokenInput | CreateTokenFormInput,
  options: { now?: Date; grantable?: readonly ApiScope[] } = {},
): Promise<TokenSummary & { token: string }> {
  const now = options.now ?? new Date();
  const grantable = new Set(options.grantable ?? API_SCOPES);
  const expiresAt = expiryOf(input, now);
  if (input.scopes.some((scope) => !grantable.has(scope))) {
    throw new AppError(403, "api:errors.insufficient_scope", { code: "insufficient_scope" });
  }
  if ((await PersonalAccessToken.count({ where: { userId } })) >= MAX_TOKENS_PER_USER) {
    throw new AppError(409, "profile:tokens.errors.tooMany", { code: "token_limit", values: { count: MAX_TOKENS_PER_USER } });
  }
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
  const scopes = API_SCOPES.filter((scope) => input.scopes.includes(scope));
  const row = await PersonalAccessToken.create({
    userId,
    name: input.name,
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, TOKEN_PREFIX.length + 4),
    scopes: scopes.join(" "),
    expiresAt,
    createdAt: now,
  });
  return { ...summary(row, now), token };
}

/** Revokes (deletes) one of the user's tokens; false when the user has no such token. */
export async function revokeToken(userId: number, tokenId: number): Promise<boolean> {
  return (await PersonalAccessToken.destroy({ where: { id: tokenId, userId } })) > 0;
}

/** Revokes every token of the user (password changed or reset; ADR 220). */
export async function revokeAllTokens(userId: number): Promise<number> {
  return PersonalAccessToken.destroy({ where: { userId } });
}

