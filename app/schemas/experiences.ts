import { z } from "~/schemas/zod";
import { EXPERIENCE_MAX_PEOPLE } from "~/domain/experiences";

// The /experiences filters (a plain GET form, also GET /api/v1/experiences) and the booking form
// of /experiences/{id} (also POST /api/v1/experience-bookings). Messages are experiences keys.

const optionalText = z
  .string()
  .trim()
  .max(80)
  .optional()
  .transform((value) => (value ? value : undefined));

export const ExperienceFiltersSchema = z.object({
  city: optionalText,
  date: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)),
  people: z.coerce.number().int().min(1).max(EXPERIENCE_MAX_PEOPLE).catch(1),
  /** Highest price per person, in dinars. */
  maxPrice: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  language: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value && /^[a-z]{2}$/.test(value) ? value : undefined)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ExperienceFilters = z.output<typeof ExperienceFiltersSchema>;

/** Reads the filters from a URL's query; anything unreadable is dropped (a filter never fails a page). */
export function readExperienceFilters(params: URLSearchParams): ExperienceFilters {
  const raw = Object.fromEntries([...params.entries()].filter(([, value]) => value !== ""));
  return ExperienceFiltersSchema.parse(raw);
}

export const ExperienceBookingSchema = z.object({
  slotId: z.coerce.number({ error: "experiences:errors.slotNotFound" }).int({ error: "experiences:errors.slotNotFound" }).positive({ error: "experiences:errors.slotNotFound" }),
  people: z.coerce
    .number({ error: "experiences:errors.people" })
    .int({ error: "experiences:errors.people" })
    .min(1, { error: "experiences:errors.people" })
    .max(EXPERIENCE_MAX_PEOPLE, { error: "experiences:errors.people" }),
  acceptTerms: z.preprocess((value) => value === "on" || value === "true" || value === true, z.literal(true, { error: "experiences:errors.acceptTerms" })),
});
