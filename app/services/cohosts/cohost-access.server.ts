// Which listings a user co-hosts: those of an accepted invitation, as long as the inviting host
// still owns them (ADR 147). The listing and reservation access functions ask this module; the
// SQL fragment serves the lists written in SQL (conversations).
import { QueryTypes, type Transaction } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** `listing_id`s the user `:cohostId` co-hosts, for `listing_id IN (…)`. */
export const COHOSTED_LISTINGS_SQL = `SELECT cl.listing_id FROM cohost_listings cl
    JOIN cohost_invitations ci ON ci.id = cl.invitation_id AND ci.status = 'accepted'
    JOIN listings cl_l ON cl_l.id = cl.listing_id AND cl_l.host_id = ci.host_id
   WHERE ci.cohost_id = :cohostId`;

export async function cohostedListingIds(userId: number, transaction?: Transaction): Promise<number[]> {
  const rows = await getSequelize().query<{ listing_id: number }>(COHOSTED_LISTINGS_SQL, {
    replacements: { cohostId: userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.map((row) => Number(row.listing_id));
}

export async function isCohostOf(userId: number, listingId: number, transaction?: Transaction): Promise<boolean> {
  const rows = await getSequelize().query<{ listing_id: number }>(`${COHOSTED_LISTINGS_SQL} AND cl.listing_id = :listingId LIMIT 1`, {
    replacements: { cohostId: userId, listingId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.length > 0;
}

/** The co-hosts of a listing (user ids), e.g. to push them its new messages. */
export async function cohostsOf(listingId: number): Promise<number[]> {
  const rows = await getSequelize().query<{ cohost_id: number }>(
    `SELECT ci.cohost_id FROM cohost_listings cl
       JOIN cohost_invitations ci ON ci.id = cl.invitation_id AND ci.status = 'accepted'
       JOIN listings l ON l.id = cl.listing_id AND l.host_id = ci.host_id
      WHERE cl.listing_id = :listingId`,
    { replacements: { listingId }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => Number(row.cohost_id));
}
