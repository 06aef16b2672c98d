import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { createSignupSchema } from "./signup";

const today = "2025-06-01";

const valid: Record<string, string> = {
  firstName: "Amira",
  lastName: "Ben Salah",
  email: "Amira@Example.TN",
  password: "correct horse",
  confirmPassword: "correct horse",
  birthDay: "12",
  birthMonth: "5",
  birthYear: "1994",
  gender: "female",
  country: "TN",
  phone: "+216 20 123 456",
  nationality: "",
  acceptTerms: "on",
};

function parse(changes: Record<string, string | undefined>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ ...valid, ...changes })) {
    if (value !== undefined) formData.set(name, value);
  }
  return parseWithZod(formData, { schema: createSignupSchema(today) });
}

function errorsOf(changes: Record<string, string | undefined>) {
  const submission = parse(changes);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("sign-up schema", () => {
  it("accepts a valid form and normalises it", () => {
    const submission = parse({});
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      email: "amira@example.tn",
      birthDay: 12,
      birthMonth: 5,
      birthYear: 1994,
      nationality: undefined,
      acceptTerms: true,
    });
  });

  // Every rule of SPEC.md §5, one row each: [what, changed fields, field, message key]
  it.each([
    ["first name missing", { firstName: "" }, "firstName", "auth:validation.required"],
    ["first name blank", { firstName: "   " }, "firstName", "auth:validation.required"],
    ["last name missing", { lastName: undefined }, "lastName", "auth:validation.required"],
    ["first name too long", { firstName: "a".repeat(101) }, "firstName", "auth:validation.tooLong"],
    ["e-mail missing", { email: "" }, "email", "auth:validation.required"],
    ["e-mail without @", { email: "amira.example.tn" }, "email", "auth:validation.invalidEmail"],
    ["e-mail without domain", { email: "amira@" }, "email", "auth:validation.invalidEmail"],
    ["e-mail with spaces", { email: "am ira@example.tn" }, "email", "auth:validation.invalidEmail"],
    ["password missing", { password: "", confirmPassword: "" }, "password", "auth:validation.required"],
    ["password of 7 characters", { password: "1234567", confirmPassword: "1234567" }, "password", "auth:validation.passwordTooShort"],
    ["password too long", { password: "a".repeat(129), confirmPassword: "a".repeat(129) }, "password", "auth:validation.passwordTooLong"],
    ["confirmation missing", { confirmPassword: "" }, "confirmPassword", "auth:validation.required"],
    ["passwords differ", { confirmPassword: "correct horsE" }, "confirmPassword", "auth:validation.passwordsMismatch"],
    ["phone missing", { phone: "" }, "phone", "auth:validation.required"],
    ["phone of 5 digits", { phone: "12 345" }, "phone", "auth:validation.phoneTooShort"],
    ["phone with 5 digits and symbols", { phone: "+(1) 2-3.45" }, "phone", "auth:validation.phoneTooShort"],
    ["phone with letters", { phone: "20 ABC 456" }, "phone", "auth:validation.phoneInvalid"],
    ["day missing", { birthDay: "" }, "birthDay", "auth:validation.required"],
    ["day 0", { birthDay: "0" }, "birthDay", "auth:validation.dayRange"],
    ["day 32", { birthDay: "32" }, "birthDay", "auth:validation.dayRange"],
    ["day not a number", { birthDay: "xx" }, "birthDay", "auth:validation.dayRange"],
    ["day not whole", { birthDay: "1.5" }, "birthDay", "auth:validation.dayRange"],
    ["month missing", { birthMonth: "" }, "birthMonth", "auth:validation.required"],
    ["month 0", { birthMonth: "0" }, "birthMonth", "auth:validation.monthRange"],
    ["month 13", { birthMonth: "13" }, "birthMonth", "auth:validation.monthRange"],
    ["year missing", { birthYear: "" }, "birthYear", "auth:validation.required"],
    ["year 1900", { birthYear: "1900" }, "birthYear", "auth:validation.yearTooEarly"],
    ["year 1850", { birthYear: "1850" }, "birthYear", "auth:validation.yearTooEarly"],
    ["year in the future", { birthYear: "2026" }, "birthYear", "auth:validation.yearInFuture"],
    ["31 April", { birthDay: "31", birthMonth: "4" }, "birthDate", "auth:validation.invalidDate"],
    ["29 February of a common year", { birthDay: "29", birthMonth: "2", birthYear: "1995" }, "birthDate", "auth:validation.invalidDate"],
    ["17 years old", { birthDay: "2", birthMonth: "6", birthYear: "2007" }, "birthDate", "auth:validation.tooYoung"],
    ["born this year", { birthYear: "2025", birthMonth: "1", birthDay: "1" }, "birthDate", "auth:validation.tooYoung"],
    ["gender missing", { gender: "" }, "gender", "auth:validation.required"],
    ["gender unknown", { gender: "robot" }, "gender", "auth:validation.invalidChoice"],
    ["country missing", { country: "" }, "country", "auth:validation.required"],
    ["country unknown", { country: "XX" }, "country", "auth:validation.invalidChoice"],
    ["nationality unknown", { nationality: "ZZ" }, "nationality", "auth:validation.invalidChoice"],
    ["terms not accepted", { acceptTerms: undefined }, "acceptTerms", "auth:validation.termsRequired"],
    ["terms with another value", { acceptTerms: "yes" }, "acceptTerms", "auth:validation.termsRequired"],
  ] as const)("%s → %s on %s", (_what, changes, field, message) => {
    const errors = errorsOf(changes);
    expect(errors[field]).toEqual([message]);
  });

  it.each([
    ["18 today", { birthDay: "1", birthMonth: "6", birthYear: "2007" }],
    ["29 February of a leap year", { birthDay: "29", birthMonth: "2", birthYear: "1996" }],
    ["year 1901", { birthYear: "1901" }],
    ["phone of exactly 6 digits", { phone: "123456" }],
    ["a nationality", { nationality: "FR" }],
  ] as const)("accepts %s", (_what, changes) => {
    expect(parse(changes).status).toBe("success");
  });

  it("reports a date error only once when a part is already out of range", () => {
    expect(errorsOf({ birthDay: "40", birthMonth: "2" })).toEqual({ birthDay: ["auth:validation.dayRange"] });
  });

  it("never sends passwords back with the errors", () => {
    const reply = parse({ phone: "1" }).reply({ hideFields: ["password", "confirmPassword"] });
    expect(reply.initialValue).toMatchObject({ firstName: "Amira", phone: "1" });
    expect(reply.initialValue).not.toHaveProperty("password");
    expect(reply.initialValue).not.toHaveProperty("confirmPassword");
  });
});

describe("sign-up schema, every mistake at once (issue 12)", () => {
  it("reports a missing name, a bad e-mail, mismatched passwords and an under-age birth date in one answer", () => {
    expect(errorsOf({ firstName: "", email: "not-an-email", confirmPassword: "something else", birthYear: "2020", acceptTerms: undefined })).toEqual({
      firstName: ["auth:validation.required"],
      email: ["auth:validation.invalidEmail"],
      confirmPassword: ["auth:validation.passwordsMismatch"],
      birthDate: ["auth:validation.tooYoung"],
      acceptTerms: ["auth:validation.termsRequired"],
    });
  });

  it("reports an impossible date beside a missing field", () => {
    expect(errorsOf({ lastName: undefined, birthDay: "31", birthMonth: "2" })).toEqual({
      lastName: ["auth:validation.required"],
      birthDate: ["auth:validation.invalidDate"],
    });
  });
});
