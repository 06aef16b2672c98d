// GET /api/v1/tnd-value/{code} → { "value": n }: what 1 TND is worth in that currency.
import { tndValue } from "~/domain/money";
import type { TndValue } from "~/schemas/foundation-api";
import { apiError, apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { findCurrency } from "~/utils/currency.server";

export const loader = apiRoute(async ({ params }) => {
  const code = (params.code ?? "").slice(0, 16);
  const currency = await findCurrency(code);
  if (!currency) {
    throw apiError(404, "api:errors.currency_not_found", { values: { code: code.toUpperCase() } });
  }
  // Operators change rates rarely; a minute of caching spares repeated lookups.
  const body: TndValue = { value: tndValue(currency) };
  return apiJson(body, { headers: { "Cache-Control": "public, max-age=60" } });
});

export const action = methodNotAllowed(["GET", "HEAD"]);
