// A partner proposal (SPEC.md §3; ADR 181): the /partner-proposal form and
// POST /api/v1/partner-proposals share these rules. The form takes prices in dinars as typed
// ("25", "25.500") and tolerates blank rows (it shows a few empty ones); the API takes millimes.
import { z } from "~/schemas/zod";
import { parseTndAmount } from "~/domain/money";

const E = (key: string) => `partners:errors.${key}`;

/** Languages a partner may say they speak (codes; names come from partners:languages.*). */
export const partnerLanguages = ["ar", "fr", "en", "es", "de", "it"] as const;
export const MAX_PRICE_ROWS = 10;
export const MAX_AVAILABILITY_ROWS = 20;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const optionalText = z.string().trim().optional();

const commonFields = {
  name: z.string(E("name")).trim().min(2, E("name")).max(120, E("name")),
  description: z.string(E("description")).trim().min(20, E("description")).max(4000, E("description")),
  languages: z.array(z.enum(partnerLanguages, E("languages")), E("languages")).min(1, E("languages")),
  email: z.string(E("email")).trim().toLowerCase().max(254, E("email")).pipe(z.email(E("email"))),
  phone: z
    .string(E("phone"))
    .trim()
    .regex(/^\+?[0-9 ().-]+$/, E("phone"))
    .refine((value) => value.replace(/\D/g, "").length >= 8 && value.length <= 32, E("phone")),
  website: z
    .string()
    .trim()
    .max(500, E("website"))
    .refine((value) => isHttpUrl(value), E("website"))
    .optional(),
};

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export interface PriceRange {
  min: number;
  max: number;
}
export interface AvailabilitySlot {
  date: string;
  from: string;
  to: string;
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function checkSlot(slot: { date?: string; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!slot.date || !isRealDate(slot.date)) ctx.addIssue({ code: "custom", message: E("date"), path: ["date"] });
  if (!slot.from || !TIME.test(slot.from)) ctx.addIssue({ code: "custom", message: E("time"), path: ["from"] });
  if (!slot.to || !TIME.test(slot.to)) ctx.addIssue({ code: "custom", message: E("time"), path: ["to"] });
  else if (slot.from && TIME.test(slot.from) && slot.to <= slot.from) ctx.addIssue({ code: "custom", message: E("timeOrder"), path: ["to"] });
}

function nonNegative(millimes: number | null): number | null {
  return millimes !== null && millimes >= 0 && millimes <= 1_000_000_000 ? millimes : null;
}

const formPriceRow = z
  .object({ min: optionalText, max: optionalText })
  .optional()
  .superRefine((row, ctx) => {
    if (!row || (!row.min && !row.max)) return;
    const min = row.min ? nonNegative(parseTndAmount(row.min)) : null;
    const max = row.max ? nonNegative(parseTndAmount(row.max)) : null;
    if (min === null) ctx.addIssue({ code: "custom", message: E("price"), path: ["min"] });
    if (max === null) ctx.addIssue({ code: "custom", message: E("price"), path: ["max"] });
    if (min !== null && max !== null && max < min) ctx.addIssue({ code: "custom", message: E("priceOrder"), path: ["max"] });
  });

const formSlotRow = z
  .object({ date: optionalText, from: optionalText, to: optionalText })
  .optional()
  .superRefine((row, ctx) => {
    if (!row || (!row.date && !row.from && !row.to)) return;
    checkSlot(row, ctx);
  });

/** The /partner-proposal form: blank rows are ignored, at least one filled row of each list. */
export const PartnerProposalFormSchema = z
  .object({
    ...commonFields,
    priceRanges: z.array(formPriceRow).max(MAX_PRICE_ROWS, E("tooMany")).optional(),
    availability: z.array(formSlotRow).max(MAX_AVAILABILITY_ROWS, E("tooMany")).optional(),
  })
  .transform((value, ctx) => {
    const priceRanges = (value.priceRanges ?? [])
      .filter((row) => row && (row.min || row.max))
      .map((row) => ({ min: parseTndAmount(row!.min!)!, max: parseTndAmount(row!.max!)! }));
    const availability = (value.availability ?? [])
      .filter((row) => row && (row.date || row.from || row.to))
      .map((row) => ({ date: row!.date!, from: row!.from!, to: row!.to! }));
    if (priceRanges.length === 0) ctx.addIssue({ code: "custom", message: E("priceRequired"), path: ["priceRanges"] });
    if (availability.length === 0) ctx.addIssue({ code: "custom", message: E("availabilityRequired"), path: ["availability"] });
    return { ...value, website: value.website || null, priceRanges, availability };
  });

const Millimes = z.int(E("price")).min(0, E("price")).max(1_000_000_000, E("price"));

/** POST /api/v1/partner-proposals: prices in millimes, every row complete. */
export const PartnerProposalBodySchema = z
  .object({
    ...commonFields,
    name: commonFields.name.describe("The partner's public name."),
    priceRanges: z
      .array(
        z
          .object({ min: Millimes.describe("Millimes."), max: Millimes.describe("Millimes.") })
          .refine((row) => row.max >= row.min, { message: E("priceOrder"), path: ["max"] }),
      )
      .min(1, E("priceRequired"))
      .max(MAX_PRICE_ROWS, E("tooMany")),
    availability: z
      .array(
        z
          .object({ date: z.string().describe("YYYY-MM-DD"), from: z.string().describe("HH:MM"), to: z.string().describe("HH:MM") })
          .superRefine((row, ctx) => checkSlot(row, ctx)),
      )
      .min(1, E("availabilityRequired"))
      .max(MAX_AVAILABILITY_ROWS, E("tooMany")),
    website: commonFields.website.nullable(),
  })
  .transform((value) => ({ ...value, website: value.website || null }));

export type PartnerProposalInput = z.output<typeof PartnerProposalBodySchema>;

/** The operator's decision on /admin/partners/{id}. */
export const ProposalDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    descriptionEn: z.string(E("description")).trim().min(1, E("description")).max(4000, E("description")),
    descriptionFr: z.string(E("description")).trim().min(1, E("description")).max(4000, E("description")),
    descriptionEs: z.string(E("description")).trim().min(1, E("description")).max(4000, E("description")),
    city: z.string().trim().max(80, E("city")).optional(),
  }),
  z.object({
    intent: z.literal("refuse"),
    reason: z.string(E("reason")).trim().min(3, E("reason")).max(1000, E("reason")),
  }),
]);
