// The hosts' money routes: revenues and payout requests (issue 14 point 8).
import { operation } from "~/openapi/operation";
import { PaginationQuerySchema } from "~/utils/api-pagination";
import { named } from "~/openapi/components";
import { PayoutRequestApiSchema } from "~/schemas/payout";
import { RevenuesQuerySchema } from "~/schemas/revenues";
import { CreatedPayoutRequestSchema, HostRevenuesSchema, PayoutRequestListSchema } from "~/schemas/money-api";

export const tags = [{ name: "Host money", description: "A host's revenues from the ledger, and payout requests." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/host/revenues",
    operationId: "getHostRevenues",
    scope: "payouts:read",
    summary: "The bearer's revenues and balances",
    description: "403 for a user who is not a host (no listing, no earning). Totals of the stays checked in during the year (or the last 12 months without `year`), the balances, net per month and per listing. Amounts in millimes.",
    tag: "Host money",
    auth: "bearer",
    query: RevenuesQuerySchema,
    responses: { 200: { description: "The revenues.", schema: HostRevenuesSchema } },
    errors: [400, 401, 403, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/host/payouts",
    operationId: "listPayoutRequests",
    scope: "payouts:read",
    summary: "The bearer's payout requests",
    description: "403 for a user who is not a host. Newest first, with their state (requested, pinned, confirmed, refused).",
    tag: "Host money",
    auth: "bearer",
    query: PaginationQuerySchema,
    responses: { 200: { description: "The requests. Paginated: `page` (from 1) and `pageSize` (1–100, default 100).", schema: PayoutRequestListSchema } },
    errors: [400, 401, 403, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/payouts",
    operationId: "requestPayout",
    scope: "payouts:write",
    idempotent: true,
    summary: "Request a payout of the available balance",
    description:
      "403 for a user who is not a host. From the 25th to the month's last day (Africa/Tunis). 409 outside that window or while a request is open; 422 over the available balance. The account is an IBAN (checksum) or a Tunisian RIB (20 digits with its key).",
    tag: "Host money",
    auth: "bearer",
    body: named("PayoutRequestBody", PayoutRequestApiSchema),
    responses: { 201: { description: "The request, pending.", schema: CreatedPayoutRequestSchema } },
    errors: [400, 401, 403, 405, 409, 415, 422],
  }),
];
