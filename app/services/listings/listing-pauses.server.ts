// A listing's visibility, its pauses (nights that cannot be booked) and its soft delete.
import { Op } from "sequelize";
import { ListingPause } from "~/db/models/listing-pause.server";
import { type Visibility } from "~/domain/listing";
import type { PauseInput } from "~/schemas/listing-wizard";
import { AppError } from "~/utils/app-error";
// One SQLite writer at a time: transactions take the write lock at BEGIN and queue (see there).
import { assertOwnerOrOperator, findListing, type Actor } from "~/services/listings/listing-access.server";

// ————————————————————————————————————————————————————————————————————————————— visibility, pauses, delete

export async function setVisibility(actor: Actor, listingId: number, visibility: Visibility): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  listing.visibility = visibility;
  await listing.save();
}

/** Pauses a listing for [startDate, endDate): no booking on those nights. Pauses may not overlap. */
export async function addPause(actor: Actor, listingId: number, input: PauseInput, today: string): Promise<number> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  if (input.endDate <= input.startDate) {
    throw new AppError(400, "listing:errors.endBeforeStart", { fields: { endDate: "listing:errors.endBeforeStart" } });
  }
  if (input.endDate <= today) throw new AppError(400, "listing:errors.pauseInPast", { fields: { startDate: "listing:errors.pauseInPast" } });
  const overlapping = await ListingPause.count({
    where: { listingId, startDate: { [Op.lt]: input.endDate }, endDate: { [Op.gt]: input.startDate } },
  });
  if (overlapping > 0) throw new AppError(409, "listing:errors.pauseOverlaps", { fields: { startDate: "listing:errors.pauseOverlaps" } });
  const pause = await ListingPause.create({ listingId, startDate: input.startDate, endDate: input.endDate });
  return pause.id;
}

export async function removePause(actor: Actor, listingId: number, pauseId: number): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  const removed = await ListingPause.destroy({ where: { id: pauseId, listingId } });
  if (!removed) throw new AppError(404, "listing:errors.notFound");
}

/** Soft delete: the row stays (reservations point at it) with status "deleted"; nobody sees it again. */
export async function softDeleteListing(actor: Actor, listingId: number, now: Date = new Date()): Promise<void> {
  const listing = await findListing(listingId);
  assertOwnerOrOperator(listing, actor);
  listing.deletedAt = now;
  listing.status = "deleted";
  await listing.save();
}
