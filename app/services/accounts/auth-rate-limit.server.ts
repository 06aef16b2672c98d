import crypto from "node:crypto";
import { Op } from "sequelize";
import { AuthAttempt, type AuthAttemptScope } from "~/db/models/auth-attempt.server";

// How many attempts each scope allows in its sliding window (ADR 032).
export const RATE_LIMITS: Record<AuthAttemptScope, { max: number; windowMs: number }> = {
  // failed sign-ins for one e-mail from one address (key "ip|e-mail"): locks that pair only, so a
  // stranger's guesses never lock the owner out (issue 12, OWASP)
  login_email: { max: 5, windowMs: 15 * 60_000 },
  // failed sign-ins for one e-mail from anywhere: never locks, slows each answer (loginDelayMs)
  login_account: { max: 1_000, windowMs: 15 * 60_000 },
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

/** How many attempts of this scope and key fall in its window. */
export async function countAttempts(scope: AuthAttemptScope, key: string, now: Date = new Date()): Promise<number> {
  const limit = RATE_LIMITS[scope];
  return AuthAttempt.count({ where: { scope, keyHash: hashKey(key), createdAt: { [Op.gt]: new Date(now.getTime() - limit.windowMs) } } });
}

/**
 * The captcha-free delay before answering a sign-in to an account that failed `failures` times in
 * the window from anywhere: none for the first 5, then 250 ms doubling up to 4 seconds. Guessing
 * one password from many addresses slows down; the owner still signs in.
 */
export function loginDelayMs(failures: number): number {
  if (failures < 5) return 0;
  return Math.min(4_000, 250 * 2 ** (failures - 5));
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
