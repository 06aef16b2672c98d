// GET  /api/v1/tokens  the bearer's personal access tokens
// POST /api/v1/tokens  { name, scopes, expiresInDays } → 201 with the token, shown once (ADR 220)
import { CreateTokenSchema } from "~/schemas/api-tokens";
import { requireApiPrincipal } from "~/utils/api-principal.server";
import { createToken, listTokens } from "~/services/api-tokens/tokens.server";
import { apiError, apiJson, apiRoute, readJsonBody } from "~/utils/api.server";
import { requestNow } from "~/utils/clock.server";

export const loader = apiRoute(async ({ request }) => {
  const { user } = await requireApiPrincipal(request);
  const items = await listTokens(user.id, requestNow(request));
  return { items, total: items.length };
});

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const principal = await requireApiPrincipal(request);
  const input = await readJsonBody(request, CreateTokenSchema);
  const created = await createToken(principal.user.id, input, { now: requestNow(request), grantable: principal.scopes });
  return apiJson(created, { status: 201 });
});
