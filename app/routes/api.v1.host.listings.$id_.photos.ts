// GET  /api/v1/host/listings/{id}/photos: the listing's own photos in their order.
// POST /api/v1/host/listings/{id}/photos (multipart/form-data, files in `photos`, optional
//      `roomTypeId` for a hotel room type's photos): the photo forms' upload, same reader, limits
//      and image pipeline (addPhotos) → 201 { photos: the ones added }; 422 on the field `photos`.
import { apiListingPhotos, allowMethods, requireApiHost, uploadApiPhotos } from "~/services/listings/listing-api-writes.server";
import { apiJson, apiRoute } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => apiListingPhotos(await requireApiHost(request), Number(params.id)));

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["GET", "POST"]);
  const actor = await requireApiHost(request);
  return apiJson(await uploadApiPhotos(actor, Number(params.id), request), { status: 201 });
});
