// One photo pipeline for every subject that has photos (a listing, a hotel room type, an
// experience): upload several at once, move one up or down, choose the cover, delete. Every upload
// goes through the image pipeline (real image check, re-encoding); the files live in the storage
// (local disk by default), the rows in the subject's table (a StoredPhoto model). The subject's
// services check who may edit it and its own limits, then call these with its set.
import crypto from "node:crypto";
import type { Attributes, CreationAttributes, Model, ModelStatic, Transaction, WhereOptions } from "sequelize";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import type { StoredPhoto } from "~/db/models/stored-photo.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { parseVariants, responsiveSources, variantKeys } from "~/domain/photo-variants";
import { processPhoto, variantsColumn, type ProcessedImage } from "~/services/photos/image-pipeline.server";
import { getStorage, type FileStorage } from "~/services/storage/storage.server";
import { AppError } from "~/utils/app-error";

/** At most this many files in one upload post. */
export const MAX_FILES_PER_UPLOAD = 10;

export interface PhotoView {
  id: number;
  /** The 640 px variant: a good default for cards and the editor. */
  url: string;
  /** Every WebP variant, for `srcset`. */
  srcSet: string;
  /** The AVIF variants (where smaller), for `<source type="image/avif">`; "" when none. */
  avifSrcSet: string;
  width: number;
  height: number;
  position: number;
  isCover: boolean;
  roomTypeId: number | null;
}

export interface UploadedFile {
  name: string;
  data: Buffer;
}

/** The photos of one subject: their model and the rows among them (a listing's own, one room type's, an experience's). */
export interface PhotoSet<M extends StoredPhoto<M>> {
  model: ModelStatic<M>;
  where: WhereOptions<Attributes<M>>;
}

/** A photo model as the pipeline sees it: the stored columns, and the subject's column(s) beside them. */
type PhotoColumns = Pick<StoredPhoto<ListingPhoto>, "id" | "storageKey" | "variants" | "width" | "height" | "position" | "isCover"> & { [column: string]: unknown };
type AnyPhoto = Model<PhotoColumns, Partial<PhotoColumns>> & PhotoColumns;

/** The set's model and rows, typed loosely: Sequelize's types cannot follow a model given as a parameter. */
function loosely<M extends StoredPhoto<M>>(set: PhotoSet<M>) {
  return { model: set.model as unknown as ModelStatic<AnyPhoto>, where: set.where as WhereOptions<PhotoColumns> };
}

/** The stored columns a photo's view is drawn from (a listing's or an experience's photo). */
type StoredPhotoColumns = Pick<ListingPhoto, "id" | "storageKey" | "variants" | "width" | "height" | "position" | "isCover"> & { roomTypeId?: number | null };

export function photoView(photo: StoredPhotoColumns, storage: FileStorage = getStorage()): PhotoView {
  const sources = responsiveSources(photo.storageKey, parseVariants(photo.variants), (key) => storage.url(key));
  return {
    id: photo.id,
    url: sources.src,
    srcSet: sources.srcSet,
    avifSrcSet: sources.avifSrcSet,
    width: photo.width,
    height: photo.height,
    position: photo.position,
    isCover: Boolean(photo.isCover),
    roomTypeId: photo.roomTypeId ?? null,
  };
}

/** Stores a processed image's variants under a fresh key; returns the key. */
export async function storeProcessedImage(prefix: string, image: ProcessedImage, storage: FileStorage = getStorage()): Promise<string> {
  const storageKey = `${prefix}/${crypto.randomBytes(8).toString("hex")}`;
  for (const variant of image.variants) {
    await storage.put(`${storageKey}-${variant.width}.${variant.format}`, variant.data, `image/${variant.format}`);
  }
  return storageKey;
}

/** Removes photos' files, except those another row still shows (demo scenes are shared by listings and experiences). */
export async function removeStoredPhotoFiles(photos: Array<Pick<ListingPhoto, "storageKey" | "variants">>, storage = getStorage()) {
  for (const photo of photos) {
    if ((await ListingPhoto.count({ where: { storageKey: photo.storageKey } })) > 0) continue;
    if ((await ExperiencePhoto.count({ where: { storageKey: photo.storageKey } })) > 0) continue;
    for (const key of variantKeys(photo.storageKey, parseVariants(photo.variants))) await storage.delete(key).catch(() => {});
  }
}

const inOrder: Array<[string, string]> = [["position", "ASC"], ["id", "ASC"]];

/** The set's photos in their order. */
export function photosOf<M extends StoredPhoto<M>>(set: PhotoSet<M>, transaction?: Transaction): Promise<M[]> {
  const { model, where } = loosely(set);
  return model.findAll({ where, order: inOrder, transaction }) as unknown as Promise<M[]>;
}

/**
 * Adds photos to a set holding at most `limit` (`tooManyKey` says so). All files are checked
 * first: one bad file refuses the whole post with a message naming it, and nothing is stored.
 * The new rows carry `columns` (the subject's id); their files are stored under `prefix`.
 * `afterCreate` runs once the rows are written; when it throws, the files are removed as well.
 */
export async function addPhotosTo<M extends StoredPhoto<M>>(
  set: PhotoSet<M>,
  files: UploadedFile[],
  options: { limit: number; tooManyKey: string; prefix: string; columns: Partial<CreationAttributes<M>>; afterCreate?: () => Promise<void> },
): Promise<PhotoView[]> {
  if (files.length === 0) throw new AppError(400, "listing:photos.errors.noFile", { fields: { photos: "listing:photos.errors.noFile" } });
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError(400, "listing:photos.errors.tooManyFiles", { values: { max: MAX_FILES_PER_UPLOAD }, fields: { photos: "listing:photos.errors.tooManyFiles" } });
  }
  const { model, where } = loosely(set);
  const { limit, tooManyKey: key } = options;
  const existing = await model.count({ where });
  if (existing + files.length > limit) {
    throw new AppError(400, key, { values: { max: limit, left: Math.max(0, limit - existing) }, fields: { photos: key } });
  }

  // Sequentially: sharp is CPU-bound and the machine is small.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processPhoto(file.data, file.name));

  const keys: string[] = [];
  try {
    for (const image of processed) keys.push(await storeProcessedImage(options.prefix, image));
    const created = await writeTransaction(async (transaction) => {
      const hasCover = (await model.count({ where: { ...where, isCover: true }, transaction })) > 0;
      const last = (await model.max<number, AnyPhoto>("position", { where, transaction })) ?? -1;
      const rows = processed.map((image, index) => ({
        ...options.columns,
        storageKey: keys[index]!,
        variants: variantsColumn(image),
        width: image.width,
        height: image.height,
        position: Number(last) + 1 + index,
        isCover: !hasCover && index === 0,
      }));
      return model.bulkCreate(rows, { transaction });
    });
    await options.afterCreate?.();
    return created.map((photo) => photoView(photo));
  } catch (error) {
    await removeStoredPhotoFiles(keys.map((storageKey, index) => ({ storageKey, variants: variantsColumn(processed[index]!) })));
    throw error;
  }
}

/** The photo `photoId` among the rows `where` selects; a 404 said about the photo otherwise. */
export async function findPhotoIn<M extends StoredPhoto<M>>(set: PhotoSet<M>, photoId: number, transaction?: Transaction): Promise<M> {
  const { model, where } = loosely(set);
  const photo = Number.isSafeInteger(photoId) ? await model.findOne({ where: { ...where, id: photoId }, transaction }) : null;
  if (!photo) {
    // A photo deleted meanwhile (another window, a page left open): said about the photo, under
    // the photos it was shown with, not as if the whole subject were gone.
    const key = "listing:photos.errors.photoNotFound";
    throw new AppError(404, key, { fields: { photos: key } });
  }
  return photo as unknown as M;
}

/** Moves one photo up or down by one place among its set (the no-JavaScript reorder). */
export async function movePhotoIn<M extends StoredPhoto<M>>(set: PhotoSet<M>, photo: M, direction: "up" | "down", transaction: Transaction): Promise<void> {
  const siblings = await photosOf(set, transaction);
  const at = siblings.findIndex((sibling) => sibling.id === photo.id);
  const target = direction === "up" ? at - 1 : at + 1;
  if (target < 0 || target >= siblings.length) return;
  [siblings[at], siblings[target]] = [siblings[target]!, siblings[at]!];
  for (const [index, sibling] of siblings.entries()) {
    if (sibling.position !== index) await (sibling as unknown as AnyPhoto).update({ position: index }, { transaction });
  }
}

export async function setCoverIn<M extends StoredPhoto<M>>(set: PhotoSet<M>, photo: M, transaction: Transaction): Promise<void> {
  const { model, where } = loosely(set);
  await model.update({ isCover: false }, { where, transaction });
  await (photo as unknown as AnyPhoto).update({ isCover: true }, { transaction });
}

/** Deletes a photo's row; when it was the cover, the first remaining photo of its set becomes the cover. */
export async function destroyPhotoIn<M extends StoredPhoto<M>>(set: PhotoSet<M>, photo: M, transaction: Transaction): Promise<void> {
  await photo.destroy({ transaction });
  if (photo.isCover) {
    const { model, where } = loosely(set);
    const next = await model.findOne({ where, order: inOrder, transaction });
    if (next) await next.update({ isCover: true }, { transaction });
  }
}
