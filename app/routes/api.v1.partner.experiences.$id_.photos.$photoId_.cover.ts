// POST /api/v1/partner/experiences/{id}/photos/{photoId}/cover: makes it the cover (shown on the
// cards, the page and the partner page) → 200 { photos }.
import { allowMethods } from "~/services/listings/listing-api-writes.server";
import { apiExperiencePhotos } from "~/services/photos/experience-photos-api.server";
import { setExperienceCover } from "~/services/photos/experience-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const user = await requireVerifiedUser(request);
  await setExperienceCover(user.id, Number(params.id), requireIdParam(params.photoId));
  return apiExperiencePhotos(user.id, Number(params.id));
});
