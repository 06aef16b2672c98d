import crypto from "node:crypto";
import { Op } from "sequelize";
import { AuthAttempt, type AuthAttemptScope } from "~/db/models/auth-attempt.server";

// How many attempts each scope allows in its sliding window (ADR 032).
export const RATE_LIMITS: Record<AuthAttemptScope, { max: number; windowMs: number }> = {
  // failed sign-ins for one e-mail: slows down guessing one account's password
  login_email: { max: 5, windowMs: 15 * 60_000 },
  // failed sign-ins from one address: slows down trying many accounts
  login_ip: { max: 20, windowMs: 15 * 60_000 },
  // password-reset e-mails for one address, verification e-mails for one user
  reset_email: { max: 3, windowMs: 60 * 60_000 },
  verify_email: { max: 3, windowMs: 60 * 60_000 },
};

export interface RateLimitState {
  limited: boolean;
  /** Seconds until one more attempt is allowed (0 when not limited). */
  retryAfterSeconds: number;
}

function hashKey(key: string): string {
  return crypto.createHash("sha256").update(key.trim().toLowerCase()).digest("hex");
}

/**
 * Pure: given the times of the attempts in the window, is the next one refused, and for how
 * long? The oldest attempt leaving the window frees a slot.
 */
export function evaluateRateLimit(attemptTimes: Date[], limit: { max: number; windowMs: number }, now: Date): RateLimitState {
  const inWindow = attemptTimes.filter((time) => now.getTime() - time.getTime() < limit.windowMs).sort((a, b) => a.getTime() - b.getTime());
  if (inWindow.length < limit.max) return { limited: false, retryAfterSeconds: 0 };
  const freedAt = inWindow[inWindow.length - limit.max]!.getTime() + limit.windowMs;
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
}

export async function checkRateLimit(scope: AuthAttemptScope, key: string, now: Date = new Date()): Promise<RateLimitState> {
  const limit = RATE_LIMITS[scope];
  const attempts = await AuthAttempt.findAll({
    attributes: ["createdAt"],
    where: { scope, keyHash: hashKey(key), createdAt: { [Op.gt]: new Date(now.getTime() - limit.windowMs) } },
    order: [["createdAt", "DESC"]],
    limit: limit.max,
  });
  return evaluateRateLimit(
    attempts.map((attempt) => attempt.createdAt),
    limit,
    now,
  );
}

export async function recordAttempt(scope: AuthAttemptScope, key: string, now: Date = new Date()): Promise<void> {
  await AuthAttempt.create({ scope, keyHash: hashKey(key), createdAt: now });
  // Keep the table small: attempts older than the longest window count for nothing.
  if (Math.random() < 0.05) await pruneAttempts(now);
}

export async function clearAttempts(scope: AuthAttemptScope, key: string): Promise<void> {
  await AuthAttempt.destroy({ where: { scope, keyHash: hashKey(key) } });
}

export async function pruneAttempts(now: Date = new Date()): Promise<void> {
  const longest = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));
  await AuthAttempt.destroy({ where: { createdAt: { [Op.lt]: new Date(now.getTime() - longest) } } });
}
