import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { RATING_ASPECTS, REPLY_TEXT_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, type RatingAspect } from "~/domain/reviews";

// The review forms (issue 13): one schema per shape, used by the reservation page's action,
// its component (Conform client validation) and the /api/v1 routes.

const star = z
  .number({ error: "reviews:errors.ratingRequired" })
  .int("reviews:errors.ratingRequired")
  .min(1, "reviews:errors.ratingRequired")
  .max(5, "reviews:errors.ratingRequired");

export const RatingsSchema = z.object(
  Object.fromEntries(RATING_ASPECTS.map((aspect) => [aspect, star])) as Record<RatingAspect, typeof star>,
  { error: "reviews:errors.ratingRequired" },
);

/** A review: text of at least 10 characters (SPEC.md §5) and five ratings 1–5. */
export const ReviewSchema = named("ReviewRequest", z.object({
  text: z
    .string({ error: "reviews:errors.textMin" })
    .trim()
    .min(REVIEW_TEXT_MIN, "reviews:errors.textMin")
    .max(REVIEW_TEXT_MAX, "reviews:errors.textMax"),
  ratings: RatingsSchema,
}));
export type ReviewInput = z.output<typeof ReviewSchema>;

/** The host's public reply to a review. */
export const ReplySchema = z.object({
  reply: z.string({ error: "reviews:errors.replyRequired" }).trim().min(1, "reviews:errors.replyRequired").max(REPLY_TEXT_MAX, "reviews:errors.replyMax"),
});

/** The host reports a review as false, with a reason. */
export const ReportSchema = z.object({
  reason: z.string({ error: "reviews:errors.reasonRequired" }).trim().min(1, "reviews:errors.reasonRequired").max(1000, "reviews:errors.reasonMax"),
});

/** An operator's decision on a report, and on a host's suspension or quality check: a note is required. */
const note = z.string({ error: "reviews:errors.noteRequired" }).trim().min(1, "reviews:errors.noteRequired").max(1000, "reviews:errors.noteMax");

export const ReportDecisionSchema = z.object({
  reportId: z.number({ error: "reviews:errors.notFound" }).int().positive(),
  decision: z.enum(["keep", "hide"], { error: "reviews:errors.decision" }),
  note,
});

export const SuspensionDecisionSchema = z.object({
  decision: z.enum(["impose", "lift"], { error: "reviews:errors.decision" }),
  note,
});

export const QUALITY_DECISIONS = ["passed", "warned", "suspended"] as const;
export const QualityDecisionSchema = z.object({
  checkId: z.number({ error: "reviews:errors.notFound" }).int().positive(),
  outcome: z.enum(QUALITY_DECISIONS, { error: "reviews:errors.decision" }),
  note,
});

// API shapes (registered in the OpenAPI document).

export const ReviewItemSchema = named("ReviewItem", z.object({
  id: z.number().int(),
  text: z.string(),
  ratings: z.object(Object.fromEntries(RATING_ASPECTS.map((aspect) => [aspect, z.number().int()])) as Record<RatingAspect, z.ZodNumber>),
  /** The mean of the five ratings, one decimal. */
  rating: z.number(),
  author: z.object({ id: z.number().int(), firstName: z.string() }),
  /** YYYY-MM of the stay. */
  stayMonth: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
}));
export type ReviewItem = z.output<typeof ReviewItemSchema>;

export const ReviewPageSchema = named("ReviewPage", z.object({
  items: z.array(ReviewItemSchema),
  /** The listing's rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  count: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int().describe("Reviews per page (default 5)."),
  total: z.number().int().describe("Visible reviews (the same as count)."),
  aspects: z.object(Object.fromEntries(RATING_ASPECTS.map((aspect) => [aspect, z.number().nullable()])) as Record<RatingAspect, z.ZodNullable<z.ZodNumber>>),
}));
export type ReviewPage = z.output<typeof ReviewPageSchema>;

export const ReviewCreatedSchema = named("ReviewCreated", z.object({ id: z.number().int() }));
