import { z } from "~/schemas/zod";
import { CLAIM_AMENITIES, CLAIM_DECISIONS, CLAIM_KINDS, CLAIM_TEXT_MAX, CLAIM_TEXT_MIN } from "~/domain/claims";
import { parseTndAmount } from "~/domain/money";
import { isIsoDate } from "~/domain/stay-dates";
import { named } from "~/openapi/components";

// Claims and refund settlement (issue 14 points 4 and 5): one schema per shape, used by the
// pages' actions and, for the claim itself, by POST /api/v1/reservations/{id}/claims.

const text = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A claim: its kind, the amenity and affected nights of an amenity failure, and the traveler's words. */
export const ClaimSchema = named(
  "ClaimRequest",
  z
    .object({
      kind: z.enum(CLAIM_KINDS, { error: "claims:errors.kind" }),
      amenity: z.enum(CLAIM_AMENITIES, { error: "claims:errors.amenity" }).optional(),
      affectedNights: z.array(z.string().refine(isIsoDate, "claims:errors.nights"), { error: "claims:errors.nights" }).max(366, "claims:errors.nights").optional(),
      text: z.string({ error: "claims:errors.textMin" }).trim().min(CLAIM_TEXT_MIN, "claims:errors.textMin").max(CLAIM_TEXT_MAX, "claims:errors.textMax"),
    })
    .superRefine((claim, context) => {
      if (claim.kind !== "amenity") return;
      if (!claim.amenity) context.addIssue({ code: "custom", path: ["amenity"], message: "claims:errors.amenity" });
      if (!claim.affectedNights || claim.affectedNights.length === 0) context.addIssue({ code: "custom", path: ["affectedNights"], message: "claims:errors.nights" });
    }),
);
export type ClaimInput = z.output<typeof ClaimSchema>;

/** The host's answer to a claim. */
export const ClaimAnswerSchema = z.object({
  answer: text("claims:errors.answerRequired", CLAIM_TEXT_MAX, "claims:errors.textMax"),
});

/** An amount typed in dinars ("25" or "25.500"), optional: null when left empty. */
const dinars = (error: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return null;
      const millimes = parseTndAmount(value);
      if (millimes === null || millimes < 0) {
        context.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return millimes;
    });

/** /admin/claims: accept in full, in part (with the amount in dinars) or refuse, with a note. */
export const ClaimDecisionSchema = z.object({
  claimId: z.coerce.number().int().positive(),
  decision: z.enum(CLAIM_DECISIONS, { error: "claims:errors.decision" }),
  amount: dinars("claims:errors.amountRequired"),
  note: text("claims:errors.noteRequired", 1000, "claims:errors.noteTooLong"),
});

/** /admin/claims: withhold a stay's earning (by reservation reference) or release it, with a reason. */
export const StayHoldSchema = z.object({
  intent: z.enum(["withhold", "release"]),
  reference: text("claims:errors.referenceRequired", 40, "claims:errors.referenceRequired"),
  reason: text("claims:errors.reasonRequired", 1000, "claims:errors.noteTooLong"),
});

/** /admin/refunds: a refund paid, with the transfer reference and the bank fee deducted (dinars). */
export const RefundPaidSchema = z.object({
  refundId: z.coerce.number().int().positive(),
  reference: text("claims:errors.referenceRequired", 80, "claims:errors.referenceTooLong"),
  bankFee: dinars("claims:errors.bankFee"),
});
