import type { Migration } from "~/db/migrator.server";

// Personal access tokens (issue 22 point 2, ADR 220): a user's named, scoped, expiring bearer
// tokens for programs. Only the SHA-256 of the token is stored (`token_hash`); `token_prefix` (its
// first characters, not secret) lets the owner recognise it in the list. `scopes` is the
// space-separated list of app/domain/api-scopes.ts. Revoking deletes the row.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("personal_access_tokens", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    name: { type: DataTypes.STRING(80), allowNull: false },
    token_hash: { type: DataTypes.STRING(64), allowNull: false },
    token_prefix: { type: DataTypes.STRING(20), allowNull: false },
    scopes: { type: DataTypes.STRING(500), allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    last_used_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("personal_access_tokens", ["token_hash"], { name: "personal_access_tokens_hash", unique: true });
  await queryInterface.addIndex("personal_access_tokens", ["user_id", "id"], { name: "personal_access_tokens_user" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("personal_access_tokens");
};
