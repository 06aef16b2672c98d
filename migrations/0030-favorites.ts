import type { Migration } from "~/db/migrator.server";

// Favorites (SPEC.md §3): a traveler's saved properties, establishments and providers. One table
// with a `kind` column, so providers (partners, a later issue) join without a new migration;
// `target_id` has no foreign key for that reason (a listing id, or later a partner id).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("favorites", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    // property | establishment | provider
    kind: { type: DataTypes.STRING(16), allowNull: false },
    target_id: { type: DataTypes.INTEGER, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("favorites", ["user_id", "kind", "target_id"], { unique: true, name: "favorites_one_per_target" });
  await queryInterface.addIndex("favorites", ["kind", "target_id"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("favorites");
};
