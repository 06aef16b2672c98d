import type { Migration } from "~/db/migrator.server";

// A governorate's candidates in recommended order straight from the index, as 0033 does for a
// city (a destination names a city, else a governorate: ADR 060). Replaces 0032's governorate index.
const ORDERED = [
  "governorate",
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
];

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex("listings", ORDERED as never, { name: "listings_search_governorate_ordered" });
  await queryInterface.removeIndex("listings", "listings_search_governorate");
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex(
    "listings",
    ["governorate", "status", "visibility", "moderation_state", "reservation_method", "approved_at", "property_type", "max_guests", "min_nights", "max_nights", "base_price"],
    { name: "listings_search_governorate" },
  );
  await queryInterface.removeIndex("listings", "listings_search_governorate_ordered");
};
