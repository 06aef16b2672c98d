import { z } from "~/schemas/zod";
import { birthDateFields, checkBirthDate, countryField, genderField, messages, phoneField, requiredText } from "./account-fields";

export const ABOUT_MAX_LENGTH = 1000;

/** /profile: general information. The e-mail is not edited here (it is the sign-in name). */
export function createProfileSchema(today: string) {
  return z
    .object({
      firstName: requiredText(100),
      lastName: requiredText(100),
      ...birthDateFields(today),
      gender: genderField,
      country: countryField,
      phone: phoneField,
      nationality: countryField.optional(),
      about: z.string().trim().max(ABOUT_MAX_LENGTH, { error: messages.tooLong }).optional(),
    })
    .superRefine((value, context) => checkBirthDate(value, context, today));
}
export type ProfileInput = z.output<ReturnType<typeof createProfileSchema>>;
