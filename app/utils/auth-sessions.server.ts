import crypto from "node:crypto";
import { Op } from "sequelize";
import { User } from "~/db/models/user.server";
import { UserSession, type SessionKind } from "~/db/models/user-session.server";

// Server-side sessions (ADR 030). The cookie or bearer token carries the row id, a 256-bit
// random string; revoking a session deletes its row.

export const SESSION_TTL_MS: Record<SessionKind, number> = {
  web: 30 * 24 * 60 * 60_000,
  api: 90 * 24 * 60 * 60_000,
};
/** last_seen_at is refreshed at most this often, so browsing does not write on every request. */
const LAST_SEEN_RESOLUTION_MS = 10 * 60_000;

export interface SessionContext {
  userAgent?: string | null;
  ip?: string | null;
  now?: Date;
}

export async function createSession(userId: number, kind: SessionKind, context: SessionContext = {}): Promise<UserSession> {
  const now = context.now ?? new Date();
  return UserSession.create({
    id: crypto.randomBytes(32).toString("base64url"),
    userId,
    kind,
    userAgent: context.userAgent?.slice(0, 255) ?? null,
    ip: context.ip?.slice(0, 64) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS[kind]),
  });
}

/** The live session with this id and its user, or null (unknown, revoked, expired). */
export async function findActiveSession(
  id: string,
  options: { kind?: SessionKind; now?: Date } = {},
): Promise<{ session: UserSession; user: User } | null> {
  const now = options.now ?? new Date();
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return null;
  const session = await UserSession.findByPk(id);
  if (!session || session.expiresAt.getTime() <= now.getTime()) return null;
  if (options.kind && session.kind !== options.kind) return null;
  const user = await User.findByPk(session.userId);
  // A suspended account's sessions were deleted with the suspension; this holds even if one is left.
  if (!user || user.suspendedAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await UserSession.update({ lastSeenAt: now }, { where: { id } });
  }
  return { session, user };
}

/** A stable, non-secret name for a session, used by the "sign out this session" buttons. */
export function sessionHandle(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex").slice(0, 16);
}

export interface SessionSummary {
  handle: string;
  kind: SessionKind;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export async function listSessions(userId: number, currentSessionId: string | null, now: Date = new Date()): Promise<SessionSummary[]> {
  const sessions = await UserSession.findAll({
    where: { userId, expiresAt: { [Op.gt]: now } },
    order: [["lastSeenAt", "DESC"]],
  });
  return sessions.map((session) => ({
    handle: sessionHandle(session.id),
    kind: session.kind,
    userAgent: session.userAgent,
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  }));
}

export async function revokeSession(id: string): Promise<void> {
  await UserSession.destroy({ where: { id } });
}

/** Signs out the user's session named by `handle`. Returns whether one was found. */
export async function revokeSessionByHandle(userId: number, handle: string): Promise<boolean> {
  const sessions = await UserSession.findAll({ where: { userId }, attributes: ["id"] });
  const target = sessions.find((session) => sessionHandle(session.id) === handle);
  if (!target) return false;
  await revokeSession(target.id);
  return true;
}

/** Signs out every session of the user except `keepId` (if given). Returns how many. */
export async function revokeOtherSessions(userId: number, keepId: string | null): Promise<number> {
  return UserSession.destroy({ where: keepId ? { userId, id: { [Op.ne]: keepId } } : { userId } });
}

export async function pruneExpiredSessions(now: Date = new Date()): Promise<number> {
  return UserSession.destroy({ where: { expiresAt: { [Op.lte]: now } } });
}
