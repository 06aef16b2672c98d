// POST /api/v1/host/listings/{id}/photos/{photoId}/move { direction: "up" | "down" }: the
// photo's arrows (movePhoto, one place among its siblings) → 200 { photos } in the new order.
import { PhotoMoveSchema } from "~/schemas/listings-api";
import { allowMethods, apiListingPhotos, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { movePhoto } from "~/services/photos/listing-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const photoId = requireIdParam(params.photoId);
  const { direction } = await readApiInput(request, PhotoMoveSchema);
  await movePhoto(actor, id, photoId, direction);
  return apiListingPhotos(actor, id);
});
