// POST /api/v1/partner/experiences/{id}/photos/{photoId}/move { direction: "up" | "down" }: the
// photos page's arrows → 200 { photos } in the new order.
import { PhotoMoveSchema } from "~/schemas/listings-api";
import { allowMethods, readApiInput } from "~/services/listings/listing-api-writes.server";
import { apiExperiencePhotos } from "~/services/photos/experience-photos-api.server";
import { moveExperiencePhoto } from "~/services/photos/experience-photos.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";
import { requireIdParam } from "~/utils/id-param";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const user = await requireVerifiedUser(request);
  const { direction } = await readApiInput(request, PhotoMoveSchema);
  await moveExperiencePhoto(user.id, Number(params.id), requireIdParam(params.photoId), direction);
  return apiExperiencePhotos(user.id, Number(params.id));
});
