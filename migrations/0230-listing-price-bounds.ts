import type { Sequelize } from "sequelize";
import type { Migration } from "~/db/migrator.server";

// Issue 19, ADR 190: each listing carries the cheapest and the dearest price any of its nights can
// have — `price_floor` and `price_ceiling`, millimes per night (one room) — so a search sorted or
// filtered by the stay's total ranks and prunes listings without reading their nights, and
// computes exact totals only for the few that can reach the page.
//
// - Whole listings: floor = the smaller of the base price and every per-date price of the
//   calendar; ceiling = the larger. Past dates count too: they only widen the bounds.
// - Guesthouses: their rooms' cheapest and dearest prices (a room is booked alone, with the
//   listing's cleaning fee and discounts). Hotels: the cheapest room type's price; their ceiling
//   stays NULL (the cheapest fitting offer takes as many rooms as the guests need): a
//   price-descending search prices them first.
//
// Kept by triggers in the SAME statement (so the same transaction) as every change of a price:
// calendar_days rows, a listing's base price or type, room types and guesthouse rooms. The bounds
// never need to be tight, only true: a bound made looser by a cascade (a deleted room type or
// calendar row) costs a few more exact prices, never a wrong order.

function floorSql(id: string, type: string, base: string): string {
  const own = `(SELECT MIN(cd.price) FROM calendar_days cd WHERE cd.listing_id = ${id} AND cd.price IS NOT NULL)`;
  return `CASE
    WHEN ${type} = 'hotel' THEN (SELECT MIN(rt.base_price) FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id WHERE h.listing_id = ${id})
    WHEN ${type} = 'guesthouse' THEN (SELECT MIN(r.price) FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id WHERE g.listing_id = ${id})
    WHEN ${own} IS NULL OR ${own} > COALESCE(${base}, 0) THEN COALESCE(${base}, 0)
    ELSE ${own} END`;
}

function ceilingSql(id: string, type: string, base: string): string {
  const own = `(SELECT MAX(cd.price) FROM calendar_days cd WHERE cd.listing_id = ${id} AND cd.price IS NOT NULL)`;
  return `CASE
    WHEN ${type} = 'hotel' THEN NULL
    WHEN ${type} = 'guesthouse' THEN (SELECT MAX(r.price) FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id WHERE g.listing_id = ${id})
    WHEN ${own} IS NULL OR ${own} < COALESCE(${base}, 0) THEN COALESCE(${base}, 0)
    ELSE ${own} END`;
}

/** Sets both bounds of the listings `where` selects (columns of `listings` unqualified). */
function refreshSql(where: string): string {
  return `UPDATE listings SET price_floor = ${floorSql("listings.id", "listings.property_type", "listings.base_price")},
            price_ceiling = ${ceilingSql("listings.id", "listings.property_type", "listings.base_price")}
          WHERE ${where}`;
}

const CHILD_TABLES: Array<{ table: string; listing: (row: "NEW" | "OLD") => string }> = [
  { table: "calendar_days", listing: (row) => `${row}.listing_id` },
  { table: "hotel_room_types", listing: (row) => `(SELECT h.listing_id FROM hotels h WHERE h.id = ${row}.hotel_id)` },
  { table: "guesthouse_rooms", listing: (row) => `(SELECT g.listing_id FROM guesthouses g WHERE g.id = ${row}.guesthouse_id)` },
];

export const PRICE_BOUND_TRIGGERS = [
  ...CHILD_TABLES.flatMap(({ table }) => ["insert", "update", "delete"].map((event) => `${table}_price_bounds_${event}`)),
  "listings_price_bounds_insert",
  "listings_price_bounds_update",
];

export async function createPriceBoundTriggers(sequelize: Sequelize): Promise<void> {
  const sqlite = sequelize.getDialect() === "sqlite";
  for (const { table, listing } of CHILD_TABLES) {
    for (const event of ["insert", "update", "delete"] as const) {
      const rows: Array<"NEW" | "OLD"> = event === "insert" ? ["NEW"] : event === "delete" ? ["OLD"] : ["NEW", "OLD"];
      const statements = rows.map((row) => `${refreshSql(`listings.id = ${listing(row)}`)};`).join("\n");
      await sequelize.query(
        `CREATE TRIGGER ${table}_price_bounds_${event} AFTER ${event.toUpperCase()} ON ${table} FOR EACH ROW
           BEGIN ${statements} END`,
      );
    }
  }
  if (sqlite) {
    await sequelize.query(
      `CREATE TRIGGER listings_price_bounds_insert AFTER INSERT ON listings FOR EACH ROW
         BEGIN ${refreshSql("listings.id = NEW.id")}; END`,
    );
    await sequelize.query(
      `CREATE TRIGGER listings_price_bounds_update AFTER UPDATE OF base_price, property_type ON listings FOR EACH ROW
         BEGIN ${refreshSql("listings.id = NEW.id")}; END`,
    );
  } else {
    // MariaDB/MySQL: a trigger cannot update its own table; it sets the row being written.
    await sequelize.query(
      `CREATE TRIGGER listings_price_bounds_insert BEFORE INSERT ON listings FOR EACH ROW
         BEGIN
           SET NEW.price_floor = ${floorSql("NEW.id", "NEW.property_type", "NEW.base_price")};
           SET NEW.price_ceiling = ${ceilingSql("NEW.id", "NEW.property_type", "NEW.base_price")};
         END`,
    );
    await sequelize.query(
      `CREATE TRIGGER listings_price_bounds_update BEFORE UPDATE ON listings FOR EACH ROW
         BEGIN
           IF NOT (NEW.base_price <=> OLD.base_price) OR NOT (NEW.property_type <=> OLD.property_type) THEN
             SET NEW.price_floor = ${floorSql("NEW.id", "NEW.property_type", "NEW.base_price")};
             SET NEW.price_ceiling = ${ceilingSql("NEW.id", "NEW.property_type", "NEW.base_price")};
           END IF;
         END`,
    );
  }
}

export async function dropPriceBoundTriggers(sequelize: Sequelize): Promise<void> {
  for (const name of PRICE_BOUND_TRIGGERS) await sequelize.query(`DROP TRIGGER IF EXISTS ${name}`);
}

/** Computes every listing's bounds from scratch (the migration; the bench after a bulk load). */
export async function backfillPriceBounds(sequelize: Sequelize): Promise<void> {
  await sequelize.query(refreshSql("1 = 1"));
}

const SEARCH_COLUMNS = ["property_type", "max_guests", "min_nights", "max_nights", "reservation_method", "base_price", "cleaning_fee", "weekly_discount_pct", "monthly_discount_pct"];

export const up: Migration = async ({ context: { queryInterface, sequelize } }) => {
  const { DataTypes } = await import("sequelize");
  await queryInterface.addColumn("listings", "price_floor", { type: DataTypes.BIGINT, allowNull: true });
  await queryInterface.addColumn("listings", "price_ceiling", { type: DataTypes.BIGINT, allowNull: true });
  await backfillPriceBounds(sequelize);
  await createPriceBoundTriggers(sequelize);
  // Sorted by price: the candidates of a place with what their lower (upper) bound needs, read
  // from the index alone (no listing row) and ordered by the bound.
  for (const place of ["city", "governorate"]) {
    await queryInterface.addIndex(
      "listings",
      [place, "status", "visibility", "moderation_state", "price_floor", "price_ceiling", ...SEARCH_COLUMNS, "id"],
      { name: `listings_search_${place}_price` },
    );
    // Sorted by rating: rated first, best first (NULL — unrated — sorts last descending in both
    // databases), ties by the number of reviews, then the recommended order; read in order.
    await queryInterface.addIndex(
      "listings",
      [
        place,
        "status",
        "visibility",
        "moderation_state",
        { name: "rating", order: "DESC" },
        { name: "review_count", order: "DESC" },
        { name: "reservation_method", order: "ASC" },
        { name: "approved_at", order: "DESC" },
        { name: "id", order: "DESC" },
        "property_type",
        "max_guests",
        "min_nights",
        "max_nights",
        "price_floor",
        "price_ceiling",
        "cleaning_fee",
        "weekly_discount_pct",
        "monthly_discount_pct",
      ] as never,
      { name: `listings_search_${place}_rating` },
    );
  }
};

export const down: Migration = async ({ context: { queryInterface, sequelize } }) => {
  await dropPriceBoundTriggers(sequelize);
  for (const place of ["city", "governorate"]) {
    await queryInterface.removeIndex("listings", `listings_search_${place}_price`);
    await queryInterface.removeIndex("listings", `listings_search_${place}_rating`);
  }
  await queryInterface.removeColumn("listings", "price_ceiling");
  await queryInterface.removeColumn("listings", "price_floor");
};
