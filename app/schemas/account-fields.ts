// Field rules shared by the account forms (SPEC.md §5). Every message is a translation key in
// the `auth` namespace; locales/en/auth.json holds the exact English wording.
import { z } from "~/schemas/zod";
import { COUNTRY_CODES } from "~/utils/countries";
import { isAtLeastAge, isRealCalendarDate, MINIMUM_AGE, YEAR_LOWER_BOUND, yearOf } from "./birth-date";

export const messages = {
  required: "auth:validation.required",
  invalidEmail: "auth:validation.invalidEmail",
  passwordTooShort: "auth:validation.passwordTooShort",
  passwordTooLong: "auth:validation.passwordTooLong",
  passwordsMismatch: "auth:validation.passwordsMismatch",
  phoneTooShort: "auth:validation.phoneTooShort",
  phoneInvalid: "auth:validation.phoneInvalid",
  dayRange: "auth:validation.dayRange",
  monthRange: "auth:validation.monthRange",
  yearTooEarly: "auth:validation.yearTooEarly",
  yearInFuture: "auth:validation.yearInFuture",
  invalidDate: "auth:validation.invalidDate",
  tooYoung: "auth:validation.tooYoung",
  termsRequired: "auth:validation.termsRequired",
  tooLong: "auth:validation.tooLong",
  invalidChoice: "auth:validation.invalidChoice",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_DIGITS = 6;
export const GENDERS = ["female", "male", "other"] as const;

/** A required text field: missing or blank → "This field is required". */
export function requiredText(maxLength = 100) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(maxLength, { error: messages.tooLong });
}

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.invalidEmail })
  .pipe(z.email({ error: messages.invalidEmail }));

/** A new password (sign-up, reset, change): at least 8 characters. */
export const newPasswordField = z
  .string({ error: messages.required })
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong });

/** A password typed to prove who you are: only required (its length says nothing). */
export const currentPasswordField = z.string({ error: messages.required }).max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong });

export const phoneField = z
  .string({ error: messages.required })
  .trim()
  .max(32, { error: messages.tooLong })
  .regex(/^\+?[0-9 ().-]+$/, { error: messages.phoneInvalid, abort: true })
  .refine((value) => value.replace(/\D/g, "").length >= PHONE_MIN_DIGITS, { error: messages.phoneTooShort });

export const countryField = z.enum(COUNTRY_CODES, {
  error: (issue) => (issue.input === undefined ? messages.required : messages.invalidChoice),
});

export const genderField = z.enum(GENDERS, {
  error: (issue) => (issue.input === undefined ? messages.required : messages.invalidChoice),
});

function integerField(rangeMessage: string) {
  return z.number({ error: (issue) => (issue.input === undefined ? messages.required : rangeMessage) }).int({ error: rangeMessage });
}

/** Day, month and year of birth, each with its own rule, then the rules on the whole date. */
export function birthDateFields(today: string) {
  return {
    birthDay: integerField(messages.dayRange).min(1, { error: messages.dayRange }).max(31, { error: messages.dayRange }),
    birthMonth: integerField(messages.monthRange).min(1, { error: messages.monthRange }).max(12, { error: messages.monthRange }),
    birthYear: integerField(messages.yearTooEarly)
      .gt(YEAR_LOWER_BOUND, { error: messages.yearTooEarly })
      .max(yearOf(today), { error: messages.yearInFuture }),
  };
}

interface BirthDateValues {
  birthDay: number;
  birthMonth: number;
  birthYear: number;
}

/**
 * Checks the whole date once each part is valid: it must exist in the calendar, and its owner
 * must be 18 or older today. Errors go on `birthDate` (the group of three fields).
 */
export function checkBirthDate(value: BirthDateValues, context: z.RefinementCtx, today: string) {
  const issue = birthDateIssue(value, today);
  if (issue) context.addIssue({ code: "custom", path: ["birthDate"], message: issue });
}

/** What is wrong with the whole date (its key), or null; a part out of range has its own message. */
function birthDateIssue(value: Partial<BirthDateValues>, today: string): string | null {
  const { birthDay: day, birthMonth: month, birthYear: year } = value;
  if (typeof day !== "number" || typeof month !== "number" || typeof year !== "number") return null;
  if (!(day >= 1 && day <= 31 && month >= 1 && month <= 12 && year > YEAR_LOWER_BOUND && year <= yearOf(today))) return null;
  if (!isRealCalendarDate(year, month, day)) return messages.invalidDate;
  if (!isAtLeastAge(year, month, day, today, MINIMUM_AGE)) return messages.tooYoung;
  return null;
}

/**
 * The cross-field checks of a form that reports every mistake at once (sign-up, issue 12): zod
 * skips an object's refinements while a field has an error unless told `when`; these run on
 * whatever fields did parse.
 */
export function crossFieldChecks(today: string) {
  const always = { when: () => true };
  return {
    passwords: {
      check: (value: { password?: unknown; confirmPassword?: unknown }) =>
        typeof value.password !== "string" || typeof value.confirmPassword !== "string" || value.password === value.confirmPassword,
      params: { ...always, path: ["confirmPassword"], error: messages.passwordsMismatch },
    },
    calendarDate: {
      check: (value: Partial<BirthDateValues>) => birthDateIssue(value, today) !== messages.invalidDate,
      params: { ...always, path: ["birthDate"], error: messages.invalidDate },
    },
    age: {
      check: (value: Partial<BirthDateValues>) => birthDateIssue(value, today) !== messages.tooYoung,
      params: { ...always, path: ["birthDate"], error: messages.tooYoung },
    },
  };
}

export function checkPasswordsMatch(
  value: { password: string; confirmPassword: string },
  context: z.RefinementCtx,
) {
  if (value.password !== value.confirmPassword) {
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.passwordsMismatch });
  }
}

/** The honeypot: a field people never see; anything typed into it marks a robot. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** The form-level error for a post that filled the honeypot. */
export const HONEYPOT_ERROR = "auth:formRejected";
