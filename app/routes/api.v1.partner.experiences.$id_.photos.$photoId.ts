// DELETE /api/v1/partner/experiences/{id}/photos/{photoId}: deletes the photo (the cover passes
// to the next one) → 200 { photos } left, as the photos page's delete button.
import { allowMethods } from "~/services/listings/listing-api-writes.server";
import { apiExperiencePhotos } from "~/services/photos/experience-photos-api.server";
import { deleteExperiencePhoto } from "~/services/photos/experience-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["DELETE"]);
  const user = await requireVerifiedUser(request);
  await deleteExperiencePhoto(user.id, Number(params.id), requireIdParam(params.photoId));
  return apiExperiencePhotos(user.id, Number(params.id));
});
