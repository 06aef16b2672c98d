import type { Migration } from "~/db/migrator.server";

// Background jobs (hold expiry, request expiry, e-mails…): rows in the database, so they
// survive a restart and are claimed by exactly one server instance.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("jobs", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(64), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    // Optional idempotency key: one job per key (e.g. "expire-hold:42").
    unique_key: { type: DataTypes.STRING(128), allowNull: true, unique: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    run_at: { type: DataTypes.DATE, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    max_attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
    locked_by: { type: DataTypes.STRING(64), allowNull: true },
    locked_until: { type: DataTypes.DATE, allowNull: true },
    last_error: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("jobs", ["status", "run_at"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("jobs");
};
