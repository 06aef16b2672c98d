import type { Migration } from "~/db/migrator.server";

// Issue 19, ADR 191: every candidate index of the search (a place's listings in recommended,
// rating or price order) also holds the map's position and the bedrooms, and the recommended
// order's index the price bound columns — so the map's visible area, the bedrooms filter and a
// price range with dates are tested on index entries, in phase 1, without reading a listing row
// or checking candidates that cannot match. The indexes are rebuilt with the same leading columns
// (same order, same names) and these columns appended.
const EXTRA = ["latitude", "longitude", "bedrooms"];
const BOUNDS = ["price_floor", "price_ceiling", "cleaning_fee", "weekly_discount_pct", "monthly_discount_pct"];
const SEARCH_COLUMNS = ["property_type", "max_guests", "min_nights", "max_nights", "reservation_method", "base_price", "cleaning_fee", "weekly_discount_pct", "monthly_discount_pct"];

function definitions(place: "city" | "governorate", extended: boolean) {
  const head = [place, "status", "visibility", "moderation_state"];
  const recommended = [{ name: "reservation_method", order: "ASC" }, { name: "approved_at", order: "DESC" }, { name: "id", order: "DESC" }];
  return [
    {
      name: `listings_search_${place}_ordered`,
      fields: [...head, ...recommended, "property_type", "max_guests", "min_nights", "max_nights", "base_price", ...(extended ? [...BOUNDS, ...EXTRA] : [])],
    },
    {
      name: `listings_search_${place}_price`,
      fields: [...head, "price_floor", "price_ceiling", ...SEARCH_COLUMNS, "id", ...(extended ? EXTRA : [])],
    },
    {
      name: `listings_search_${place}_rating`,
      fields: [
        ...head,
        { name: "rating", order: "DESC" },
        { name: "review_count", order: "DESC" },
        ...recommended,
        "property_type",
        "max_guests",
        "min_nights",
        "max_nights",
        "price_floor",
        "price_ceiling",
        "cleaning_fee",
        "weekly_discount_pct",
        "monthly_discount_pct",
        ...(extended ? ["base_price", ...EXTRA] : []),
      ],
    },
  ];
}

async function rebuild(queryInterface: Parameters<Migration>[0]["context"]["queryInterface"], extended: boolean) {
  for (const place of ["city", "governorate"] as const) {
    for (const index of definitions(place, extended)) {
      await queryInterface.removeIndex("listings", index.name);
      await queryInterface.addIndex("listings", index.fields as never, { name: index.name });
    }
  }
}

export const up: Migration = async ({ context: { queryInterface } }) => rebuild(queryInterface, true);

export const down: Migration = async ({ context: { queryInterface } }) => rebuild(queryInterface, false);
