// POST /api/v1/host/listings/{id}/rooms { number, name, price (millimes), maxGuests, beds, showers }:
// a guesthouse's room, as the wizard's and the establishment page's editor adds one
// (addGuesthouseRoom) → 201 { id }; 409 a number already taken or before the guesthouse's information.
import { GuesthouseRoomBodySchema } from "~/schemas/listings-api";
import { allowMethods, asApiInputError, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { addGuesthouseRoom } from "~/services/listings/listing-establishments.server";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const input = await readApiInput(request, GuesthouseRoomBodySchema);
  const id = await addGuesthouseRoom(actor, Number(params.id), input).catch((error: unknown) => {
    throw asApiInputError(error);
  });
  return apiJson({ id }, { status: 201 });
});
