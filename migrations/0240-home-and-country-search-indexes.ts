import type { Migration } from "~/db/migrator.server";

// ADR 256. Two pages sorted every public listing on every request at 100,000 listings:
// - /accommodation with no destination (the whole country) in the recommended order: no index held
//   the public listings in that order (only each city's and governorate's do, migration 0033), so
//   the walk's first statement sorted them all (SQLite 150 ms of CPU a page, MariaDB 300 ms).
// - the home page's recent good reviews, newest first: no index held the visible reviews by date,
//   so the planner walked every public listing for its reviews and sorted what it found.
// And the home page's figures worked out once a minute (the request that finds them stale waits):
// - its best sellers (confirmed reservations made in the last 90 days, per listing) read every
//   reservation row of every public listing (MariaDB 11 s, SQLite 2.3 s): now a range of an index
//   that holds what they count (MariaDB 0.7-1 s, SQLite 1 s);
// - its count of stays that happened (confirmed, checked out) read every confirmed reservation's
//   row (MariaDB 0.8 s, SQLite 0.5 s): now an index range (14 ms).
const LISTINGS_PUBLIC_ORDERED = {
  name: "listings_public_ordered",
  fields: [
    "status",
    "visibility",
    "moderation_state",
    { name: "reservation_method", order: "ASC" },
    { name: "approved_at", order: "DESC" },
    { name: "id", order: "DESC" },
  ],
};
const REVIEWS_RECENT_VISIBLE = { name: "reviews_recent_visible", fields: ["hidden_at", { name: "created_at", order: "DESC" }, { name: "id", order: "DESC" }] };
const RESERVATIONS_STATUS_CREATED = { name: "reservations_status_created_listing", fields: ["status", "created_at", "listing_id"] };
const RESERVATIONS_STATUS_CHECK_OUT = { name: "reservations_status_check_out", fields: ["status", "check_out"] };

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex("listings", LISTINGS_PUBLIC_ORDERED.fields as never, { name: LISTINGS_PUBLIC_ORDERED.name });
  await queryInterface.addIndex("reviews", REVIEWS_RECENT_VISIBLE.fields as never, { name: REVIEWS_RECENT_VISIBLE.name });
  await queryInterface.addIndex("reservations", RESERVATIONS_STATUS_CREATED.fields, { name: RESERVATIONS_STATUS_CREATED.name });
  await queryInterface.addIndex("reservations", RESERVATIONS_STATUS_CHECK_OUT.fields, { name: RESERVATIONS_STATUS_CHECK_OUT.name });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex("reservations", RESERVATIONS_STATUS_CHECK_OUT.name);
  await queryInterface.removeIndex("reservations", RESERVATIONS_STATUS_CREATED.name);
  await queryInterface.removeIndex("reviews", REVIEWS_RECENT_VISIBLE.name);
  await queryInterface.removeIndex("listings", LISTINGS_PUBLIC_ORDERED.name);
};
