// GET /api/v1/host/revenues?year=&listing=: the bearer's revenues and balances (the revenues page's numbers);
// 403 for a user who is not a host.
import { RevenuesQuerySchema } from "~/schemas/revenues";
import { hostRevenues, requireRevenueHost } from "~/services/money/revenues.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  await requireRevenueHost(user);
  const search = new URL(request.url).searchParams;
  const query = RevenuesQuerySchema.parse({ year: search.get("year") ?? undefined, listing: search.get("listing") ?? undefined });
  const revenues = await hostRevenues(user.id, { year: query.year ?? null, listingId: query.listing ?? null });
  return { currency: revenues.currency, totals: revenues.totals, months: revenues.months, listings: revenues.listings };
});

export const action = methodNotAllowed(["GET"]);
