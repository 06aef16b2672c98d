import { z } from "~/schemas/zod";

/** ?year=&listing= of /dashboard/revenues, its CSV and GET /api/v1/host/revenues (blank: the last 12 months, every listing). */
export const RevenuesQuerySchema = z.object({
  year: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().min(2000).max(2100).optional()),
  listing: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().positive().optional()),
});

export function revenueFilters(searchParams: URLSearchParams): { year: number | null; listingId: number | null } | null {
  const parsed = RevenuesQuerySchema.safeParse({ year: searchParams.get("year"), listing: searchParams.get("listing") });
  if (!parsed.success) return null;
  return { year: parsed.data.year ?? null, listingId: parsed.data.listing ?? null };
}
