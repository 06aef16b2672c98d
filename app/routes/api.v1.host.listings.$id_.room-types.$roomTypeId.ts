// PUT    /api/v1/host/listings/{id}/room-types/{roomTypeId} { …the room type, whole }: updateRoomType → 204.
// DELETE /api/v1/host/listings/{id}/room-types/{roomTypeId}: deleteRoomType (and its photos) → 204.
import { RoomTypeBodySchema } from "~/schemas/listings-api";
import { allowMethods, asApiInputError, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { deleteRoomType, updateRoomType } from "~/services/listings/listing-establishments.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["PUT", "DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["PUT", "DELETE"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const roomTypeId = requireIdParam(params.roomTypeId);
  if (request.method === "DELETE") await deleteRoomType(actor, id, roomTypeId);
  else {
    const input = await readApiInput(request, RoomTypeBodySchema);
    await updateRoomType(actor, id, roomTypeId, input).catch((error: unknown) => {
      throw asApiInputError(error);
    });
  }
  return new Response(null, { status: 204 });
});
