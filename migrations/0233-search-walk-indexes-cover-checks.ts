import type { Migration } from "~/db/migrator.server";

// Issue 19, ADR 246: on MariaDB a search in the recommended or rating order is one statement that
// walks the place's index in that order and checks each entry as it reads it (walkMatches). The
// checks read three columns of the listing itself — deleted_at and host_id (the public rule) and
// pets_allowed — which no candidate index held, so each entry walked cost a read of the listing's
// row (625 rows for a filtered search of Hammamet in the bench: most of its time). They are
// appended to the two walked indexes of a city and of a governorate (same names, same leading
// columns), which then cover the whole statement's reads of listings.
const CHECKED = ["deleted_at", "host_id", "pets_allowed"];
const EXTRA = ["latitude", "longitude", "bedrooms"];
const BOUNDS = ["price_floor", "price_ceiling", "cleaning_fee", "weekly_discount_pct", "monthly_discount_pct"];

function definitions(place: "city" | "governorate", covering: boolean) {
  const head = [place, "status", "visibility", "moderation_state"];
  const recommended = [{ name: "reservation_method", order: "ASC" }, { name: "approved_at", order: "DESC" }, { name: "id", order: "DESC" }];
  const checked = covering ? CHECKED : [];
  return [
    {
      name: `listings_search_${place}_ordered`,
      fields: [...head, ...recommended, "property_type", "max_guests", "min_nights", "max_nights", "base_price", ...BOUNDS, ...EXTRA, ...checked],
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
        ...BOUNDS,
        "base_price",
        ...EXTRA,
        ...checked,
      ],
    },
  ];
}

async function rebuild(queryInterface: Parameters<Migration>[0]["context"]["queryInterface"], covering: boolean) {
  for (const place of ["city", "governorate"] as const) {
    for (const index of definitions(place, covering)) {
      await queryInterface.removeIndex("listings", index.name);
      await queryInterface.addIndex("listings", index.fields as never, { name: index.name });
    }
  }
}

export const up: Migration = async ({ context: { queryInterface } }) => rebuild(queryInterface, true);

export const down: Migration = async ({ context: { queryInterface } }) => rebuild(queryInterface, false);
