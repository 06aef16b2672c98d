import type { Migration } from "~/db/migrator.server";

// Indexes for the traveler search (ADR 060). The search filters public listings by city or
// governorate, then checks every night of the stay with NOT EXISTS probes on reservation_nights
// (listing_id, unit_key, night, slot — migration 0040), calendar_days (listing_id, date) and
// listing_pauses (listing_id, start_date), which already have the indexes they need.
//
// host_suspensions: PRODUCT.md "Reviews and quality" suspends a host's listings from search while
// their average rating is below 4 (or until an operator lifts it). The reviews work writes rows
// here; the search honours any row not lifted yet.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.addIndex("listings", ["status", "visibility", "governorate"], { name: "listings_public_governorate" });
  await queryInterface.addIndex("listings", ["status", "visibility", "approved_at"], { name: "listings_public_approved_at" });
  await queryInterface.addIndex("listings", ["status", "visibility", "base_price"], { name: "listings_public_base_price" });
  await queryInterface.addIndex("hotel_room_types", ["hotel_id"], { name: "hotel_room_types_hotel" });

  await queryInterface.createTable("host_suspensions", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    // rating | operator
    reason: { type: DataTypes.STRING(16), allowNull: false },
    note: { type: DataTypes.TEXT, allowNull: true },
    suspended_at: { type: DataTypes.DATE, allowNull: false },
    lifted_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("host_suspensions", ["host_id", "lifted_at"], { name: "host_suspensions_active" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("host_suspensions");
  await queryInterface.removeIndex("hotel_room_types", "hotel_room_types_hotel");
  await queryInterface.removeIndex("listings", "listings_public_base_price");
  await queryInterface.removeIndex("listings", "listings_public_approved_at");
  await queryInterface.removeIndex("listings", "listings_public_governorate");
};
