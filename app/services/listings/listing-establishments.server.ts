// Hotels and guesthouses: the establishment's own information and its room types or rooms; the
// listing's "from" price and capacity follow its rooms.
import { type Transaction } from "sequelize";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { type Listing } from "~/db/models/listing.server";
import type { GuesthouseInfoInput, GuesthouseRoomInput, HotelInfoInput, RoomTypeInput } from "~/schemas/listing-wizard";
import { removeStoredPhotoFiles } from "~/services/photos/photo-set.server";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { writeTransaction } from "~/db/write-transaction.server";
import { loadEditableListing, type Actor } from "~/services/listings/listing-access.server";
import { markSaved } from "~/services/listings/listing-wizard.server";

// ————————————————————————————————————————————————————————————————————————————— establishments

function assertType(listing: Listing, type: "hotel" | "guesthouse") {
  if (listing.propertyType !== type) throw new AppError(409, "listing:errors.wrongType");
}

/** Keeps a hotel's or guesthouse's "from" price and capacity in step with its rooms. */
async function refreshEstablishmentSummary(listing: Listing, transaction: Transaction): Promise<void> {
  if (listing.propertyType === "hotel") {
    const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
    const roomTypes = hotel ? await HotelRoomType.findAll({ where: { hotelId: hotel.id }, transaction }) : [];
    listing.basePrice = roomTypes.length ? Math.min(...roomTypes.map((r) => r.basePrice)) : null;
    listing.maxGuests = roomTypes.length ? Math.max(...roomTypes.map((r) => r.maxOccupancy)) : null;
    listing.bedrooms = hotel?.totalRooms ?? null;
  } else if (listing.propertyType === "guesthouse") {
    const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id }, transaction });
    const rooms = guesthouse ? await GuesthouseRoom.findAll({ where: { guesthouseId: guesthouse.id }, transaction }) : [];
    listing.basePrice = rooms.length ? Math.min(...rooms.map((r) => r.price)) : null;
    listing.maxGuests = rooms.length ? Math.max(...rooms.map((r) => r.maxGuests)) : null;
    listing.bedrooms = guesthouse?.totalRooms ?? null;
    listing.beds = rooms.length ? rooms.reduce((sum, r) => sum + r.beds, 0) : null;
  }
}

export async function saveHotelInfo(actor: Actor, listingId: number, input: HotelInfoInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "hotel");
    const values = {
      name: input.name,
      stars: input.stars ?? null,
      category: input.category || null,
      totalRooms: input.totalRooms,
      descriptionFr: input.descriptionFr || null,
      descriptionEn: input.descriptionEn || null,
      descriptionEs: input.descriptionEs || null,
      checkInTime: input.checkInTime,
      checkOutTime: input.checkOutTime,
    };
    const hotel = await Hotel.findOne({ where: { listingId }, transaction });
    if (hotel) await hotel.update(values, { transaction });
    else {
      await Hotel.create(
        { listingId, ...values, weeklyDiscountPct: listing.weeklyDiscountPct, monthlyDiscountPct: listing.monthlyDiscountPct },
        { transaction },
      );
    }
    // The hotel's times are the listing's times; its name is the listing's title until one is written.
    listing.set({ checkInTime: input.checkInTime, checkOutTime: input.checkOutTime, title: listing.title ?? input.name });
    markSaved(listing, "hotel-info");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

async function hotelOf(listing: Listing, transaction: Transaction): Promise<Hotel> {
  const hotel = await Hotel.findOne({ where: { listingId: listing.id }, transaction });
  if (!hotel) throw new AppError(409, "listing:errors.hotelInfoFirst");
  return hotel;
}

function roomTypeValues(input: RoomTypeInput) {
  return {
    name: input.name,
    description: input.description || null,
    basePrice: input.basePrice,
    sizeM2: input.sizeM2 ?? null,
    maxOccupancy: input.maxOccupancy,
    bedConfiguration: input.bedConfiguration || null,
    quantity: input.quantity,
    features: input.features,
  };
}

export async function addRoomType(actor: Actor, listingId: number, input: RoomTypeInput): Promise<number> {
  return writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "hotel");
    const hotel = await hotelOf(listing, transaction);
    const position = await HotelRoomType.count({ where: { hotelId: hotel.id }, transaction });
    const roomType = await HotelRoomType.create({ hotelId: hotel.id, ...roomTypeValues(input), position }, { transaction });
    markSaved(listing, "room-types");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return roomType.id;
  });
}

async function findRoomType(hotel: Hotel, roomTypeId: number, transaction: Transaction): Promise<HotelRoomType> {
  const roomType = await HotelRoomType.findOne({ where: { id: roomTypeId, hotelId: hotel.id }, transaction });
  if (!roomType) throw new AppError(404, "listing:errors.notFound");
  return roomType;
}

export async function updateRoomType(actor: Actor, listingId: number, roomTypeId: number, input: RoomTypeInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const roomType = await findRoomType(await hotelOf(listing, transaction), roomTypeId, transaction);
    await roomType.update(roomTypeValues(input), { transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

/** Deletes a room type, its photos' rows and their files. */
export async function deleteRoomType(actor: Actor, listingId: number, roomTypeId: number): Promise<void> {
  const photos = await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const roomType = await findRoomType(await hotelOf(listing, transaction), roomTypeId, transaction);
    const photos = await ListingPhoto.findAll({ where: { roomTypeId }, transaction });
    await roomType.destroy({ transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return photos;
  });
  await removeStoredPhotoFiles(photos);
}

export async function saveGuesthouseInfo(actor: Actor, listingId: number, input: GuesthouseInfoInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "guesthouse");
    const values = {
      name: input.name,
      totalRooms: input.totalRooms,
      descriptionFr: input.descriptionFr || null,
      descriptionEn: input.descriptionEn || null,
      descriptionEs: input.descriptionEs || null,
      checkInTime: input.checkInTime,
      checkOutTime: input.checkOutTime,
    };
    const guesthouse = await Guesthouse.findOne({ where: { listingId }, transaction });
    if (guesthouse) await guesthouse.update(values, { transaction });
    else await Guesthouse.create({ listingId, ...values }, { transaction });
    listing.set({ checkInTime: input.checkInTime, checkOutTime: input.checkOutTime, title: listing.title ?? input.name });
    markSaved(listing, "guesthouse-info");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

async function guesthouseOf(listing: Listing, transaction: Transaction): Promise<Guesthouse> {
  const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id }, transaction });
  if (!guesthouse) throw new AppError(409, "listing:errors.guesthouseInfoFirst");
  return guesthouse;
}

async function assertRoomNumberFree(guesthouseId: number, number: string, exceptId: number | null, transaction: Transaction) {
  const clash = await GuesthouseRoom.findOne({ where: { guesthouseId, number }, transaction });
  if (clash && clash.id !== exceptId) {
    throw new AppError(409, "listing:errors.roomNumberTaken", { fields: { number: "listing:errors.roomNumberTaken" } });
  }
}

export async function addGuesthouseRoom(actor: Actor, listingId: number, input: GuesthouseRoomInput): Promise<number> {
  return writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    assertType(listing, "guesthouse");
    const guesthouse = await guesthouseOf(listing, transaction);
    await assertRoomNumberFree(guesthouse.id, input.number, null, transaction);
    const room = await GuesthouseRoom.create({ guesthouseId: guesthouse.id, ...input }, { transaction });
    markSaved(listing, "rooms");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
    return room.id;
  });
}

export async function updateGuesthouseRoom(actor: Actor, listingId: number, roomId: number, input: GuesthouseRoomInput): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const guesthouse = await guesthouseOf(listing, transaction);
    const room = await GuesthouseRoom.findOne({ where: { id: roomId, guesthouseId: guesthouse.id }, transaction });
    if (!room) throw new AppError(404, "listing:errors.notFound");
    await assertRoomNumberFree(guesthouse.id, input.number, room.id, transaction);
    await room.update(input, { transaction });
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}

export async function deleteGuesthouseRoom(actor: Actor, listingId: number, roomId: number): Promise<void> {
  await writeTransaction(async (transaction) => {
    const listing = await loadEditableListing(actor, listingId, transaction);
    const guesthouse = await guesthouseOf(listing, transaction);
    const deleted = await GuesthouseRoom.destroy({ where: { id: roomId, guesthouseId: guesthouse.id }, transaction });
    if (!deleted) throw new AppError(404, "listing:errors.notFound");
    await refreshEstablishmentSummary(listing, transaction);
    await listing.save({ transaction });
  });
}
