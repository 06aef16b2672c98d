import { z } from "zod";
import {
  birthDateFields,
  checkBirthDate,
  checkPasswordsMatch,
  countryField,
  emailField,
  genderField,
  messages,
  newPasswordField,
  phoneField,
  requiredText,
} from "./account-fields";

/** The sign-up form (/auth/signup). `today` (YYYY-MM-DD) decides "not in the future" and age ≥ 18. */
export function createSignupSchema(today: string) {
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
    .superRefine((value, context) => {
      checkPasswordsMatch(value, context);
      checkBirthDate(value, context, today);
    });
}

export type SignupInput = z.output<ReturnType<typeof createSignupSchema>>;
