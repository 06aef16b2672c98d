import { z } from "~/schemas/zod";
import { isValidPayoutAccount, normalizeAccountNumber } from "~/domain/bank-account";
import { parseTndAmount } from "~/domain/money";

// A payout request (PRODUCT.md "Host money"): the bank details are one shape for the host's form
// and POST /api/v1/host/payouts; the form takes the amount in dinars, the API in millimes.

const text = (max: number) =>
  z
    .string({ error: "money:payout.errors.required" })
    .trim()
    .min(1, { error: "money:payout.errors.required" })
    .max(max, { error: "money:payout.errors.tooLong" });

export const PayoutBankDetailsSchema = z.object({
  bankName: text(120),
  bankAddress: text(255),
  accountHolder: text(120),
  iban: z
    .string({ error: "money:payout.errors.required" })
    .transform(normalizeAccountNumber)
    .refine(isValidPayoutAccount, { error: "money:payout.errors.account" }),
});

/** POST /api/v1/host/payouts: the amount in millimes. */
export const PayoutRequestApiSchema = PayoutBankDetailsSchema.extend({
  amount: z.number({ error: "money:payout.errors.amount" }).int({ error: "money:payout.errors.amount" }).positive({ error: "money:payout.errors.amount" }),
});

/** The host's form: the amount in dinars ("250" or "250.500"). */
export const PayoutRequestFormSchema = PayoutBankDetailsSchema.extend({
  amount: z
    .string({ error: "money:payout.errors.amount" })
    .transform((value, context) => {
      const millimes = parseTndAmount(value);
      if (millimes === null || millimes <= 0) {
        context.addIssue({ code: "custom", message: "money:payout.errors.amount" });
        return z.NEVER;
      }
      return millimes;
    }),
});

export type PayoutRequestInput = z.output<typeof PayoutRequestApiSchema>;

/** /admin/payouts: confirm (the transfer reference), refuse (the reason) or pin (a note). */
export const PayoutDecisionSchema = z.object({
  requestId: z.coerce.number().int().positive(),
  intent: z.enum(["confirm", "refuse", "pin"]),
  text: z.string({ error: "money:payout.errors.textRequired" }).trim().min(1, { error: "money:payout.errors.textRequired" }).max(1000),
});
