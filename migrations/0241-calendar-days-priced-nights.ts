import type { Migration } from "~/db/migrator.server";

// ADR 259. A search sorted by the stay's total reaches, past its first batches, every whole
// listing whose price ceiling could still place it on the page, and sums each one's nights from
// the calendar (a probe per listing: ~1,150 in a high→low search of a city at 100,000 listings,
// most of MariaDB's and SQLite's time for that page). A listing whose base-price key cannot reach
// the page can only reach it through a per-date price of the stay itself that is at least (at
// most, low→high) a bound per night; this index lists those nights by date and price, so the
// walk finds them with one range per night of the stay instead of a probe per listing.
const CALENDAR_DAYS_DATE_PRICE = { name: "calendar_days_date_price", fields: ["date", "price", "listing_id"] };

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addIndex("calendar_days", CALENDAR_DAYS_DATE_PRICE.fields, { name: CALENDAR_DAYS_DATE_PRICE.name });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex("calendar_days", CALENDAR_DAYS_DATE_PRICE.name);
};
