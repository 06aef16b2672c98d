// PUT    /api/v1/host/listings/{id}/rooms/{roomId} { …the room, whole }: updateGuesthouseRoom → 204.
// DELETE /api/v1/host/listings/{id}/rooms/{roomId}: deleteGuesthouseRoom → 204.
import { GuesthouseRoomBodySchema } from "~/schemas/listings-api";
import { allowMethods, asApiInputError, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { deleteGuesthouseRoom, updateGuesthouseRoom } from "~/services/listings/listing-establishments.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["PUT", "DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["PUT", "DELETE"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const roomId = requireIdParam(params.roomId);
  if (request.method === "DELETE") await deleteGuesthouseRoom(actor, id, roomId);
  else {
    const input = await readApiInput(request, GuesthouseRoomBodySchema);
    await updateGuesthouseRoom(actor, id, roomId, input).catch((error: unknown) => {
      throw asApiInputError(error);
    });
  }
  return new Response(null, { status: 204 });
});
