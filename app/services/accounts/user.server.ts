import { Op, UniqueConstraintError } from "sequelize";
import { linkPartnerToVerifiedAccount } from "~/services/partners/partner-accounts.server";
import { Currency } from "~/db/models/currency.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { splitCalendarDate, toCalendarDate } from "~/schemas/birth-date";
import type { ProfileInput } from "~/schemas/profile-general";
import type { SettingsInput } from "~/schemas/settings";
import type { SignupInput } from "~/schemas/signup";
import { AppError } from "~/utils/app-error";
import { fallbackLanguage, isLanguage, type Language } from "~/utils/i18n";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { trackEvent } from "~/services/analytics/analytics.server";
import { findPublicListingSummaries, type ListingSummary } from "~/services/search/listing-cards.server";
import { checkRateLimit, recordAttempt } from "./auth-rate-limit.server";
import { revokeOtherSessions } from "~/utils/auth-sessions.server";
import { revokeAllTokens } from "~/services/api-tokens/tokens.server";
import { consumeLinkToken, createLinkToken } from "./auth-tokens.server";
import { passwordChangedEmail, passwordResetEmail, signupAttemptEmail, verificationEmail, type Recipient } from "~/services/email/email-messages.server";
import { sendEmailSafely } from "~/services/email/email.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { publicListingWhere } from "~/services/listings/public-listings.server";

// Accounts: sign-up, e-mail verification, passwords, profile, settings, host mode, public
// profile. Routes call these; each returns plain data or throws AppError.

export interface MailContext {
  now?: Date;
  /** Origin the links in e-mails point to (see linkBaseUrl in app/utils/auth.server.ts). */
  baseUrl: string;
}

export function userLanguage(user: Pick<User, "language">): Language {
  return isLanguage(user.language) ? user.language : fallbackLanguage;
}

function recipient(user: User): Recipient {
  return { email: user.email, firstName: user.firstName, language: userLanguage(user) };
}


/** Creates an account (one per e-mail, compared case-insensitively) and sends the verification e-mail. */
/**
 * Creates an account and sends its verification e-mail. An address that already has an account
 * creates nothing: its owner is told someone tried, and the caller answers exactly as for a new
 * account (null here), so sign-up does not tell who has an account (ADR 030).
 */
export async function signUp(input: SignupInput, context: MailContext & { language: Language }): Promise<User | null> {
  const email = input.email.trim().toLowerCase();
  // Hashed either way: an existing address takes as long to answer as a new one.
  const passwordHash = await hashPassword(input.password);
  const owner = await User.findOne({ where: { email } });
  if (owner) return warnOwner(owner, context);
  let user: User;
  try {
    user = await User.create({
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: toCalendarDate(input.birthYear, input.birthMonth, input.birthDay),
      gender: input.gender,
      country: input.country,
      phone: input.phone,
      nationality: input.nationality ?? null,
      language: context.language,
      currency: "TND",
      timeZone: "Africa/Tunis",
      emailVerifiedAt: null,
    });
  } catch (error) {
    // Two sign-ups with the same e-mail at once: the unique index decides.
    if (!(error instanceof UniqueConstraintError)) throw error;
    const winner = await User.findOne({ where: { email } });
    if (!winner) throw error;
    return warnOwner(winner, context);
  }
  await trackEvent("Created Account", { userId: user.id });
  await sendVerificationEmail(user, context);
  return user;
}

async function warnOwner(owner: User, context: MailContext): Promise<null> {
  const now = context.now ?? new Date();
  await sendEmailSafely(await signupAttemptEmail(recipient(owner), context.baseUrl), now);
  return null;
}

async function sendVerificationEmail(user: User, context: MailContext): Promise<void> {
  const now = context.now ?? new Date();
  const linkId = await createLinkToken(user.id, "verify_email", { now });
  await recordAttempt("verify_email", String(user.id), now);
  await sendEmailSafely(await verificationEmail(recipient(user), linkId, context.baseUrl), now);
}

/** "Send the link again", from the please-verify page. */
export async function resendVerificationEmail(userId: number, context: MailContext): Promise<void> {
  const now = context.now ?? new Date();
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "auth:link.invalid");
  if (user.emailVerifiedAt) throw new AppError(409, "auth:verify.already", { code: "already_verified" });
  const limit = await checkRateLimit("verify_email", String(user.id), now);
  if (limit.limited) {
    throw new AppError(429, "auth:tooManyEmails", { values: { minutes: Math.ceil(limit.retryAfterSeconds / 60) } });
  }
  await sendVerificationEmail(user, context);
}

/** Uses a verification link: the e-mail is verified from now on. */
export async function verifyEmail(linkId: string, now: Date = new Date()): Promise<User> {
  return writeTransaction(async (transaction) => {
    const userId = await consumeLinkToken("verify_email", linkId, { now, transaction });
    const user = (await User.findByPk(userId, { transaction }))!;
    if (!user.emailVerifiedAt) await user.update({ emailVerifiedAt: now }, { transaction });
    // A partner approved for this address before the account existed is now managed by it (ADR 184).
    await linkPartnerToVerifiedAccount(user, transaction);
    return user;
  });
}

/**
 * "Forgot password": e-mails a reset link when the account exists. The caller answers the same
 * either way, so nobody learns which e-mails have accounts. At most 3 e-mails an hour per address.
 */
export async function requestPasswordReset(emailInput: string, context: MailContext): Promise<void> {
  const now = context.now ?? new Date();
  const email = emailInput.trim().toLowerCase();
  const limit = await checkRateLimit("reset_email", email, now);
  if (limit.limited) return;
  await recordAttempt("reset_email", email, now);
  const user = await User.findOne({ where: { email } });
  if (!user) return;
  const linkId = await createLinkToken(user.id, "reset_password", { now });
  await sendEmailSafely(await passwordResetEmail(recipient(user), linkId, context.baseUrl), now);
}

/**
 * Uses a reset link: sets the new password, signs out every other session of the user (all of
 * them unless `keepSessionId` is one of theirs), and marks the e-mail verified (the link proved it).
 */
export async function resetPassword(
  linkId: string,
  newPassword: string,
  context: MailContext & { keepSessionId?: string | null },
): Promise<User> {
  const now = context.now ?? new Date();
  const passwordHash = await hashPassword(newPassword);
  const user = await writeTransaction(async (transaction) => {
    const userId = await consumeLinkToken("reset_password", linkId, { now, transaction });
    const found = (await User.findByPk(userId, { transaction }))!;
    await found.update({ passwordHash, emailVerifiedAt: found.emailVerifiedAt ?? now }, { transaction });
    await linkPartnerToVerifiedAccount(found, transaction);
    return found;
  });
  await revokeOtherSessions(user.id, context.keepSessionId ?? null);
  await revokeAllTokens(user.id); // personal access tokens too (ADR 220)
  await sendEmailSafely(await passwordChangedEmail(recipient(user), context.baseUrl), now);
  return user;
}

/** Profile → security: the current password proves it is them; other sessions are signed out. */
export async function changePassword(
  userId: number,
  input: { currentPassword: string; password: string },
  context: MailContext & { keepSessionId: string | null },
): Promise<void> {
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "auth:link.invalid");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, "profile:security.wrongCurrentPassword", {
      fields: { currentPassword: "profile:security.wrongCurrentPassword" },
    });
  }
  await user.update({ passwordHash: await hashPassword(input.password) });
  await revokeOtherSessions(user.id, context.keepSessionId);
  await revokeAllTokens(user.id); // personal access tokens too (ADR 220)
  await sendEmailSafely(await passwordChangedEmail(recipient(user), context.baseUrl), context.now);
}

/** The general-information form's current values. */
export async function getEditableProfile(userId: number) {
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "profile:notFound");
  const birth = splitCalendarDate(user.birthDate);
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    firstName: user.firstName,
    lastName: user.lastName,
    birthDay: birth.day,
    birthMonth: birth.month,
    birthYear: birth.year,
    gender: user.gender ?? undefined,
    country: user.country ?? undefined,
    phone: user.phone ?? undefined,
    nationality: user.nationality ?? undefined,
    about: user.about ?? undefined,
  };
}

export async function updateProfile(userId: number, input: ProfileInput): Promise<void> {
  const [updated] = await User.update(
    {
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: toCalendarDate(input.birthYear, input.birthMonth, input.birthDay),
      gender: input.gender,
      country: input.country,
      phone: input.phone,
      nationality: input.nationality ?? null,
      about: input.about ? input.about : null,
    },
    { where: { id: userId } },
  );
  if (updated !== 1) throw new AppError(404, "profile:notFound");
}

export async function getSettings(userId: number) {
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "profile:notFound");
  return { language: userLanguage(user), currency: user.currency ?? "TND", timeZone: user.timeZone ?? "Africa/Tunis" };
}

/** Language, currency, time zone: stored on the user and applied at every sign-in. */
export async function updateSettings(userId: number, input: SettingsInput): Promise<void> {
  if (!(await Currency.findByPk(input.currency))) {
    throw new AppError(400, "auth:validation.invalidChoice", { fields: { currency: "auth:validation.invalidChoice" } });
  }
  await User.update({ language: input.language, currency: input.currency, timeZone: input.timeZone }, { where: { id: userId } });
}

/** Traveler mode ↔ host mode. Without `mode`, flips. Returns whether host mode is now on. */
export async function setHostMode(userId: number, mode?: "traveler" | "host"): Promise<boolean> {
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "profile:notFound");
  const hostMode = mode === undefined ? !user.hostMode : mode === "host";
  await user.update({ hostMode });
  return hostMode;
}

export interface PublicProfile {
  id: number;
  firstName: string;
  lastNameInitial: string;
  country: string | null;
  about: string | null;
  memberSince: string;
  verified: boolean;
}

/** What anyone may see of a user: never the e-mail, phone or birth date. */
export function toPublicProfile(user: User): PublicProfile {
  return {
    id: user.id,
    firstName: user.firstName,
    lastNameInitial: user.lastName.trim().charAt(0).toUpperCase(),
    country: user.country,
    about: user.about ?? null,
    memberSince: user.createdAt.toISOString(),
    verified: user.emailVerifiedAt !== null,
  };
}

export async function getPublicProfile(userId: number): Promise<PublicProfile | null> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const user = await User.findByPk(userId);
  return user ? toPublicProfile(user) : null;
}

/** The user's listings anyone may see (approved, visible, host not suspended), newest first. */
export async function publicListingsOf(userId: number): Promise<ListingSummary[]> {
  const rows = await Listing.findAll({
    where: { hostId: userId, ...publicListingWhere() },
    attributes: ["id"],
    order: [["id", "DESC"]],
    limit: 24,
  });
  return findPublicListingSummaries(rows.map((row) => row.id));
}

/** Whether the user hosts at least one listing that is not deleted (drafts and pending count). */
export async function hasProperties(userId: number): Promise<boolean> {
  return (await Listing.count({ where: { hostId: userId, status: { [Op.ne]: "deleted" } } })) > 0;
}

/** POST /api/v1/GestionDesUtulisateur/profile: the caller's own profile. */
export async function getApiProfile(userId: number) {
  const user = await User.findByPk(userId);
  if (!user) throw new AppError(404, "profile:notFound");
  return {
    userProfile: {
      ID_Utulisateur: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      birthDate: user.birthDate,
      gender: user.gender,
      country: user.country,
      phone: user.phone,
      nationality: user.nationality,
      role: user.role,
      hostMode: user.hostMode,
      language: userLanguage(user),
      currency: user.currency ?? "TND",
      timeZone: user.timeZone ?? "Africa/Tunis",
      emailVerified: user.emailVerifiedAt !== null,
      memberSince: user.createdAt.toISOString(),
    },
    hasProperties: await hasProperties(user.id),
  };
}
