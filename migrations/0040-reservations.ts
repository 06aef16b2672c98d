import type { Migration } from "~/db/migrator.server";

// Reservations and the nights they hold. PRODUCT.md: no two holding reservations ever share a
// night of the same listing (or more rooms than a room type's quantity), enforced by the
// database: a holding reservation owns one reservation_nights row per night and room "slot", and
// the unique index (listing_id, unit_key, night, slot) refuses a second owner, whatever the
// concurrency. Freeing nights = deleting those rows, in the transaction that cancels/expires.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const money = { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 };
  await queryInterface.createTable("reservations", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(16), allowNull: false, unique: true },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" } },
    // Establishments: a hotel room type (with `rooms` of its quantity) or one guesthouse room.
    room_type_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "hotel_room_types", key: "id" } },
    guesthouse_room_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "guesthouse_rooms", key: "id" } },
    rooms: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    traveler_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    check_in: { type: DataTypes.DATEONLY, allowNull: false },
    check_out: { type: DataTypes.DATEONLY, allowNull: false },
    adults: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    children: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    infants: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    pets: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    // direct | request
    method: { type: DataTypes.STRING(16), allowNull: false },
    // pending_host | pending_payment | confirmed | declined | cancelled | expired
    status: { type: DataTypes.STRING(24), allowNull: false },
    hold_expires_at: { type: DataTypes.DATE, allowNull: true },
    respond_by: { type: DataTypes.DATE, allowNull: true },
    // The quote at booking time, in TND millimes (app/domain/pricing.ts).
    nights: { type: DataTypes.INTEGER, allowNull: false },
    nights_total: money,
    discount: money,
    cleaning_fee: money,
    service_fee: money,
    total: money,
    host_commission: money,
    host_payout: money,
    voucher_applied: money,
    // The display currency and rate the traveler saw (charged in TND regardless).
    display_currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    display_rate_micros: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 1_000_000 },
    decline_reason: { type: DataTypes.TEXT, allowNull: true },
    cancelled_by: { type: DataTypes.STRING(16), allowNull: true },
    cancelled_at: { type: DataTypes.DATE, allowNull: true },
    confirmed_at: { type: DataTypes.DATE, allowNull: true },
    language: { type: DataTypes.STRING(2), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("reservations", ["listing_id", "check_in"]);
  await queryInterface.addIndex("reservations", ["traveler_id", "created_at"]);
  await queryInterface.addIndex("reservations", ["host_id", "status"]);
  await queryInterface.addIndex("reservations", ["status", "hold_expires_at"]);

  await queryInterface.createTable("reservation_nights", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: "reservations", key: "id" },
      onDelete: "CASCADE",
    },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" } },
    // What is booked: "listing" (a whole property), "room-type:<id>" or "room:<id>".
    unit_key: { type: DataTypes.STRING(32), allowNull: false },
    night: { type: DataTypes.DATEONLY, allowNull: false },
    // 0 for a whole listing or a guesthouse room; 0…quantity−1 for the rooms of a room type.
    slot: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("reservation_nights", ["listing_id", "unit_key", "night", "slot"], {
    unique: true,
    name: "reservation_nights_one_holder",
  });
  await queryInterface.addIndex("reservation_nights", ["night", "listing_id"]);
  await queryInterface.addIndex("reservation_nights", ["reservation_id"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("reservation_nights");
  await queryInterface.dropTable("reservations");
};
