// DELETE /api/v1/host/listings/{id}/photos/{photoId}: the photo's delete button (deletePhoto; the
// cover passes to the next photo; past the draft a listing keeps its minimum, 409) → 204.
import { allowMethods, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { deletePhoto } from "~/services/photos/listing-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["DELETE"]);
  const actor = await requireApiHost(request);
  await deletePhoto(actor, Number(params.id), requireIdParam(params.photoId));
  return new Response(null, { status: 204 });
});
