import type { Migration } from "~/db/migrator.server";
import { up as slotTriggers } from "./0042-reservation-night-slots";

// Calendar sync (PRODUCT.md "Calendar sync and channel manager", ADR 120).
// - calendar_exports: one secret token per exported unit (a listing, a hotel room type, a
//   guesthouse room); regenerating replaces the token, so the old URL answers 404.
// - calendar_feeds: up to three imported iCal feeds per listing (airbnb, booking, other) and the
//   channel-manager link (source "channel-manager", with its property key), each with its sync
//   state and backoff.
// - calendar_feed_nights: every night a feed's last good fetch asked for (whether or not it could
//   take it): a night held by a Darna reservation is a conflict, never a cancellation.
// - reservation_nights: the nights a feed blocks are rows of the same table whose unique index
//   refuses double bookings, owned by the feed (calendar_feed_id) instead of a reservation; a row
//   has exactly one owner.
// - channel_manager_accounts: the host's account token, checked with the provider.
export const up: Migration = async ({ context }) => {
  const { queryInterface, sequelize, DataTypes } = context;
  await queryInterface.createTable("calendar_exports", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
    // "listing", "room-type:<id>" or "room:<id>", like reservation_nights.unit_key.
    unit_key: { type: DataTypes.STRING(32), allowNull: false },
    token: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("calendar_exports", ["listing_id", "unit_key"], { unique: true, name: "calendar_exports_one_per_unit" });

  await queryInterface.createTable("calendar_feeds", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
    // airbnb | booking | other | channel-manager
    source: { type: DataTypes.STRING(16), allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: true },
    property_key: { type: DataTypes.STRING(128), allowNull: true },
    last_success_at: { type: DataTypes.DATE, allowNull: true },
    last_attempt_at: { type: DataTypes.DATE, allowNull: true },
    // A translation key (calendar-sync:feedErrors.*) and the technical detail for operators.
    last_error: { type: DataTypes.STRING(64), allowNull: true },
    last_error_detail: { type: DataTypes.STRING(500), allowNull: true },
    failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    next_sync_at: { type: DataTypes.DATE, allowNull: true },
    // Nights the last good fetch asked for: an empty answer after a non-empty one is refused.
    last_night_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("calendar_feeds", ["listing_id", "source"], { unique: true, name: "calendar_feeds_one_per_source" });
  await queryInterface.addIndex("calendar_feeds", ["next_sync_at"]);

  await queryInterface.createTable("calendar_feed_nights", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    feed_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "calendar_feeds", key: "id" }, onDelete: "CASCADE" },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
    night: { type: DataTypes.DATEONLY, allowNull: false },
    // The reservation this night's conflict was e-mailed about (so it is told once).
    notified_reservation_id: { type: DataTypes.INTEGER, allowNull: true },
  });
  await queryInterface.addIndex("calendar_feed_nights", ["feed_id", "night"], { unique: true, name: "calendar_feed_nights_one_per_night" });
  await queryInterface.addIndex("calendar_feed_nights", ["listing_id", "night"]);

  await queryInterface.createTable("channel_manager_accounts", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    token: { type: DataTypes.STRING(255), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });

  // reservation_nights: reservation_id becomes optional and calendar_feed_id is added, exactly
  // one of them set. SQLite cannot alter a column: the table is rebuilt with its indexes and the
  // slot triggers of migration 0042.
  if (sequelize.getDialect() === "sqlite") {
    await sequelize.query(`CREATE TABLE reservation_nights_new (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      reservation_id INTEGER NULL REFERENCES reservations (id) ON DELETE CASCADE,
      calendar_feed_id INTEGER NULL REFERENCES calendar_feeds (id) ON DELETE CASCADE,
      listing_id INTEGER NOT NULL REFERENCES listings (id),
      unit_key VARCHAR(32) NOT NULL,
      night DATE NOT NULL,
      slot INTEGER NOT NULL DEFAULT 0,
      created_at DATETIME NOT NULL,
      CHECK ((reservation_id IS NULL) <> (calendar_feed_id IS NULL))
    )`);
    await sequelize.query(
      `INSERT INTO reservation_nights_new (id, reservation_id, listing_id, unit_key, night, slot, created_at)
       SELECT id, reservation_id, listing_id, unit_key, night, slot, created_at FROM reservation_nights`,
    );
    await sequelize.query("DROP TABLE reservation_nights");
    await sequelize.query("ALTER TABLE reservation_nights_new RENAME TO reservation_nights");
    await queryInterface.addIndex("reservation_nights", ["listing_id", "unit_key", "night", "slot"], {
      unique: true,
      name: "reservation_nights_one_holder",
    });
    await queryInterface.addIndex("reservation_nights", ["night", "listing_id"]);
    await queryInterface.addIndex("reservation_nights", ["reservation_id"]);
    await slotTriggers({ context });
  } else {
    await sequelize.query("ALTER TABLE reservation_nights MODIFY reservation_id INTEGER NULL");
    await sequelize.query(
      `ALTER TABLE reservation_nights
         ADD COLUMN calendar_feed_id INTEGER NULL,
         ADD CONSTRAINT reservation_nights_feed_fk FOREIGN KEY (calendar_feed_id) REFERENCES calendar_feeds (id) ON DELETE CASCADE,
         ADD CONSTRAINT reservation_nights_one_owner CHECK ((reservation_id IS NULL) <> (calendar_feed_id IS NULL))`,
    );
  }
  await queryInterface.addIndex("reservation_nights", ["calendar_feed_id"]);
};

export const down: Migration = async ({ context: { queryInterface, sequelize } }) => {
  await sequelize.query("DELETE FROM reservation_nights WHERE calendar_feed_id IS NOT NULL");
  await queryInterface.removeIndex("reservation_nights", ["calendar_feed_id"]);
  if (sequelize.getDialect() !== "sqlite") {
    await sequelize.query(
      "ALTER TABLE reservation_nights DROP CONSTRAINT reservation_nights_one_owner, DROP FOREIGN KEY reservation_nights_feed_fk, DROP COLUMN calendar_feed_id",
    );
    await sequelize.query("ALTER TABLE reservation_nights MODIFY reservation_id INTEGER NOT NULL");
  }
  await queryInterface.dropTable("channel_manager_accounts");
  await queryInterface.dropTable("calendar_feed_nights");
  if (sequelize.getDialect() !== "sqlite") await queryInterface.dropTable("calendar_feeds");
  await queryInterface.dropTable("calendar_exports");
};
