import { z } from "~/schemas/zod";
import { parseRateMicros } from "~/domain/money";

// /admin/currencies: operators set what 1 TND is worth in each display currency, and add
// currencies. Every message is a translation key of the `admin` namespace.
export const currencyAdminMessages = {
  required: "admin:currencies.errors.required",
  code: "admin:currencies.errors.code",
  symbol: "admin:currencies.errors.symbol",
  rate: "admin:currencies.errors.rate",
  decimals: "admin:currencies.errors.decimals",
} as const;

const m = currencyAdminMessages;

const code = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .regex(/^[A-Za-z]{3}$/, { error: m.code })
  .transform((value) => value.toUpperCase());

const symbol = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(8, { error: m.symbol });

/** "0.292" → 292000 millionths; refused unless positive with at most 6 decimals. */
const rate = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .refine((value) => parseRateMicros(value) !== null, { error: m.rate })
  .transform((value) => parseRateMicros(value)!);

export const CurrencyUpdateSchema = z.object({
  intent: z.literal("update"),
  code,
  symbol,
  rate,
});

export const CurrencyAddSchema = z.object({
  intent: z.literal("add"),
  code: code.refine((value) => value.toUpperCase() !== "TND", { error: m.code }),
  symbol,
  rate,
  decimals: z.coerce.number({ error: m.decimals }).int({ error: m.decimals }).min(0, { error: m.decimals }).max(3, { error: m.decimals }),
});

