import type { Migration } from "~/db/migrator.server";

// Friend Trip (issue 21 point 1, PRODUCT.md "Friend Trip, partners and experiences", ADR 180):
// the three packs' prices set by operators (millimes, TND), the launch promotion (one row, its
// dates set by operators), the requests operators follow, and their card payments (one row per
// attempt, unique reference, its result written once by a conditional UPDATE as in ADR 071).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("friend_trip_packs", {
    code: { type: DataTypes.STRING(16), primaryKey: true },
    price: { type: DataTypes.INTEGER, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.createTable("friend_trip_promotions", {
    id: { type: DataTypes.INTEGER, primaryKey: true },
    // Packs are free for trips starting on or before this day…
    free_until: { type: DataTypes.DATEONLY, allowNull: false },
    // …requested on or before this day (the offer is shown until then).
    offer_ends_on: { type: DataTypes.DATEONLY, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.createTable("friend_trip_requests", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(24), allowNull: false, unique: true },
    user_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    first_name: { type: DataTypes.STRING(80), allowNull: false },
    last_name: { type: DataTypes.STRING(80), allowNull: false },
    nationality: { type: DataTypes.STRING(80), allowNull: false },
    start_date: { type: DataTypes.DATEONLY, allowNull: false },
    end_date: { type: DataTypes.DATEONLY, allowNull: false },
    purpose: { type: DataTypes.STRING(16), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    pack: { type: DataTypes.STRING(16), allowNull: false },
    // ["culture", "food"]
    interests: { type: DataTypes.STRING(500), allowNull: false },
    consent: { type: DataTypes.BOOLEAN, allowNull: false },
    language: { type: DataTypes.STRING(8), allowNull: false },
    // Millimes, TND, after the promotion.
    price: { type: DataTypes.INTEGER, allowNull: false },
    // awaiting_payment | new | contacted | planned | done | cancelled
    status: { type: DataTypes.STRING(20), allowNull: false },
    notes: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("friend_trip_requests", ["status", "id"], { name: "friend_trip_requests_status" });
  await queryInterface.createTable("friend_trip_payments", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    request_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "friend_trip_requests", key: "id" }, onDelete: "CASCADE" },
    provider: { type: DataTypes.STRING(32), allowNull: false },
    reference: { type: DataTypes.STRING(32), allowNull: false, unique: true },
    amount: { type: DataTypes.INTEGER, allowNull: false },
    // processing | success | failed | verification_failed
    status: { type: DataTypes.STRING(24), allowNull: false },
    failure_reason: { type: DataTypes.STRING(64), allowNull: true },
    provider_transaction_id: { type: DataTypes.STRING(100), allowNull: true },
    verified_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("friend_trip_payments", ["request_id"], { name: "friend_trip_payments_request" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("friend_trip_payments");
  await queryInterface.dropTable("friend_trip_requests");
  await queryInterface.dropTable("friend_trip_promotions");
  await queryInterface.dropTable("friend_trip_packs");
};
