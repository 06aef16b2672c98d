import type { Migration } from "~/db/migrator.server";

// The search lists a place's candidates in the page's order before checking their nights
// (app/services/search/search.server.ts, ADR 060). These indexes hold every column that listing reads,
// so it never touches the table rows — a popular city's thousands of listings are sorted from the
// index alone, and only the first few hundred are checked night by night. They replace 0031's
// (status, visibility, governorate) index.
const COLUMNS = [
  "status",
  "visibility",
  "moderation_state",
  "reservation_method",
  "approved_at",
  "property_type",
  "max_guests",
  "min_nights",
  "max_nights",
  "base_price",
];

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex("listings", ["city", ...COLUMNS], { name: "listings_search_city" });
  await queryInterface.addIndex("listings", ["governorate", ...COLUMNS], { name: "listings_search_governorate" });
  await queryInterface.removeIndex("listings", "listings_public_governorate");
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex("listings", ["status", "visibility", "governorate"], { name: "listings_public_governorate" });
  await queryInterface.removeIndex("listings", "listings_search_governorate");
  await queryInterface.removeIndex("listings", "listings_search_city");
};
