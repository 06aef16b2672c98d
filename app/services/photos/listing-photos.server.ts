// A listing's photos (and a hotel room type's), through the photo pipeline (photo-set.server.ts):
// the listing's editor checks, the room type's and the listing's limits, and the photos a listing
// keeps once it has left the draft. The rows live in listing_photos.
import { Op, type Transaction } from "sequelize";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import type { Listing } from "~/db/models/listing.server";
import { MAX_LISTING_PHOTOS, MAX_ROOM_TYPE_PHOTOS, MIN_LISTING_PHOTOS } from "~/domain/listing";
import { loadEditableListing, type Actor } from "~/services/listings/listing-access.server";
import { addPhotosTo, destroyPhotoIn, findPhotoIn, movePhotoIn, removeStoredPhotoFiles, setCoverIn, type PhotoSet, type PhotoView, type UploadedFile } from "~/services/photos/photo-set.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";

async function assertRoomTypeOfListing(listing: Listing, roomTypeId: number, transaction?: Transaction) {
  const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
  const roomType = hotel ? await HotelRoomType.findOne({ where: { id: roomTypeId, hotelId: hotel.id }, transaction }) : null;
  if (!roomType) throw new AppError(404, "listing:errors.notFound");
}

/** The listing's own photos (`roomTypeId` null) or one room type's. */
function photoSet(listingId: number, roomTypeId: number | null): PhotoSet<ListingPhoto> {
  return { model: ListingPhoto, where: { listingId, roomTypeId: roomTypeId ?? { [Op.is]: null } } };
}

/** Every photo of the listing, its room types' included: where a photo id is looked up. */
function allPhotos(listingId: number): PhotoSet<ListingPhoto> {
  return { model: ListingPhoto, where: { listingId } };
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
  return addPhotosTo(photoSet(listingId, roomTypeId), files, {
    // A room type holds at most 5 photos plus its cover.
    limit: roomTypeId === null ? MAX_LISTING_PHOTOS : MAX_ROOM_TYPE_PHOTOS + 1,
    tooManyKey: roomTypeId === null ? "listing:photos.errors.tooManyPhotos" : "listing:photos.errors.tooManyRoomPhotos",
    prefix: `listings/${listingId}`,
    columns: { listingId, roomTypeId },
    afterCreate: async () => {
      if (roomTypeId === null && !listing.savedSteps.includes("photos")) {
        listing.savedSteps = [...listing.savedSteps, "photos"];
        await listing.save();
      }
    },
  });
}

/** Moves one photo up or down by one place among its siblings (the no-JavaScript reorder). */
export async function movePhoto(actor: Actor, listingId: number, photoId: number, direction: "up" | "down"): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadEditableListing(actor, listingId, transaction);
    const photo = await findPhotoIn(allPhotos(listingId), photoId, transaction);
    await movePhotoIn(photoSet(listingId, photo.roomTypeId), photo, direction, transaction);
  });
}

export async function setCoverPhoto(actor: Actor, listingId: number, photoId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    await loadEditableListing(actor, listingId, transaction);
    const photo = await findPhotoIn(allPhotos(listingId), photoId, transaction);
    await setCoverIn(photoSet(listingId, photo.roomTypeId), photo, transaction);
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
    const photo = await findPhotoIn(allPhotos(listingId), photoId, transaction);
    if (photo.roomTypeId === null && listing.moderationState !== "draft") {
      const count = await ListingPhoto.count({ where: photoSet(listingId, null).where, transaction });
      if (count - 1 < MIN_LISTING_PHOTOS) {
        const key = "listing:photos.errors.keepMinimum";
        throw new AppError(409, key, { values: { min: MIN_LISTING_PHOTOS }, fields: { photos: key } });
      }
    }
    await destroyPhotoIn(photoSet(listingId, photo.roomTypeId), photo, transaction);
    return photo;
  });
  await removeStoredPhotoFiles([photo]);
}
