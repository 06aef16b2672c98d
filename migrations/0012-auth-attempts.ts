import type { Migration } from "~/db/migrator.server";

// Rate limiting for sign-in (per IP and per e-mail), password-reset and verification e-mails.
// Kept in the database so every server instance counts the same attempts.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("auth_attempts", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // "login_ip" | "login_email" | "reset_email" | "verify_email"
    scope: { type: DataTypes.STRING(32), allowNull: false },
    // SHA-256 of the IP address or the lower-cased e-mail
    key_hash: { type: DataTypes.STRING(64), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("auth_attempts", ["scope", "key_hash", "created_at"]);
  await queryInterface.addIndex("auth_attempts", ["created_at"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("auth_attempts");
};
