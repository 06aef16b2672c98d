import type { Migration } from "~/db/migrator.server";

// Server-side sessions: the `Token` cookie (pages) and API bearer tokens hold a row's id, so a
// user can list their sessions and sign any of them out.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("sessions", {
    // 32 random bytes, base64url: unguessable, so it doubles as the secret the cookie carries.
    id: { type: DataTypes.STRING(64), primaryKey: true },
    user_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: "users", key: "id" },
      onDelete: "CASCADE",
    },
    // "web" (Token cookie) or "api" (bearer token from POST /api/v1/auth/token)
    kind: { type: DataTypes.STRING(8), allowNull: false, defaultValue: "web" },
    user_agent: { type: DataTypes.STRING(255), allowNull: true },
    ip: { type: DataTypes.STRING(64), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    last_seen_at: { type: DataTypes.DATE, allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("sessions", ["user_id"]);
  await queryInterface.addIndex("sessions", ["expires_at"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("sessions");
};
