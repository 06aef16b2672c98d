// Reading personal access tokens (ADR 220), beside the sessions (auth-sessions.server.ts): a
// token is `darna_pat_` and 32 random bytes (base64url); the table keeps its SHA-256 only. Making,
// listing and revoking them is app/services/api-tokens/tokens.server.ts.
import crypto from "node:crypto";
import { Op } from "sequelize";
import { PersonalAccessToken } from "~/db/models/personal-access-token.server";
import { User } from "~/db/models/user.server";
import { API_SCOPES, type ApiScope } from "~/domain/api-scopes";

export const TOKEN_PREFIX = "darna_pat_";
/** last_used_at is written at most this often per token. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function isPersonalAccessToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX);
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The stored space-separated scopes, known ones only. */
export function scopesOf(stored: string): ApiScope[] {
  const known = new Set<string>(API_SCOPES);
  return stored.split(" ").filter((scope): scope is ApiScope => known.has(scope));
}

/** The live token and its user (not expired, not revoked, user not suspended), or null. */
export async function findActiveToken(
  token: string,
  now: Date = new Date(),
): Promise<{ token: PersonalAccessToken; user: User; scopes: ApiScope[] } | null> {
  if (!/^darna_pat_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await PersonalAccessToken.findOne({ where: { tokenHash: hashToken(token), expiresAt: { [Op.gt]: now } } });
  if (!row) return null;
  const user = await User.findByPk(row.userId);
  if (!user || user.suspendedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await PersonalAccessToken.update({ lastUsedAt: now }, { where: { id: row.id } });
  }
  return { token: row, user, scopes: scopesOf(row.scopes) };
}
