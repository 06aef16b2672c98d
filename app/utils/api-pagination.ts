// One way to paginate every list of /api/v1 (issue 22 point 6, ADR 225): `?page=` (from 1) and
// `?pageSize=` (1–100) in, `page`, `pageSize` and `total` out next to the list. A bad value is a
// 400 on its field (api:fields.invalid), never a silent default.
import { z } from "~/schemas/zod";

const whole = (max: number) =>
  z.coerce
    .number({ error: "api:fields.invalid" })
    .int({ error: "api:fields.invalid" })
    .min(1, { error: "api:fields.invalid" })
    .max(max, { error: "api:fields.invalid" });

const MAX_PAGE_SIZE = 100;

/** The default page size of lists that answered everything before they were paginated
 * (reservations, conversations, payouts): the maximum, so a client that never asks for a page
 * sees no change below 100 items (ADR 225). New lists default to 20. */
export const LEGACY_LIST_PAGE_SIZE: number = 100;

/** `?page=&pageSize=`, to `.extend()` a list's own query or use alone. */
export const PaginationQuerySchema = z.object({
  page: whole(10_000).optional().describe("The page, from 1 (default 1)."),
  pageSize: whole(MAX_PAGE_SIZE).optional().describe("Items per page, 1–100."),
});

/** The fields every paginated answer carries next to its list. */
export const PageFieldsSchema = z.object({
  page: z.int().min(1),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE),
  total: z.int().min(0).describe("How many items the whole list holds."),
});

export interface PageFields {
  page: number;
  pageSize: number;
  total: number;
}

/** Reads `?page=&pageSize=` of a URL (throws the zod error apiRoute answers as a 400). */
export function readPagination(url: string | URL, defaultPageSize: number): { page: number; pageSize: number } {
  const search = new URL(url).searchParams;
  const parsed = PaginationQuerySchema.parse({ page: search.get("page") ?? undefined, pageSize: search.get("pageSize") ?? undefined }, { reportInput: true });
  return { page: parsed.page ?? 1, pageSize: parsed.pageSize ?? defaultPageSize };
}

/** Reads `?pageSize=` alone, for lists whose `page` is read leniently with their other filters. */
export function readPageSize(url: string | URL, defaultPageSize: number): number {
  const value = new URL(url).searchParams.get("pageSize");
  return value === null ? defaultPageSize : PaginationQuerySchema.shape.pageSize.parse(value, { reportInput: true })!;
}

/** One page of a list already read whole (lists of one account: a few hundred rows at most). */
export function paginate<T>(items: T[], { page, pageSize }: { page: number; pageSize: number }): { items: T[] } & PageFields {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: items.length };
}
