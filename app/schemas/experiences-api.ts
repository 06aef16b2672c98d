// Answers and bodies of the experiences /api/v1 routes (app/openapi/experiences.ts documents them).
import { z } from "~/schemas/zod";
import { EXPERIENCE_MAX_PEOPLE } from "~/domain/experiences";
import { DateTime, Millimes, named } from "~/openapi/components";
import { PaymentSchema, RefundSchema } from "~/schemas/booking-api";

export const ExperienceListSchema = named(
  "ExperienceList",
  z.object({
    items: z.array(
      z.object({
        id: z.int(),
        title: z.string(),
        city: z.string(),
        photo: z.string().nullable().describe("The cover photo's URL (640 px WebP), null while the experience has no photo."),
        pricePerPerson: Millimes,
        totalForPeople: Millimes.describe("The price for the `people` asked for."),
        durationMinutes: z.int(),
        rating: z.number().nullable().describe("The average of its visible reviews (1–5, one decimal), null before the first review."),
        nextStartsAt: DateTime.describe("The next start with room for the people asked for."),
      }),
    ),
    total: z.int(),
    page: z.int(),
    pageSize: z.int().min(1).max(100).describe("Experiences per page (default 12)."),
  }),
);

export const ExperienceDetailSchema = named(
  "ExperienceDetail",
  z.object({
    id: z.int(),
    title: z.string(),
    description: z.string(),
    city: z.string(),
    governorate: z.string(),
    durationMinutes: z.int(),
    languages: z.array(z.string()),
    pricePerPerson: Millimes,
    partner: z.object({ id: z.int(), name: z.string() }),
    slots: z.array(z.object({ id: z.int(), startsAt: DateTime, placesLeft: z.int() })).describe("Future slots with places left, soonest first."),
    photo: z.string().nullable().describe("The cover photo's URL (640 px WebP), null without photos."),
    photos: z
      .array(z.object({ id: z.int(), url: z.string(), srcSet: z.string(), width: z.int(), height: z.int(), isCover: z.boolean() }))
      .describe("Every photo, the cover first, then in the partner's order."),
    rating: z.number().nullable().describe("The average of its visible reviews (1–5, one decimal), null before the first review."),
    reviewCount: z.int(),
  }),
);

export const ExperienceBookingBodySchema = z.object({
  slotId: z.number({ error: "api:fields.required" }).int().positive(),
  people: z.number({ error: "api:fields.required" }).int().min(1, { error: "experiences:errors.people" }).max(EXPERIENCE_MAX_PEOPLE, { error: "experiences:errors.people" }),
  acceptTerms: z
    .literal(true, { error: "experiences:errors.acceptTerms" })
    .describe("The traveler accepts the terms of sale, as on the booking form; anything else is a 400 on this field."),
});

export const CreatedExperienceBookingSchema = named(
  "CreatedExperienceBooking",
  z.object({
    id: z.int(),
    reference: z.string(),
    status: z.enum(["pending_payment", "confirmed", "cancelled", "expired"]),
    total: Millimes,
    holdExpiresAt: DateTime.nullable().describe("The places are held until then (30 minutes)."),
  }),
);

/** GET /api/v1/experience-bookings/{id}: a booking with its payments and refunds (ADR 183). */
export const ExperienceBookingDetailSchema = named(
  "ExperienceBookingDetail",
  z.object({
    id: z.int(),
    reference: z.string(),
    status: z.enum(["pending_payment", "confirmed", "cancelled", "expired"]),
    people: z.int(),
    total: Millimes,
    holdExpiresAt: DateTime.nullable().describe("While pending_payment: the places are held until then."),
    startsAt: DateTime,
    experience: z.object({ id: z.int(), title: z.string(), city: z.string() }),
    viewer: z.enum(["traveler", "partner"]).describe("Who is asking: the booking's traveler or its partner's account."),
    payments: z.array(PaymentSchema),
    refunds: z.array(RefundSchema),
    refundIfCancelled: Millimes.describe("What cancelling now gives back: all until 48 hours before the start (or when the partner cancels), nothing after."),
    cancellable: z.boolean(),
  }),
);

export const ExperienceCancellationSchema = named(
  "ExperienceCancellation",
  z.object({
    booking: ExperienceBookingDetailSchema,
    refund: RefundSchema.nullable().describe("The refund owed to the traveler (settled by the Darna team within 15 days); null when nothing is refunded."),
  }),
);
