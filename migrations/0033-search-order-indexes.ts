import type { Migration } from "~/db/migrator.server";

// The recommended order (instant book first, then the newest approved: reservation_method ASC —
// "direct" sorts before "request" — approved_at DESC, id DESC) read straight from the index for a
// city, so the search stops after the first few hundred candidates instead of sorting them all
// (ADR 060). Replaces 0032's city index; the filter columns stay in it, so it still covers the
// candidates' listing.
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex(
    "listings",
    [
      "city",
      "status",
      "visibility",
      "moderation_state",
      { name: "reservation_method", order: "ASC" },
      { name: "approved_at", order: "DESC" },
      { name: "id", order: "DESC" },
      "property_type",
      "max_guests",
      "min_nights",
      "max_nights",
      "base_price",
    ] as never,
    { name: "listings_search_city_ordered" },
  );
  await queryInterface.removeIndex("listings", "listings_search_city");
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex(
    "listings",
    ["city", "status", "visibility", "moderation_state", "reservation_method", "approved_at", "property_type", "max_guests", "min_nights", "max_nights", "base_price"],
    { name: "listings_search_city" },
  );
  await queryInterface.removeIndex("listings", "listings_search_city_ordered");
};
