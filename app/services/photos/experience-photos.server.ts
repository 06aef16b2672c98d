// An experience's photos (issue 21 point 4, ADR 184): the partner's account uploads several at
// once, moves one up or down, chooses the cover, deletes — through the listings' pipeline
// (processPhoto: real image check, size and pixel limits, WebP variants), the same storage and the
// same limits (MAX_LISTING_PHOTOS, MAX_FILES_PER_UPLOAD). Only the rows differ: experience_photos.
import { Op, type Transaction } from "sequelize";
import { Experience } from "~/db/models/experience.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Partner } from "~/db/models/partner.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { MAX_LISTING_PHOTOS } from "~/domain/listing";
import { processPhoto, variantsColumn, type ProcessedImage } from "~/services/photos/image-pipeline.server";
import { MAX_FILES_PER_UPLOAD, photoView, removeStoredPhotoFiles, storeProcessedImage, type PhotoView, type UploadedFile } from "~/services/photos/listing-photos.server";
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

export async function experiencePhotos(experienceId: number): Promise<PhotoView[]> {
  const rows = await ExperiencePhoto.findAll({ where: { experienceId }, order: [["position", "ASC"], ["id", "ASC"]] });
  return rows.map((row) => photoView(row));
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
  if (files.length === 0) throw new AppError(400, "listing:photos.errors.noFile", { fields: { photos: "listing:photos.errors.noFile" } });
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError(400, "listing:photos.errors.tooManyFiles", { values: { max: MAX_FILES_PER_UPLOAD }, fields: { photos: "listing:photos.errors.tooManyFiles" } });
  }
  const existing = await ExperiencePhoto.count({ where: { experienceId } });
  if (existing + files.length > MAX_EXPERIENCE_PHOTOS) {
    const key = "experiences:photos.tooManyPhotos";
    throw new AppError(400, key, { values: { max: MAX_EXPERIENCE_PHOTOS, left: Math.max(0, MAX_EXPERIENCE_PHOTOS - existing) }, fields: { photos: key } });
  }
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processPhoto(file.data, file.name));
  const keys: string[] = [];
  try {
    for (const image of processed) keys.push(await storeProcessedImage(`experiences/${experienceId}`, image));
    const created = await writeTransaction(async (transaction) => {
      const hasCover = (await ExperiencePhoto.count({ where: { experienceId, isCover: true }, transaction })) > 0;
      const last = (await ExperiencePhoto.max<number, ExperiencePhoto>("position", { where: { experienceId }, transaction })) ?? -1;
      return ExperiencePhoto.bulkCreate(
        processed.map((image, index) => ({
          experienceId,
          storageKey: keys[index]!,
          variants: variantsColumn(image),
          width: image.width,
          height: image.height,
          position: Number(last) + 1 + index,
          isCover: !hasCover && index === 0,
        })),
        { transaction },
      );
    });
    return created.map((photo) => photoView(photo));
  } catch (error) {
    await removeStoredPhotoFiles(keys.map((storageKey, index) => ({ storageKey, variants: variantsColumn(processed[index]!) })));
    throw error;
  }
}

async function findPhoto(experienceId: number, photoId: number, transaction: Transaction): Promise<ExperiencePhoto> {
  const photo = Number.isSafeInteger(photoId) ? await ExperiencePhoto.findOne({ where: { id: photoId, experienceId }, transaction }) : null;
  if (!photo) {
    const key = "listing:photos.errors.photoNotFound";
    throw new AppError(404, key, { fields: { photos: key } });
  }
  return photo;
}

export async function moveExperiencePhoto(userId: number, experienceId: number, photoId: number, direction: "up" | "down"): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhoto(experienceId, photoId, transaction);
    const siblings = await ExperiencePhoto.findAll({ where: { experienceId }, order: [["position", "ASC"], ["id", "ASC"]], transaction });
    const at = siblings.findIndex((sibling) => sibling.id === photo.id);
    const target = direction === "up" ? at - 1 : at + 1;
    if (target < 0 || target >= siblings.length) return;
    [siblings[at], siblings[target]] = [siblings[target]!, siblings[at]!];
    for (const [index, sibling] of siblings.entries()) {
      if (sibling.position !== index) await sibling.update({ position: index }, { transaction });
    }
  });
}

export async function setExperienceCover(userId: number, experienceId: number, photoId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhoto(experienceId, photoId, transaction);
    await ExperiencePhoto.update({ isCover: false }, { where: { experienceId }, transaction });
    await photo.update({ isCover: true }, { transaction });
  });
}

/** Deletes a photo and its files; when it was the cover, the first remaining photo becomes the cover. */
export async function deleteExperiencePhoto(userId: number, experienceId: number, photoId: number): Promise<void> {
  const photo = await writeTransaction(async (transaction) => {
    await loadOwnExperience(userId, experienceId, transaction);
    const photo = await findPhoto(experienceId, photoId, transaction);
    await photo.destroy({ transaction });
    if (photo.isCover) {
      const next = await ExperiencePhoto.findOne({ where: { experienceId }, order: [["position", "ASC"], ["id", "ASC"]], transaction });
      if (next) await next.update({ isCover: true }, { transaction });
    }
    return photo;
  });
  await removeStoredPhotoFiles([photo]);
}
