import { z } from "~/schemas/zod";
import { isLocalPath } from "~/utils/safe-redirect";

/**
 * The currency selector's form (POST /currency or /{lang}/currency): a `<select name="code">`
 * and a hidden `redirectTo` holding the page's local path and query.
 */
export const CurrencySelectionSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((code) => code.toUpperCase()),
  redirectTo: z.string().refine(isLocalPath),
});

