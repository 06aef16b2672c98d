// The team's view of users (issue 17 point 2): search, one user's page, and the actions on an
// account — suspend or reinstate, give or take away a team role (never the last operator), send
// the verification again. Each action has a reason, e-mails the user in their language and writes
// its audit row in its own transaction.
import { Op, type Transaction } from "sequelize";
import { Claim } from "~/db/models/claim.server";
import { Listing } from "~/db/models/listing.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { Reservation } from "~/db/models/reservation.server";
import { Review } from "~/db/models/review.server";
import { User } from "~/db/models/user.server";
import { UserSession } from "~/db/models/user-session.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { can, userRoleOf, type StaffRole } from "~/domain/staff-roles";
import { resendVerificationEmail } from "~/services/accounts/user.server";
import { audit } from "~/services/admin/audit.server";
import { queueConsoleEmail } from "~/services/admin/console-emails.server";
import { AppError } from "~/utils/app-error";
import type { SessionUser } from "~/utils/auth.server";

export interface UserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  suspended: boolean;
}

const toRow = (user: User): UserRow => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`,
  email: user.email,
  phone: user.phone,
  role: userRoleOf(user.role),
  suspended: user.suspendedAt !== null,
});

/** Users whose name, e-mail or phone contains `query`, or who are on the reservation of that reference. */
export async function searchUsers(query: string): Promise<UserRow[]> {
  const text = query.trim().slice(0, 100);
  if (text.length < 2) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = text.split(/\s+/).filter(Boolean);
  const byReference = await Reservation.findOne({ where: { reference: text.toUpperCase() }, attributes: ["travelerId", "hostId"] });
  const users = await User.findAll({
    where: {
      [Op.or]: [
        { email: { [Op.like]: like } },
        { phone: { [Op.like]: like } },
        // "Leila Haddad": every word in the first or the last name.
        { [Op.and]: words.map((word) => ({ [Op.or]: [{ firstName: { [Op.like]: `%${word}%` } }, { lastName: { [Op.like]: `%${word}%` } }] })) },
        ...(byReference ? [{ id: [byReference.travelerId, byReference.hostId] }] : []),
      ],
    },
    order: [["id", "ASC"]],
    limit: 50,
  });
  return users.map(toRow);
}

/** Everything the team sees of one user. */
export async function userForAdmin(id: number, now: Date = new Date()) {
  const user = Number.isSafeInteger(id) && id > 0 ? await User.findByPk(id) : null;
  if (!user) throw new AppError(404, "console:errors.notFound");
  const [listings, reservations, reviews, claims, payouts, sessions] = await Promise.all([
    Listing.findAll({ where: { hostId: id }, attributes: ["id", "title", "moderationState", "deletedAt"], order: [["id", "DESC"]], limit: 100 }),
    Reservation.findAll({
      where: { [Op.or]: [{ travelerId: id }, { hostId: id }] },
      attributes: ["id", "reference", "status", "checkIn", "checkOut", "travelerId", "total"],
      order: [["id", "DESC"]],
      limit: 100,
    }),
    Review.findAll({ where: { authorId: id }, attributes: ["id", "listingId", "text", "createdAt", "hiddenAt"], order: [["id", "DESC"]], limit: 100 }),
    Claim.findAll({
      where: { [Op.or]: [{ travelerId: id }, { hostId: id }] },
      attributes: ["id", "reservationId", "travelerId", "kind", "status", "decidedAmount", "createdAt"],
      order: [["id", "DESC"]],
      limit: 100,
    }),
    PayoutRequest.findAll({ where: { hostId: id }, attributes: ["id", "amount", "status", "createdAt"], order: [["id", "DESC"]], limit: 100 }),
    UserSession.findAll({ where: { userId: id, expiresAt: { [Op.gt]: now } }, order: [["lastSeenAt", "DESC"]] }),
  ]);
  return {
    ...toRow(user),
    hostMode: Boolean(user.hostMode),
    language: user.language,
    emailVerified: user.emailVerifiedAt !== null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionReason: user.suspensionReason,
    createdAt: user.createdAt.toISOString(),
    listings: listings.map((listing) => ({ id: listing.id, title: listing.title, state: listing.deletedAt ? "removed" : listing.moderationState })),
    reservations: reservations.map((reservation) => ({
      id: reservation.id,
      reference: reservation.reference,
      status: reservation.status,
      checkIn: reservation.checkIn,
      checkOut: reservation.checkOut,
      side: reservation.travelerId === id ? ("traveler" as const) : ("host" as const),
      total: reservation.total,
    })),
    reviews: reviews.map((review) => ({ id: review.id, listingId: review.listingId, text: review.text, createdAt: review.createdAt.toISOString(), hidden: review.hiddenAt !== null })),
    claims: claims.map((claim) => ({
      id: claim.id,
      reservationId: claim.reservationId,
      reference: reservations.find((reservation) => reservation.id === claim.reservationId)?.reference ?? `#${claim.reservationId}`,
      side: claim.travelerId === id ? ("traveler" as const) : ("host" as const),
      kind: claim.kind,
      status: claim.status,
      decidedAmount: claim.decidedAmount,
      createdAt: claim.createdAt.toISOString(),
    })),
    payouts: payouts.map((payout) => ({ id: payout.id, amount: payout.amount, status: payout.status, createdAt: payout.createdAt.toISOString() })),
    sessions: sessions.map((session) => ({ kind: session.kind, userAgent: session.userAgent, ip: session.ip, lastSeenAt: session.lastSeenAt.toISOString() })),
  };
}

export type UserAction =
  | { intent: "suspend" | "reinstate" | "resend_verification"; reason: string }
  | { intent: "grant_role"; role: StaffRole; reason: string }
  | { intent: "revoke_role"; reason: string };

/** Which capability an action on a user needs (ADR 170). */
export function capabilityOf(intent: string) {
  return intent === "grant_role" || intent === "revoke_role" ? ("roles" as const) : ("moderate" as const);
}

/**
 * Refuses when `user` is the last active operator and the change would leave none. The operator
 * rows are locked (MariaDB: FOR UPDATE; SQLite: the one writer) so two operators demoting each
 * other at once cannot both pass.
 */
async function keepAnOperator(user: User, transaction: Transaction): Promise<void> {
  if (user.role !== "operator" || user.suspendedAt) return;
  const operators = await User.findAll({ where: { role: "operator", suspendedAt: null }, attributes: ["id"], lock: transaction.LOCK.UPDATE, transaction });
  if (operators.filter((operator) => operator.id !== user.id).length === 0) throw new AppError(409, "console:errors.lastOperator");
}

export async function actOnUser(actor: SessionUser, userId: number, action: UserAction, context: { baseUrl: string; now?: Date }): Promise<void> {
  if (!can(actor.role, capabilityOf(action.intent))) throw new AppError(403, "auth:forbidden");
  const now = context.now ?? new Date();
  if (userId === actor.id && action.intent !== "resend_verification") throw new AppError(409, "console:errors.notYourself");
  if (action.intent === "resend_verification") {
    const target = await User.findByPk(userId);
    if (!target) throw new AppError(404, "console:errors.notFound");
    if (target.emailVerifiedAt) throw new AppError(409, "console:errors.alreadyVerified");
    await resendVerificationEmail(userId, { baseUrl: context.baseUrl, now });
  }
  await writeTransaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new AppError(404, "console:errors.notFound");
    let role: string | undefined;
    switch (action.intent) {
      case "suspend":
        if (user.suspendedAt) throw new AppError(409, "console:errors.alreadySuspended");
        await keepAnOperator(user, transaction);
        await user.update({ suspendedAt: now, suspensionReason: action.reason }, { transaction });
        // Every browser session and API token of the account ends now.
        await UserSession.destroy({ where: { userId }, transaction });
        break;
      case "reinstate":
        if (!user.suspendedAt) throw new AppError(409, "console:errors.notSuspended");
        await user.update({ suspendedAt: null, suspensionReason: null }, { transaction });
        break;
      case "grant_role":
        if (user.role === action.role) throw new AppError(409, "console:errors.roleUnchanged");
        if (action.role !== "operator") await keepAnOperator(user, transaction);
        await user.update({ role: action.role }, { transaction });
        role = action.role;
        break;
      case "revoke_role":
        if (userRoleOf(user.role) === "user") throw new AppError(409, "console:errors.roleUnchanged");
        await keepAnOperator(user, transaction);
        role = user.role;
        await user.update({ role: "user" }, { transaction });
        break;
      case "resend_verification":
        break;
    }
    await audit(transaction, { operatorId: actor.id, kind: `user.${action.intent}`, recordId: userId, reason: action.reason, details: role ? { role } : null, now });
    const kind = action.intent === "suspend" ? "suspended" : action.intent === "reinstate" ? "reinstated" : action.intent;
    const path = action.intent === "grant_role" ? "/admin" : "/";
    await queueConsoleEmail({ kind, userId, path, values: { reason: action.reason, ...(role ? { role } : {}) } }, transaction, `user:${userId}:${now.getTime()}`);
  });
}
