// The partner's experience photos through the API (issue 22 parity with
// /dashboard/experiences/{id}/photos): the page's service calls (experience-photos.server.ts) and
// the listings' API upload reader, limits and refusals.
import { apiPhotoOf, readApiPhotoUpload, withPhotoFieldErrors } from "~/services/listings/listing-api-writes.server";
import { addExperiencePhotos, experiencePhotos, loadOwnExperience } from "~/services/photos/experience-photos.server";

export async function apiExperiencePhotos(userId: number, experienceId: number) {
  await loadOwnExperience(userId, experienceId);
  return { photos: (await experiencePhotos(experienceId)).map(apiPhotoOf) };
}

export async function uploadApiExperiencePhotos(userId: number, experienceId: number, request: Request) {
  await loadOwnExperience(userId, experienceId);
  const { files } = await readApiPhotoUpload(request);
  const added = await withPhotoFieldErrors(() => addExperiencePhotos(userId, experienceId, files));
  return { photos: added.map(apiPhotoOf) };
}
