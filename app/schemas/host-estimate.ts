// The host landing's earnings-estimate form (/host, a GET form: the URL holds the question, so it
// works without JavaScript and an estimate can be shared). Messages are host-landing keys.
import { z } from "~/schemas/zod";
import { PROPERTY_TYPES } from "~/domain/listing";

export const MAX_ESTIMATE_BEDROOMS = 20;

export const HostEstimateSchema = z.object({
  city: z.string("host-landing:errors.city").trim().min(1, "host-landing:errors.city").max(100, "host-landing:errors.city"),
  type: z.enum(PROPERTY_TYPES, "host-landing:errors.type"),
  bedrooms: z.coerce
    .number("host-landing:errors.bedrooms")
    .int("host-landing:errors.bedrooms")
    .min(0, "host-landing:errors.bedrooms")
    .max(MAX_ESTIMATE_BEDROOMS, "host-landing:errors.bedrooms"),
});

export type HostEstimateQuestion = z.infer<typeof HostEstimateSchema>;
export type HostEstimateErrors = Partial<Record<keyof HostEstimateQuestion, string>>;

/**
 * The question in a query string: null when the form was not sent (no field at all), else the
 * parsed question or the message key of each wrong field.
 */
export function parseHostEstimate(
  params: URLSearchParams,
): null | { question: HostEstimateQuestion; errors: null } | { question: null; errors: HostEstimateErrors } {
  const fields = ["city", "type", "bedrooms"] as const;
  if (fields.every((field) => !params.has(field))) return null;
  const parsed = HostEstimateSchema.safeParse(Object.fromEntries(fields.map((field) => [field, params.get(field) ?? undefined])));
  if (parsed.success) return { question: parsed.data, errors: null };
  const errors: HostEstimateErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof HostEstimateQuestion;
    errors[field] ??= issue.message;
  }
  return { question: null, errors };
}
