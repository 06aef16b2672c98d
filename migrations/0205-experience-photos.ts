import type { Migration } from "~/db/migrator.server";

// Photos of experiences (issue 21 point 4, ADR 184): the same pipeline, storage and limits as a
// listing's photos (app/services/photos), one row per photo with its storage key and the widths
// of its WebP variants, an order and one cover per experience.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("experience_photos", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    experience_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "experiences", key: "id" }, onDelete: "CASCADE" },
    // Storage key prefix; the variants are `<key>-<width>.webp`.
    storage_key: { type: DataTypes.STRING(200), allowNull: false },
    // Widths of the stored WebP variants, comma-separated ("320,640,1280").
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    is_cover: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("experience_photos", ["experience_id", "position"], { name: "experience_photos_order" });
  await queryInterface.addIndex("experience_photos", ["storage_key"], { name: "experience_photos_storage_key" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("experience_photos");
};
