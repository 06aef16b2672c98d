// GET /api/v1/experiences/{id}: an approved experience with its partner and its future slots with places left.
import { experienceDetails } from "~/services/experiences/experience-reads.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { parseIdParam } from "~/utils/id-param";

export const loader = apiRoute(async ({ request, params }) => {
  const id = parseIdParam(params.id);
  const experience = id ? await experienceDetails(id, await apiLanguage(request), new Date()) : null;
  if (!experience) throw apiError(404, "api:errors.not_found");
  const { status: _status, photos, ...visible } = experience;
  return {
    ...visible,
    photo: photos[0]?.url ?? null,
    photos: photos.map(({ id, url, srcSet, width, height, isCover }) => ({ id, url, srcSet, width, height, isCover })),
  };
});

export const action = methodNotAllowed(["GET"]);
