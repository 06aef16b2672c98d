// DELETE /api/v1/tokens/{id}: revoke one of the bearer's personal access tokens → 204 (ADR 220)
import { requireApiPrincipal } from "~/utils/api-principal.server";
import { revokeToken } from "~/services/api-tokens/tokens.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "DELETE") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["DELETE"] } });
  const { user } = await requireApiPrincipal(request);
  if (!(await revokeToken(user.id, Number(params.id)))) throw apiError(404, "api:errors.not_found");
  return new Response(null, { status: 204 });
});
