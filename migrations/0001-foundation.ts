import type { Migration } from "~/db/migrator.server";

// Foundation tables: currencies with operator-set rates, users, first-party analytics.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("currencies", {
    code: { type: DataTypes.STRING(3), primaryKey: true },
    symbol: { type: DataTypes.STRING(8), allowNull: false },
    // What 1 TND is worth in this currency, in millionths (EUR 0.29 → 290000). Integers only.
    value_micros: { type: DataTypes.BIGINT, allowNull: false },
    // The currency's minor units (ISO 4217): TND and LYD 3, most others 2.
    decimals: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });

  await queryInterface.createTable("users", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // Stored lower-cased, so one account per e-mail is enforced by the unique index.
    email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: true },
    first_name: { type: DataTypes.STRING(100), allowNull: false },
    last_name: { type: DataTypes.STRING(100), allowNull: false },
    birth_date: { type: DataTypes.DATEONLY, allowNull: true },
    gender: { type: DataTypes.STRING(16), allowNull: true },
    country: { type: DataTypes.STRING(2), allowNull: true },
    phone: { type: DataTypes.STRING(32), allowNull: true },
    nationality: { type: DataTypes.STRING(2), allowNull: true },
    role: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "user" },
    host_mode: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    language: { type: DataTypes.STRING(2), allowNull: true },
    currency: { type: DataTypes.STRING(3), allowNull: true },
    time_zone: { type: DataTypes.STRING(64), allowNull: true },
    email_verified_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });

  await queryInterface.createTable("analytics_events", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(64), allowNull: false },
    path: { type: DataTypes.STRING(2048), allowNull: true },
    user_id: { type: DataTypes.INTEGER, allowNull: true },
    value: { type: DataTypes.BIGINT, allowNull: true },
    properties: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("analytics_events", ["name", "created_at"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("analytics_events");
  await queryInterface.dropTable("users");
  await queryInterface.dropTable("currencies");
};
