import crypto from "node:crypto";
import { Op, type Transaction } from "sequelize";
import { UserToken, type UserTokenPurpose } from "~/db/models/user-token.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";

// Links sent by e-mail (ADR 031): `<token>.<signature>`. The token is 24 random bytes; the
// signature is an HMAC of purpose and token with SESSION_SECRET, so a forged or mistyped link
// is refused before the database is asked. Only SHA-256(token) is stored; a link is single-use
// and expires.

export const TOKEN_TTL_MS: Record<UserTokenPurpose, number> = {
  verify_email: 48 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

export type TokenStatus = "valid" | "invalid" | "expired" | "used";

function sign(purpose: UserTokenPurpose, token: string): string {
  return crypto.createHmac("sha256", env.sessionSecret).update(`${purpose}:${token}`).digest("base64url");
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Splits and checks the signature of a link id; the token if it is ours, else null. */
export function verifyLinkSignature(purpose: UserTokenPurpose, linkId: string): string | null {
  const match = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/.exec(linkId);
  if (!match) return null;
  const [, token, signature] = match;
  const expected = Buffer.from(sign(purpose, token!));
  const given = Buffer.from(signature!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? token! : null;
}

/** Creates a token for the user and returns the link id to put in the e-mail. */
export async function createLinkToken(
  userId: number,
  purpose: UserTokenPurpose,
  options: { now?: Date; transaction?: Transaction } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = crypto.randomBytes(24).toString("base64url");
  await UserToken.create(
    { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]), usedAt: null, createdAt: now },
    { transaction: options.transaction },
  );
  return `${token}.${sign(purpose, token)}`;
}

async function findToken(purpose: UserTokenPurpose, linkId: string, transaction?: Transaction) {
  const token = verifyLinkSignature(purpose, linkId);
  if (!token) return null;
  return UserToken.findOne({ where: { purpose, tokenHash: hashToken(token) }, transaction });
}

function statusOf(row: UserToken | null, now: Date): TokenStatus {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** What a link is worth, without using it (for the page a GET shows). */
export async function inspectLinkToken(purpose: UserTokenPurpose, linkId: string, now: Date = new Date()) {
  const row = await findToken(purpose, linkId);
  return { status: statusOf(row, now), userId: row?.userId ?? null };
}

const statusKeys: Record<Exclude<TokenStatus, "valid">, string> = {
  invalid: "auth:link.invalid",
  expired: "auth:link.expired",
  used: "auth:link.used",
};

/**
 * Uses a link: marks it (and every other unused link of the same purpose for that user) used,
 * atomically, so two clicks at once cannot both succeed. Returns the user id.
 */
export async function consumeLinkToken(
  purpose: UserTokenPurpose,
  linkId: string,
  options: { now?: Date; transaction?: Transaction } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const row = await findToken(purpose, linkId, options.transaction);
  const status = statusOf(row, now);
  if (status !== "valid") throw new AppError(status === "invalid" ? 404 : 410, statusKeys[status], { code: `link_${status}` });
  const [claimed] = await UserToken.update(
    { usedAt: now },
    { where: { id: row!.id, usedAt: null }, transaction: options.transaction },
  );
  if (claimed !== 1) throw new AppError(410, statusKeys.used, { code: "link_used" });
  await UserToken.update(
    { usedAt: now },
    { where: { userId: row!.userId, purpose, usedAt: null, id: { [Op.ne]: row!.id } }, transaction: options.transaction },
  );
  return row!.userId;
}
