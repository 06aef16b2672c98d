import type { Migration } from "~/db/migrator.server";

// Issue 19, ADR 241: a search sorted by the stay's total walks the candidates of a place in the
// order of a price bound, straight from an index, instead of sorting every candidate of the place
// by an expression (a popular city holds ~15,000 in the bench).
// - low→high walks `price_floor` ascending: listings_search_<place>_price already has it right
//   after the place's equality columns;
// - high→low walks `price_ceiling` descending: listings_search_<place>_ceiling, the same covering
//   columns with the ceiling first;
// - the bound of the candidates not read yet needs the largest length-of-stay discount (listings
//   and hotels) and the largest cleaning fee: a MAX over a single-column index each, answered
//   from the index's end.
const COVERING = [
  "price_floor",
  "property_type",
  "max_guests",
  "min_nights",
  "max_nights",
  "reservation_method",
  "base_price",
  "cleaning_fee",
  "weekly_discount_pct",
  "monthly_discount_pct",
  "id",
  "latitude",
  "longitude",
  "bedrooms",
];

const MAXIMA: Array<[table: string, column: string]> = [
  ["listings", "cleaning_fee"],
  ["listings", "weekly_discount_pct"],
  ["listings", "monthly_discount_pct"],
  ["hotels", "weekly_discount_pct"],
  ["hotels", "monthly_discount_pct"],
];

export const up: Migration = async ({ context: { queryInterface } }) => {
  for (const place of ["city", "governorate"]) {
    await queryInterface.addIndex("listings", [place, "status", "visibility", "moderation_state", "price_ceiling", ...COVERING], {
      name: `listings_search_${place}_ceiling`,
    });
  }
  for (const [table, column] of MAXIMA) await queryInterface.addIndex(table, [column], { name: `${table}_${column}_max` });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const place of ["city", "governorate"]) await queryInterface.removeIndex("listings", `listings_search_${place}_ceiling`);
  for (const [table, column] of MAXIMA) await queryInterface.removeIndex(table, `${table}_${column}_max`);
};
