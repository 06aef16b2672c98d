// GET  /api/v1/partner/experiences/{id}/photos: the experience's photos in their order.
// POST /api/v1/partner/experiences/{id}/photos (multipart/form-data, files in `photos`): the
//      photos page's upload, same reader, limits and image pipeline → 201 { photos: the ones added }.
// 404 for an experience that is not the bearer's partner's.
import { allowMethods } from "~/services/listings/listing-api-writes.server";
import { apiExperiencePhotos, uploadApiExperiencePhotos } from "~/services/photos/experience-photos-api.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => apiExperiencePhotos((await requireVerifiedUser(request)).id, Number(params.id)));

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["GET", "POST"]);
  const user = await requireVerifiedUser(request);
  return apiJson(await uploadApiExperiencePhotos(user.id, Number(params.id), request), { status: 201 });
});
