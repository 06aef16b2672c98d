// The hosts' listing routes: list and read one's own listings (issue 4 point 9).
import { z } from "~/schemas/zod";
import { operation } from "~/openapi/operation";
import { PaginationQuerySchema } from "~/utils/api-pagination";
import { HostListingListSchema, HostListingResponseSchema } from "~/schemas/listings-api";

export const tags = [{ name: "Host listings", description: "A host's own listings, whatever their moderation state." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/host/listings",
    operationId: "listOwnListings",
    scope: "read",
    summary: "The bearer's own listings",
    description: "Every listing of the bearer except deleted ones, newest first, with its status, moderation state and next wizard step; paginated (default 100 a page).",
    tag: "Host listings",
    auth: "bearer",
    query: PaginationQuerySchema,
    responses: { 200: { description: "The listings.", schema: HostListingListSchema } },
    errors: [400, 401, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/host/listings/{id}",
    operationId: "getOwnListing",
    scope: "read",
    summary: "One of the bearer's listings, every field",
    description: "Another host's listing is refused with 403; an unknown or deleted one is 404. Operators may read any listing.",
    tag: "Host listings",
    auth: "bearer",
    params: z.object({ id: z.int().min(1) }),
    responses: { 200: { description: "The listing.", schema: HostListingResponseSchema } },
    errors: [401, 403, 404, 405],
  }),
];
