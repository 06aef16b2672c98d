// POST /api/v1/host/listings/{id}/photos/{photoId}/cover: the photo's "cover" button
// (setCoverPhoto) → 200 { photos }.
import { allowMethods, apiListingPhotos, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { setCoverPhoto } from "~/services/photos/listing-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  await setCoverPhoto(actor, id, requireIdParam(params.photoId));
  return apiListingPhotos(actor, id);
});
