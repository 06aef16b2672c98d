import type { Migration } from "~/db/migrator.server";

// A short "about me" shown on the public profile (/user-profile/{id}).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.addColumn("users", "about", { type: DataTypes.TEXT, allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn("users", "about");
};
