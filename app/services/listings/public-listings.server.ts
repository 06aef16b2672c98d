// What is public: a listing anyone may see is approved, switched visible by its host, not deleted,
// and its host is not suspended (PRODUCT.md "Reviews and quality": a host suspension, or the whole
// account suspended by the team, ADR 170). The domain says it once
// (app/domain/listing.ts isPublic); this is the one SQL (and Sequelize) form of the same rule, and
// every public read (search, home, pages, booking, favorites, messaging, profiles) goes through it.
// tests/db/public-listing-rule.test.ts holds the two together.
import { Op, QueryTypes, literal, type WhereOptions } from "sequelize";
import type { Listing } from "~/db/models/listing.server";
import { getSequelize } from "~/db/sequelize.server";
import type { PropertyType } from "~/domain/listing";

/** The SQL condition of a public listing, on the listings table aliased `alias`. */
export function publicListingCondition(alias = "l"): string {
  return [
    `${alias}.status = 'visible'`,
    `${alias}.visibility = 'visible'`,
    `${alias}.moderation_state = 'approved'`,
    `${alias}.deleted_at IS NULL`,
    `NOT EXISTS (SELECT 1 FROM host_suspensions hs WHERE hs.host_id = ${alias}.host_id AND hs.lifted_at IS NULL)`,
    `NOT EXISTS (SELECT 1 FROM users su WHERE su.id = ${alias}.host_id AND su.suspended_at IS NOT NULL)`,
  ].join(" AND ");
}

/** The same condition as a Sequelize where-clause on Listing, to spread into a finder's where. */
export function publicListingWhere(): WhereOptions<Listing> {
  return { [Op.and]: [{ id: { [Op.in]: literal(`(SELECT pl.id FROM listings pl WHERE ${publicListingCondition("pl")})`) } }] };
}

/** The listing's id and type when it is public, else null. */
export async function isPublicListing(id: number): Promise<{ id: number; propertyType: PropertyType } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await getSequelize().query<{ id: number; property_type: PropertyType }>(
    `SELECT l.id, l.property_type FROM listings l WHERE l.id = :id AND ${publicListingCondition("l")}`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  const row = rows[0];
  return row ? { id: Number(row.id), propertyType: row.property_type } : null;
}
