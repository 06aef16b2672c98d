import { z } from "~/schemas/zod";
import { checkPasswordsMatch, currentPasswordField, messages, newPasswordField } from "./account-fields";

/** /profile/security: the current password, then the new one twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.required }),
  })
  .superRefine(checkPasswordsMatch);
