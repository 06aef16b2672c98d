// Answers of the claims /api/v1 routes (app/openapi/claims.ts documents them).
import { z } from "~/schemas/zod";
import { CLAIM_AMENITIES, CLAIM_KINDS, CLAIM_STATUSES } from "~/domain/claims";
import { DateTime, LocalDate, Millimes, named } from "~/openapi/components";

export const ClaimApiSchema = named(
  "Claim",
  z.object({
    id: z.int(),
    reservationId: z.int(),
    kind: z.enum(CLAIM_KINDS),
    amenity: z.enum(CLAIM_AMENITIES).nullable(),
    affectedNights: z.array(LocalDate),
    text: z.string(),
    status: z.enum(CLAIM_STATUSES).describe("open (the stay's host earning is withheld), accepted, partial (accepted in part) or refused."),
    photos: z.array(z.object({ id: z.int(), url: z.string(), srcSet: z.string() })),
    hostAnswer: z.string().nullable(),
    hostAnsweredAt: DateTime.nullable(),
    decidedAmount: Millimes.nullable().describe("The refund granted: owed to the traveler, taken from the host's earning."),
    decisionNote: z.string().nullable(),
    decidedAt: DateTime.nullable(),
    createdAt: DateTime,
  }),
);

export const ClaimListSchema = named("ClaimList", z.object({ claims: z.array(ClaimApiSchema) }));
