// One rule, two forms (issue 11 point 2): the domain's isPublic (app/domain/listing.ts) and the SQL
// every public read uses (app/services/listings/public-listings.server.ts) pick the same listings,
// over every combination of status, visibility, moderation state, soft delete and host suspension.
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { Listing } from "~/db/models/listing.server";
import { getSequelize } from "~/db/sequelize.server";
import { isPublic, LISTING_STATUSES, MODERATION_STATES, VISIBILITIES } from "~/domain/listing";
import { isPublicListing, publicListingCondition, publicListingWhere } from "~/services/listings/public-listings.server";
import { createPublicListing, createUser } from "../factories/discovery-factories";

describe("what is public", () => {
  it("the SQL condition, the Sequelize where and the domain's isPublic agree on every combination", async () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const hosts = {
      free: (await createUser({ firstName: "Free" })).id,
      suspended: (await createUser({ firstName: "Suspended" })).id,
      lifted: (await createUser({ firstName: "Lifted" })).id,
    };
    await HostSuspension.create({ hostId: hosts.suspended, reason: "rating", note: null, suspendedAt: now, liftedAt: null });
    await HostSuspension.create({ hostId: hosts.lifted, reason: "operator", note: null, suspendedAt: now, liftedAt: now });

    const expected = new Set<number>();
    const all: number[] = [];
    for (const status of LISTING_STATUSES)
      for (const visibility of VISIBILITIES)
        for (const moderationState of MODERATION_STATES)
          for (const deletedAt of [null, now])
            for (const [hostKind, hostId] of Object.entries(hosts)) {
              const listing = await createPublicListing({
                hostId,
                status,
                visibility,
                moderationState,
                deletedAt,
                photos: 0,
                amenities: [],
                travelTypes: [],
              });
              all.push(listing.id);
              if (isPublic({ status, visibility, moderationState, deletedAt, hostSuspended: hostKind === "suspended" })) expected.add(listing.id);
            }
    expect(all).toHaveLength(LISTING_STATUSES.length * VISIBILITIES.length * MODERATION_STATES.length * 2 * 3);
    // Only "visible, visible, approved, not deleted" with a free or lifted host is public.
    expect(expected.size).toBe(2);

    const bySql = await getSequelize().query<{ id: number }>(
      `SELECT l.id FROM listings l WHERE l.id IN (:ids) AND ${publicListingCondition("l")}`,
      { replacements: { ids: all }, type: QueryTypes.SELECT },
    );
    expect(bySql.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));

    const byWhere = await Listing.findAll({ where: { ...publicListingWhere(), hostId: Object.values(hosts) }, attributes: ["id"] });
    expect(byWhere.map((row) => row.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));

    const byLookup: number[] = [];
    for (const id of all) if (await isPublicListing(id)) byLookup.push(id);
    expect(byLookup).toEqual([...expected].sort((a, b) => a - b));
  });
});
