// POST /api/v1/host/listings/{id}/room-types { name, basePrice (millimes), maxOccupancy, quantity, … }:
// a hotel's room type, as the wizard's and the establishment page's editor adds one (addRoomType)
// → 201 { id }; 409 before the hotel's information or for another type of listing.
import { RoomTypeBodySchema } from "~/schemas/listings-api";
import { allowMethods, asApiInputError, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { addRoomType } from "~/services/listings/listing-establishments.server";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const input = await readApiInput(request, RoomTypeBodySchema);
  const id = await addRoomType(actor, Number(params.id), input).catch((error: unknown) => {
    throw asApiInputError(error);
  });
  return apiJson({ id }, { status: 201 });
});
