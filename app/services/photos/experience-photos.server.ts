// An experience's photos (issue 21 point 4, ADR 184): the partner's account uploads several at
// once, moves one up or down, chooses the cover, deletes — through the listings' pipeline
// (photo-set.server.ts: real image check, size and pixel limits, WebP variants), the same storage
// and the same limits (MAX_LISTING_PHOTOS, MAX_FILES_PER_UPLOAD). Only the rows differ: experience_photos.
import { Op, type Transaction } from "sequelize";
import { Experience } from "~/db/models/experience.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Partner } from "~/db/models/partner.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { MAX_LISTING_PHOTOS } from "~/domain/listing";
import {
  addPhotosTo,
  destroyPhotoIn,
  findPhotoIn,
  movePhotoIn,
  photosOf,
  photoView,
  removeStoredPhotoFiles,
  setCoverIn,
  type PhotoSet,
  type PhotoView,
  type UploadedFile,
} from "~/services/photos/photo-set.server";
import { AppError } from "~/utils/app-error";

/** An experience holds at most as many photos as a listing. */
export const MAX_EXPERIENCE_PHOTOS = MAX_LISTING_PHOTOS;

/** The experience, when `userId` is the account managing its partner; a 404 otherwise (no hint it exists). */
export async function loadOwnExperience(userId: number, experienceId: number, transaction?: Transaction): Promise<Experience> {
  const experience = Number.isSafeInteger(experienceId) && experienceId > 0 ? await Experience.findByPk(experienceId, { transaction }) : null;
  const partner = experience ? await Partner.findByPk(experience.partnerId, { transaction }) : null;
  if (!experience || !partner || partner.userId !== userId) throw new AppError(404, "experiences:errors.notFound");
  return experience;
}

function photoSet(experienceId: number): PhotoSet<ExperiencePhoto> {
  return { model: ExperiencePhoto, where: { experienceId } };
}

export async function experiencePhotos(experienceId: number): Promise<PhotoView[]> {
  return (await photosOf(photoSet(experienceId))).map((row) => photoView(row));
}

/** The cover (640 px variant) of each experience among `ids` that has photos. */
export async function experienceCovers(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ExperiencePhoto.findAll({ where: { experienceId: { [Op.in]: ids }, isCover: true } });
  return new Map(rows.map((row) => [row.experienceId, photoView(row).url]));
}

/** Adds photos; all files are checked first: one bad file refuses the post, nothing is stored. */
export async function addExperiencePhotos(userId: number, experienceId: number, files: UploadedFile[]): Promise<PhotoView[]> {
  await loadOwnExperience(userId, experienceId);
  return addPhotosTo(photoSet(experienceId), files, {
    limit: MAX_EXPERIENCE_PHOTOS,
    tooManyKey: "experiences:photos.tooManyPhotos",
    prefix: `experiences/${experienceId}`,
    columns: { experienceId },
  });
}

export async function moveExperiencePhoto(userId: number, experienceId: number, photoId: number, direction: "up" | "down"): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhotoIn(photoSet(experienceId), photoId, transaction);
    await movePhotoIn(photoSet(experienceId), photo, direction, transaction);
  });
}

export async function setExperienceCover(userId: number, experienceId: number, photoId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhotoIn(photoSet(experienceId), photoId, transaction);
    await setCoverIn(photoSet(experienceId), photo, transaction);
  });
}

/** Deletes a photo and its files; when it was the cover, the first remaining photo becomes the cover. */
export async function deleteExperiencePhoto(userId: number, experienceId: number, photoId: number): Promise<void> {
  const photo = await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhotoIn(photoSet(experienceId), photoId, transaction);
    await destroyPhotoIn(photoSet(experienceId), photo, transaction);
    return photo;
  });
  await removeStoredPhotoFiles([photo]);
}
