// POST /api/v1/host/listings/{id}/pauses { startDate, endDate }: the edit page's pause (addPause;
// no booking on [startDate, endDate)) → 201 { id }; 409 overlapping another pause; 422 field errors.
import { pauseSchema } from "~/schemas/listing-wizard";
import { allowMethods, asApiInputError, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { addPause } from "~/services/listings/listing-pauses.server";
import { dateInTunis } from "~/domain/stay-dates";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const input = await readApiInput(request, pauseSchema);
  const pauseId = await addPause(actor, id, input, dateInTunis(new Date())).catch((error: unknown) => {
    throw asApiInputError(error);
  });
  return apiJson({ id: pauseId }, { status: 201 });
});
