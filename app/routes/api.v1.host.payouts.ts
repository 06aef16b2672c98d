// GET  /api/v1/host/payouts  the bearer's payout requests
// POST /api/v1/host/payouts  request one → 201 { id, status: "requested" }; 409 outside the window or with one open; 422 over the available balance
// Both: 403 for a user who is not a host.
import { PayoutRequestApiSchema } from "~/schemas/payout";
import { hostPayoutRequests, requestPayout } from "~/services/money/payouts.server";
import { requireRevenueHost } from "~/services/money/revenues.server";
import { apiError, apiJson, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { requestNow } from "~/utils/clock.server";
import { LEGACY_LIST_PAGE_SIZE, paginate, readPagination } from "~/utils/api-pagination";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  await requireRevenueHost(user);
  const { items, ...page } = paginate(await hostPayoutRequests(user.id), readPagination(request.url, LEGACY_LIST_PAGE_SIZE));
  return { payouts: items.map(({ hostId: _hostId, ...payout }) => payout), ...page };
});

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  await requireRevenueHost(user);
  const body = await readJsonBody(request, PayoutRequestApiSchema);
  const created = await requestPayout(user, body, requestNow(request));
  return apiJson({ id: created.id, status: created.status }, { status: 201 });
});
