// DELETE /api/v1/host/listings/{id}/pauses/{pauseId}: the edit page's "remove pause" → 204.
import { allowMethods, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { removePause } from "~/services/listings/listing-pauses.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["DELETE"]);
  const actor = await requireApiHost(request);
  await removePause(actor, Number(params.id), requireIdParam(params.pauseId));
  return new Response(null, { status: 204 });
});
