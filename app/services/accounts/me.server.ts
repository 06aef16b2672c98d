// The bearer's own account through the API (issue 22 point 1, ADR 225): GET/PATCH /api/v1/me and
// POST /api/v1/me/password. No second implementation: a PATCH is merged into what the profile and
// settings pages would show, then checked by the pages' own schemas (createProfileSchema,
// SettingsSchema) and saved by their service functions (updateProfile, updateSettings,
// setHostMode); the password goes through ChangePasswordSchema and changePassword.
import type { z } from "zod";
import { calendarDateIn, splitCalendarDate, toCalendarDate } from "~/schemas/birth-date";
import { ChangePasswordSchema } from "~/schemas/change-password";
import type { Me, MePatch } from "~/schemas/me-api";
import { createProfileSchema } from "~/schemas/profile-general";
import { SettingsSchema } from "~/schemas/settings";
import { User } from "~/db/models/user.server";
import { AppError } from "~/utils/app-error";
import { changePassword, getEditableProfile, getSettings, setHostMode, updateProfile, updateSettings, type MailContext } from "./user.server";

const PROFILE_FIELDS = ["firstName", "lastName", "birthDate", "gender", "country", "phone", "nationality", "about"] as const;
const SETTINGS_FIELDS = ["language", "currency", "timeZone"] as const;
/** The profile page asks for the date of birth in Africa/Tunis (its "today"). */
const PROFILE_TIME_ZONE = "Africa/Tunis";

/** The form's field names → the API's (the page asks day, month and year apart). */
function apiField(field: string): string {
  return field === "birthDay" || field === "birthMonth" || field === "birthYear" ? "birthDate" : field;
}

function invalid(error: z.core.$ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = apiField(issue.path.map(String).join("."));
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return new AppError(400, "api:errors.invalid_input", { code: "invalid_input", fields });
}

/** What /profile and /profile/settings show, in the API's shape. */
export async function getMe(userId: number): Promise<Me> {
  const [profile, settings, user] = await Promise.all([getEditableProfile(userId), getSettings(userId), User.findByPk(userId)]);
  if (!user) throw new AppError(404, "profile:notFound");
  const { birthYear, birthMonth, birthDay } = profile;
  return {
    id: userId,
    email: profile.email,
    emailVerified: profile.emailVerified,
    firstName: profile.firstName,
    lastName: profile.lastName,
    birthDate: birthYear && birthMonth && birthDay ? toCalendarDate(birthYear, birthMonth, birthDay) : null,
    gender: (profile.gender ?? null) as Me["gender"],
    country: profile.country ?? null,
    phone: profile.phone ?? null,
    nationality: profile.nationality ?? null,
    about: profile.about ?? null,
    hostMode: user.hostMode,
    ...settings,
  };
}

/**
 * Applies a PATCH: the profile fields given are merged into the stored profile and the whole is
 * checked as the profile form checks it (so a profile missing a required field is refused as the
 * form refuses it); the same for the settings. Nothing is saved unless everything given is valid.
 */
export async function updateMe(userId: number, patch: MePatch, now: Date = new Date()): Promise<Me> {
  const touchesProfile = PROFILE_FIELDS.some((field) => patch[field] !== undefined);
  const touchesSettings = SETTINGS_FIELDS.some((field) => patch[field] !== undefined);
  let profileInput: z.output<ReturnType<typeof createProfileSchema>> | null = null;
  let settingsInput: z.output<typeof SettingsSchema> | null = null;
  if (touchesProfile) {
    const current = await getEditableProfile(userId);
    let birth: { birthDay?: unknown; birthMonth?: unknown; birthYear?: unknown } = {
      birthDay: current.birthDay,
      birthMonth: current.birthMonth,
      birthYear: current.birthYear,
    };
    if (patch.birthDate !== undefined) {
      const { year, month, day } = splitCalendarDate(patch.birthDate);
      birth = { birthDay: day, birthMonth: month, birthYear: year };
    }
    const merged = {
      firstName: patch.firstName ?? current.firstName,
      lastName: patch.lastName ?? current.lastName,
      ...birth,
      gender: patch.gender ?? current.gender,
      country: patch.country ?? current.country,
      phone: patch.phone ?? current.phone,
      nationality: patch.nationality === null ? undefined : (patch.nationality ?? current.nationality),
      about: patch.about === null ? undefined : (patch.about ?? current.about),
    };
    const parsed = createProfileSchema(calendarDateIn(PROFILE_TIME_ZONE, now)).safeParse(merged);
    if (!parsed.success) throw invalid(parsed.error);
    profileInput = parsed.data;
  }
  if (touchesSettings) {
    const current = await getSettings(userId);
    const parsed = SettingsSchema.safeParse({
      language: patch.language ?? current.language,
      currency: patch.currency ?? current.currency,
      timeZone: patch.timeZone ?? current.timeZone,
    });
    if (!parsed.success) throw invalid(parsed.error);
    settingsInput = parsed.data;
  }
  // Settings first: its currency check is the only one that reads the database.
  if (settingsInput) await updateSettings(userId, settingsInput);
  if (profileInput) await updateProfile(userId, profileInput);
  if (patch.hostMode !== undefined) await setHostMode(userId, patch.hostMode ? "host" : "traveler");
  return getMe(userId);
}

/** POST /api/v1/me/password: /profile/security's rules, mail and sign-out of the other sessions. */
export async function changeMyPassword(userId: number, body: unknown, context: MailContext & { keepSessionId: string | null }): Promise<void> {
  const parsed = ChangePasswordSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  await changePassword(userId, parsed.data, context);
}
