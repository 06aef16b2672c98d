import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ChangePasswordSchema } from "./change-password";
import { ForgotPasswordSchema } from "./forgot-password";
import { LoginSchema } from "./login";
import { createProfileSchema } from "./profile-general";
import { ResetPasswordSchema } from "./reset-password";
import { SettingsSchema } from "./settings";

function errorsOf(schema: z.ZodType, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? null : (submission.error ?? {});
}

describe("login schema (SPEC §5: e-mail valid, fields required)", () => {
  it.each([
    [{ email: "a@b.tn", password: "x" }, null],
    [{ email: "", password: "x" }, { email: ["auth:validation.required"] }],
    [{ email: "nope", password: "x" }, { email: ["auth:validation.invalidEmail"] }],
    [{ email: "a@b.tn", password: "" }, { password: ["auth:validation.required"] }],
  ])("%j → %j", (fields, expected) => {
    expect(errorsOf(LoginSchema, fields)).toEqual(expected);
  });
});

describe("forgot-password schema", () => {
  it.each([
    [{ email: "a@b.tn" }, null],
    [{ email: "" }, { email: ["auth:validation.required"] }],
    [{ email: "a@" }, { email: ["auth:validation.invalidEmail"] }],
  ])("%j → %j", (fields, expected) => {
    expect(errorsOf(ForgotPasswordSchema, fields)).toEqual(expected);
  });
});

describe("reset-password schema", () => {
  it.each([
    [{ password: "12345678", confirmPassword: "12345678" }, null],
    [{ password: "1234567", confirmPassword: "1234567" }, { password: ["auth:validation.passwordTooShort"] }],
    [{ password: "12345678", confirmPassword: "12345679" }, { confirmPassword: ["auth:validation.passwordsMismatch"] }],
    [{ password: "", confirmPassword: "" }, { password: ["auth:validation.required"], confirmPassword: ["auth:validation.required"] }],
  ])("%j → %j", (fields, expected) => {
    expect(errorsOf(ResetPasswordSchema, fields)).toEqual(expected);
  });
});

describe("change-password schema", () => {
  it.each([
    [{ currentPassword: "old", password: "12345678", confirmPassword: "12345678" }, null],
    [{ currentPassword: "", password: "12345678", confirmPassword: "12345678" }, { currentPassword: ["auth:validation.required"] }],
    [{ currentPassword: "old", password: "short", confirmPassword: "short" }, { password: ["auth:validation.passwordTooShort"] }],
    [{ currentPassword: "old", password: "12345678", confirmPassword: "x2345678" }, { confirmPassword: ["auth:validation.passwordsMismatch"] }],
  ])("%j → %j", (fields, expected) => {
    expect(errorsOf(ChangePasswordSchema, fields)).toEqual(expected);
  });
});

describe("profile schema (same rules as sign-up for shared fields)", () => {
  const valid = { firstName: "Karim", lastName: "T", birthDay: "3", birthMonth: "9", birthYear: "1982", gender: "male", country: "TN", phone: "98765432" };
  it.each([
    [{}, null],
    [{ firstName: "" }, { firstName: ["auth:validation.required"] }],
    [{ phone: "123" }, { phone: ["auth:validation.phoneTooShort"] }],
    [{ birthDay: "30", birthMonth: "2" }, { birthDate: ["auth:validation.invalidDate"] }],
    [{ birthYear: "2010" }, { birthDate: ["auth:validation.tooYoung"] }],
    [{ birthYear: "2030" }, { birthYear: ["auth:validation.yearInFuture"] }],
    [{ about: "a".repeat(1001) }, { about: ["auth:validation.tooLong"] }],
    [{ country: "" }, { country: ["auth:validation.required"] }],
  ])("%j → %j", (changes, expected) => {
    expect(errorsOf(createProfileSchema("2025-06-01"), { ...valid, ...changes })).toEqual(expected);
  });
});

describe("settings schema", () => {
  const valid = { language: "fr", currency: "EUR", timeZone: "Africa/Tunis" };
  it.each([
    [{}, null],
    [{ language: "de" }, { language: ["auth:validation.invalidChoice"] }],
    [{ language: "" }, { language: ["auth:validation.required"] }],
    [{ currency: "euro" }, { currency: ["auth:validation.invalidChoice"] }],
    [{ timeZone: "Mars/Olympus" }, { timeZone: ["auth:validation.invalidChoice"] }],
    [{ timeZone: "Europe/Paris" }, null],
  ])("%j → %j", (changes, expected) => {
    expect(errorsOf(SettingsSchema, { ...valid, ...changes })).toEqual(expected);
  });
});
