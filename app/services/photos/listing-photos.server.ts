// A listing's photos (and a hotel room type's): upload several at once, move one up or down,
// choose the cover, delete. Every upload goes through the image pipeline (real image check, re-encoding);
// the files live in the storage (local disk by default), the rows in listing_photos.
import crypto from "node:crypto";
import { Op, type Transaction } from "sequelize";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import type { Listing } from "~/db/models/listing.server";
import { MAX_LISTING_PHOTOS, MAX_ROOM_TYPE_PHOTOS, MIN_LISTING_PHOTOS } from "~/domain/listing";
import { parseVariants, responsiveSources, variantKeys } from "~/domain/photo-variants";
import { processPhoto, variantsColumn, type ProcessedImage } from "~/services/photos/image-pipeline.server";
import { loadEditableListing, type Actor } from "~/services/listings/listing-access.server";
import { getStorage, type FileStorage } from "~/services/storage/storage.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";

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


/** The stored columns a photo's view is drawn from (a listing's or an experience's photo). */
type StoredPhoto = Pick<ListingPhoto, "id" | "storageKey" | "variants" | "width" | "height" | "position" | "isCover"> & { roomTypeId?: number | null };

export function photoView(photo: StoredPhoto, storage: FileStorage = getStorage()): PhotoView {
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

async function assertRoomTypeOfListing(listing: Listing, roomTypeId: number, transaction?: Transaction) {
  const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
  const roomType = hotel ? await HotelRoomType.findOne({ where: { id: roomTypeId, hotelId: hotel.id }, transaction }) : null;
  if (!roomType) throw new AppError(404, "listing:errors.notFound");
}

function scopeWhere(listingId: number, roomTypeId: number | null) {
  return { listingId, roomTypeId: roomTypeId ?? { [Op.is]: null } } as const;
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

/**
 * Adds photos to a listing (or to one of its hotel room types). All files are checked first:
 * one bad file refuses the whole post with a message naming it, and nothing is stored.
 */
export async function addPhotos(
  actor: Actor,
  listingId: number,
  files: UploadedFile[],
  options: { roomTypeId?: number | null } = {},
): Promise<PhotoView[]> {
  const roomTypeId = options.roomTypeId ?? null;
  const listing = await loadEditableListing(actor, listingId);
  if (roomTypeId !== null) await assertRoomTypeOfListing(listing, roomTypeId);
  if (files.length === 0) throw new AppError(400, "listing:photos.errors.noFile", { fields: { photos: "listing:photos.errors.noFile" } });
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError(400, "listing:photos.errors.tooManyFiles", { values: { max: MAX_FILES_PER_UPLOAD }, fields: { photos: "listing:photos.errors.tooManyFiles" } });
  }
  const existing = await ListingPhoto.count({ where: scopeWhere(listingId, roomTypeId) });
  // A room type holds at most 5 photos plus its cover.
  const limit = roomTypeId === null ? MAX_LISTING_PHOTOS : MAX_ROOM_TYPE_PHOTOS + 1;
  if (existing + files.length > limit) {
    const key = roomTypeId === null ? "listing:photos.errors.tooManyPhotos" : "listing:photos.errors.tooManyRoomPhotos";
    throw new AppError(400, key, { values: { max: limit, left: Math.max(0, limit - existing) }, fields: { photos: key } });
  }

  // Sequentially: sharp is CPU-bound and the machine is small.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processPhoto(file.data, file.name));

  const prefix = `listings/${listingId}`;
  const keys: string[] = [];
  try {
    for (const image of processed) keys.push(await storeProcessedImage(prefix, image));
    const created = await writeTransaction(async (transaction) => {
      const hasCover = (await ListingPhoto.count({ where: { ...scopeWhere(listingId, roomTypeId), isCover: true }, transaction })) > 0;
      const last = (await ListingPhoto.max<number, ListingPhoto>("position", { where: scopeWhere(listingId, roomTypeId), transaction })) ?? -1;
      return ListingPhoto.bulkCreate(
        processed.map((image, index) => ({
          listingId,
          roomTypeId,
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
    if (roomTypeId === null && !listing.savedSteps.includes("photos")) {
      listing.savedSteps = [...listing.savedSteps, "photos"];
      await listing.save();
    }
    return created.map((photo) => photoView(photo));
  } catch (error) {
    await removeStoredPhotoFiles(keys.map((storageKey, index) => ({ storageKey, variants: variantsColumn(processed[index]!) })));
    throw error;
  }
}

async function findPhoto(listingId: number, photoId: number, transaction?: Transaction): Promise<ListingPhoto> {
  const photo = Number.isSafeInteger(photoId) ? await ListingPhoto.findOne({ where: { id: photoId, listingId }, transaction }) : null;
  if (!photo) {
    // A photo deleted meanwhile (another window, a page left open): said about the photo, under
    // the photos it was shown with, not as if the whole listing were gone.
    const key = "listing:photos.errors.photoNotFound";
    throw new AppError(404, key, { fields: { photos: key } });
  }
  return photo;
}

/** Moves one photo up or down by one place among its siblings (the no-JavaScript reorder). */
export async function movePhoto(actor: Actor, listingId: number, photoId: number, direction: "up" | "down"): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadEditableListing(actor, listingId, transaction);
    const photo = await findPhoto(listingId, photoId, transaction);
    const siblings = await ListingPhoto.findAll({
      where: scopeWhere(listingId, photo.roomTypeId),
      order: [["position", "ASC"], ["id", "ASC"]],
      transaction,
    });
    const at = siblings.findIndex((sibling) => sibling.id === photo.id);
    const target = direction === "up" ? at - 1 : at + 1;
    if (target < 0 || target >= siblings.length) return;
    [siblings[at], siblings[target]] = [siblings[target]!, siblings[at]!];
    for (const [index, sibling] of siblings.entries()) {
      if (sibling.position !== index) await sibling.update({ position: index }, { transaction });
    }
  });
}

export async function setCoverPhoto(actor: Actor, listingId: number, photoId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadEditableListing(actor, listingId, transaction);
    const photo = await findPhoto(listingId, photoId, transaction);
    await ListingPhoto.update({ isCover: false }, { where: scopeWhere(listingId, photo.roomTypeId), transaction });
    await photo.update({ isCover: true }, { transaction });
  });
}

/**
 * Deletes a photo and its files; when it was the cover, the first remaining photo becomes the cover.
 * Once a listing has left the draft (submitted, under corrections, approved) it keeps at least
 * MIN_LISTING_PHOTOS photos of its own: the host adds one before deleting one.
 */
export async function deletePhoto(actor: Actor, listingId: number, photoId: number): Promise<void> {
  const photo = await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const photo = await findPhoto(listingId, photoId, transaction);
    if (photo.roomTypeId === null && listing.moderationState !== "draft") {
      const count = await ListingPhoto.count({ where: scopeWhere(listingId, null), transaction });
      if (count - 1 < MIN_LISTING_PHOTOS) {
        const key = "listing:photos.errors.keepMinimum";
        throw new AppError(409, key, { values: { min: MIN_LISTING_PHOTOS }, fields: { photos: key } });
      }
    }
    await photo.destroy({ transaction });
    if (photo.isCover) {
      const next = await ListingPhoto.findOne({
        where: scopeWhere(listingId, photo.roomTypeId),
        order: [["position", "ASC"], ["id", "ASC"]],
        transaction,
      });
      if (next) await next.update({ isCover: true }, { transaction });
    }
    return photo;
  });
  await removeStoredPhotoFiles([photo]);
}
