// Answers of the host-money /api/v1 routes (app/openapi/money.ts documents them).
import { z } from "~/schemas/zod";
import { PageFieldsSchema } from "~/utils/api-pagination";
import { PAYOUT_REQUEST_STATES } from "~/domain/payouts";
import { CurrencyTnd, DateTime, Millimes, named } from "~/openapi/components";

const totals = { gross: Millimes, commission: Millimes, refunds: Millimes.describe("Refunds borne by the host."), net: Millimes };

export const HostRevenuesSchema = named(
  "HostRevenues",
  z.object({
    currency: CurrencyTnd,
    totals: z.object({
      ...totals,
      pending: Millimes.describe("Earned, available 24 hours after check-in."),
      available: Millimes,
      withheld: Millimes.describe("Stays an operator hold withholds."),
      paidOut: Millimes,
    }),
    months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), net: Millimes })).describe("Net revenue per month of check-in: the year's 12 months, or the last 12."),
    listings: z.array(z.object({ listingId: z.int(), title: z.string(), stays: z.int(), ...totals })),
  }),
);

export const PayoutRequestSchema = named(
  "PayoutRequest",
  z.object({
    id: z.int(),
    amount: Millimes,
    status: z.enum(PAYOUT_REQUEST_STATES),
    bankName: z.string(),
    bankAddress: z.string(),
    accountHolder: z.string(),
    iban: z.string().describe("IBAN or Tunisian RIB, without spaces."),
    transferReference: z.string().nullable(),
    operatorNote: z.string().nullable(),
    createdAt: DateTime,
    decidedAt: DateTime.nullable(),
  }),
);

export const PayoutRequestListSchema = named("PayoutRequestList", z.object({ payouts: z.array(PayoutRequestSchema), ...PageFieldsSchema.shape }));

export const CreatedPayoutRequestSchema = named("CreatedPayoutRequest", z.object({ id: z.int(), status: z.literal("requested") }));
