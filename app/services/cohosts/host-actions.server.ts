// Who did what on a listing (ADR 147): every reservation decision and calendar change records
// its actor — the host or a co-host — in the transaction of the change, and the host reads them
// on the reservation's page and on /dashboard/cohosts.
import { Op, type Transaction } from "sequelize";
import { HostAction, type HostActionKind } from "~/db/models/host-action.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";

export async function recordHostAction(
  input: { listingId: number; reservationId?: number | null; actorId: number; action: HostActionKind; detail?: string | null; now?: Date },
  transaction?: Transaction,
): Promise<void> {
  await HostAction.create(
    {
      listingId: input.listingId,
      reservationId: input.reservationId ?? null,
      actorId: input.actorId,
      action: input.action,
      detail: input.detail ?? null,
      createdAt: input.now ?? new Date(),
    },
    { transaction },
  );
}

export interface HostActionView {
  id: number;
  action: HostActionKind;
  listingId: number;
  listingTitle: string;
  reservationId: number | null;
  detail: string | null;
  actorName: string;
  /** True when the actor is not the listing's host (a co-host). */
  byCohost: boolean;
  at: string;
}

async function toViews(actions: HostAction[]): Promise<HostActionView[]> {
  const listingIds = [...new Set(actions.map((action) => action.listingId))];
  const userIds = [...new Set(actions.map((action) => action.actorId))];
  const [listings, users] = await Promise.all([
    Listing.findAll({ attributes: ["id", "title", "hostId"], where: { id: { [Op.in]: listingIds } } }),
    User.findAll({ attributes: ["id", "firstName", "lastName"], where: { id: { [Op.in]: userIds } } }),
  ]);
  const listingById = new Map(listings.map((listing) => [listing.id, listing]));
  const userById = new Map(users.map((user) => [user.id, user]));
  return actions.map((action) => {
    const listing = listingById.get(action.listingId);
    const user = userById.get(action.actorId);
    return {
      id: action.id,
      action: action.action,
      listingId: action.listingId,
      listingTitle: listing?.title ?? `#${action.listingId}`,
      reservationId: action.reservationId,
      detail: action.detail,
      actorName: user ? `${user.firstName} ${user.lastName}`.trim() : "",
      byCohost: listing ? listing.hostId !== action.actorId : false,
      at: new Date(action.createdAt).toISOString(),
    };
  });
}

/** What was done on a reservation, oldest first (accepted by, declined by, cancelled by). */
export async function reservationActions(reservationId: number): Promise<HostActionView[]> {
  const actions = await HostAction.findAll({ where: { reservationId }, order: [["id", "ASC"]] });
  return toViews(actions);
}

/** The latest actions on a host's listings, newest first. */
export async function hostActivity(hostId: number, limit = 50): Promise<HostActionView[]> {
  const listings = await Listing.findAll({ attributes: ["id"], where: { hostId } });
  if (listings.length === 0) return [];
  const actions = await HostAction.findAll({
    where: { listingId: { [Op.in]: listings.map((listing) => listing.id) } },
    order: [["id", "DESC"]],
    limit,
  });
  return toViews(actions);
}
