import type { Migration } from "~/db/migrator.server";

// Partners (issue 21, PRODUCT.md "Friend Trip, partners and experiences"): a provider of services
// or activities with a public page (/partner-details/{id}), created when an operator approves a
// partner proposal. `user_id` is the Darna account that manages it in partner mode (its
// experiences and bookings); one partner per account. Texts per language (en, fr, es) as JSON
// objects; languages spoken as a JSON array of codes.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("partners", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: true, unique: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    name: { type: DataTypes.STRING(120), allowNull: false },
    // {"en": "...", "fr": "...", "es": "..."}
    description: { type: DataTypes.TEXT, allowNull: false },
    // ["fr", "ar", "en"]
    languages: { type: DataTypes.STRING(200), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    website: { type: DataTypes.STRING(500), allowNull: true },
    city: { type: DataTypes.STRING(80), allowNull: true },
    // active | suspended
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "active" },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("partners", ["status", "id"], { name: "partners_status" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("partners");
};
