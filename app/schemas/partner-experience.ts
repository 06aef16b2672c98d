import { z } from "~/schemas/zod";

// The partner's new-experience form (/dashboard/experiences/new): texts in en/fr/es, place,
// duration, languages, price per person (dinars), capacity and the dates — one start, or the same
// weekday and hour every week until an end date. Messages are experiences keys.
const m = (key: string) => ({ error: `experiences:create.errors.${key}` });
const text = (max: number) => z.string(m("text")).trim().min(3, m("text")).max(max, m("text"));

export const PartnerExperienceSchema = z
  .object({
    titleEn: text(120),
    titleFr: text(120),
    titleEs: text(120),
    descriptionEn: text(4000),
    descriptionFr: text(4000),
    descriptionEs: text(4000),
    city: z.string(m("city")).trim().min(2, m("city")).max(80, m("city")),
    governorate: z.string(m("city")).trim().min(2, m("city")).max(80, m("city")),
    durationMinutes: z.coerce.number(m("duration")).int(m("duration")).min(15, m("duration")).max(24 * 60, m("duration")),
    languages: z.array(z.enum(["ar", "fr", "en", "es", "de", "it"], m("languages")), m("languages")).min(1, m("languages")),
    price: z.coerce.number(m("price")).int(m("price")).min(1, m("price")).max(100_000, m("price")),
    capacity: z.coerce.number(m("capacity")).int(m("capacity")).min(1, m("capacity")).max(200, m("capacity")),
    firstStart: z.string(m("start")).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, m("start")),
    repeatWeeklyUntil: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m("until")).optional()),
  });
export type PartnerExperienceInput = z.output<typeof PartnerExperienceSchema>;
