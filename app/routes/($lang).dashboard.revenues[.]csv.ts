// /dashboard/revenues.csv: the stays of the revenues page, with the same filters, as CSV.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { revenueFilters } from "~/schemas/revenues";
import { hostRevenues, revenuesCsv } from "~/services/money/revenues.server";
import { requireHost } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";

const COLUMNS = ["reference", "listing", "checkIn", "gross", "commission", "refunds", "net"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const filters = revenueFilters(new URL(request.url).searchParams);
  if (!filters) throw new Response("Bad Request", { status: 400 });
  const t = await getFixedT(await getLanguage(request), "money");
  const csv = revenuesCsv(await hostRevenues(user.id, filters), COLUMNS.map((column) => String(t(`revenues.columns.${column}`))));
  const name = `darna-revenues-${filters.year ?? "12-months"}.csv`;
  return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` } });
}
