import { z } from "~/schemas/zod";
import { emailField } from "./account-fields";

/** /auth/forgot-password: the e-mail to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email: emailField });
