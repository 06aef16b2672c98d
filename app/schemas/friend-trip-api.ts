// Answers of the Friend Trip /api/v1 routes (app/openapi/friend-trip.ts documents them).
import { z } from "~/schemas/zod";
import { PACK_CODES, REQUEST_STATUSES } from "~/domain/friend-trip";
import { CurrencyTnd, LocalDate, Millimes, named } from "~/openapi/components";

export const FriendTripPackListSchema = named(
  "FriendTripPackList",
  z.array(
    z.object({
      code: z.enum(PACK_CODES),
      price: Millimes.describe("What the pack costs if requested today: 0 while the promotion is on offer."),
      currency: CurrencyTnd,
      promotion: z
        .object({
          freeUntil: LocalDate.describe("Packs are free for trips starting on or before this day…"),
          offerEndsOn: LocalDate.describe("…requested on or before this day."),
        })
        .optional()
        .describe("The launch promotion, only while it is on offer."),
    }),
  ),
);

export const FriendTripRequestCreatedSchema = named(
  "FriendTripRequestCreated",
  z.object({
    id: z.int(),
    reference: z.string(),
    status: z.enum(REQUEST_STATUSES).describe("new when the pack is free (the request is sent); awaiting_payment until the card payment succeeds."),
    price: Millimes,
    paymentUrl: z.string().optional().describe("The card gateway's page, when the pack is not free."),
  }),
);
