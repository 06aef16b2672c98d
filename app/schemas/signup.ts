import { z } from "~/schemas/zod";
import {
  birthDateFields,
  countryField,
  crossFieldChecks,
  emailField,
  genderField,
  messages,
  newPasswordField,
  phoneField,
  requiredText,
} from "./account-fields";

/** The sign-up form (/auth/signup). `today` (YYYY-MM-DD) decides "not in the future" and age ≥ 18. */
export function createSignupSchema(today: string) {
  const { passwords, calendarDate, age } = crossFieldChecks(today);
  // Every mistake at once (issue 12): the cross-field checks run even while other fields are wrong.
  return z
    .object({
      firstName: requiredText(100),
      lastName: requiredText(100),
      email: emailField,
      password: newPasswordField,
      confirmPassword: z.string({ error: messages.required }),
      ...birthDateFields(today),
      gender: genderField,
      country: countryField,
      phone: phoneField,
      nationality: countryField.optional(),
      acceptTerms: z.literal(true, { error: messages.termsRequired }),
    })
    .refine(passwords.check, passwords.params)
    .refine(calendarDate.check, calendarDate.params)
    .refine(age.check, age.params);
}

export type SignupInput = z.output<ReturnType<typeof createSignupSchema>>;
