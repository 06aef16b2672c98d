import { z } from "~/schemas/zod";
import { checkPasswordsMatch, messages, newPasswordField } from "./account-fields";

/** /auth/reset-password/{token}: the new password, twice. */
export const ResetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string({ error: messages.required }) })
  .superRefine(checkPasswordsMatch);
