import type { Migration } from "~/db/migrator.server";

// Covering indexes for the search's second phase (ADR 060): checking a batch of candidates reads,
// per listing, only what makes it public and the filters kept outside the candidate index — from
// a narrow index instead of the wide listing rows (descriptions, address…), so the check stays in
// memory on a server whose buffer pool is much smaller than the listings table. Blocked days are
// probed on (listing_id, blocked, date) without reading the calendar rows themselves.
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex(
    "listings",
    [
      "id",
      "status",
      "visibility",
      "moderation_state",
      "deleted_at",
      "host_id",
      "property_type",
      "pets_allowed",
      "bedrooms",
      "latitude",
      "longitude",
    ],
    { name: "listings_search_check" },
  );
  await queryInterface.addIndex("calendar_days", ["listing_id", "blocked", "date"], { name: "calendar_days_listing_blocked_date" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex("calendar_days", "calendar_days_listing_blocked_date");
  await queryInterface.removeIndex("listings", "listings_search_check");
};
