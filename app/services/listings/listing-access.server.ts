// Who may touch a listing: its host, or an operator of the Darna team. Shared by the listing and
// photo services so both answer the same 403/404/409. Its day-to-day running (calendar, prices,
// calendar sync) is open to its co-hosts too (loadManagedListing, ADR 147); editing, deleting,
// payouts and co-hosts stay the host's.
import type { Transaction } from "sequelize";
import { Listing } from "~/db/models/listing.server";
import { isCohostOf } from "~/services/cohosts/cohost-access.server";
import { AppError } from "~/utils/app-error";
import { can, type UserRole } from "~/domain/staff-roles";

export interface Actor {
  id: number;
  role: UserRole;
}

/** A listing that exists and is not deleted, else 404. */
export async function findListing(id: number, transaction?: Transaction): Promise<Listing> {
  const listing = Number.isSafeInteger(id) ? await Listing.findByPk(id, { transaction }) : null;
  if (!listing || listing.status === "deleted") throw new AppError(404, "listing:errors.notFound");
  return listing;
}

export function assertOwnerOrOperator(listing: Listing, actor: Actor): void {
  if (listing.hostId !== actor.id && !can(actor.role, "moderate")) throw new AppError(403, "listing:errors.forbidden");
}

/** The listing if `actor` may edit it now: its host (or an operator), not while under review, never once rejected. */
export async function loadEditableListing(actor: Actor, id: number, transaction?: Transaction): Promise<Listing> {
  const listing = await findListing(id, transaction);
  assertOwnerOrOperator(listing, actor);
  if (listing.moderationState === "pending_review" && !can(actor.role, "moderate")) {
    throw new AppError(409, "listing:errors.underReview");
  }
  if (listing.moderationState === "rejected") throw new AppError(409, "listing:errors.rejectedFinal");
  return listing;
}

/** The listing if `actor` may run its calendar and reservations: its host, an operator or one of its co-hosts. */
export async function loadManagedListing(actor: Actor, id: number): Promise<Listing> {
  const listing = await findListing(id);
  if (listing.hostId === actor.id || actor.role === "operator") return listing;
  if (await isCohostOf(actor.id, listing.id)) return listing;
  throw new AppError(403, "listing:errors.forbidden");
}
