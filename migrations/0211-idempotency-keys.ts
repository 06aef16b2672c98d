import type { Migration } from "~/db/migrator.server";

// Idempotency keys (issue 22 point 3, ADR 221): the first answer of a creating POST sent with an
// `Idempotency-Key` header, replayed for the same key and body within 24 hours.
// - owner + idem_key is unique: the row is the lock; a second request with the key finds it.
// - state: in_progress (the first request is running; locked_until bounds a crashed one) or done.
// - request_hash: SHA-256 of the method, path and body; another body with the key is a 422.
// - response_*: the first answer (status, JSON body, Content-Type and Location).
export const up: Migration = async ({ context: { queryInterface, sequelize, DataTypes } }) => {
  await queryInterface.createTable("idempotency_keys", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    owner: { type: DataTypes.STRING(80), allowNull: false },
    idem_key: { type: DataTypes.STRING(255), allowNull: false },
    request_hash: { type: DataTypes.STRING(64), allowNull: false },
    state: { type: DataTypes.STRING(16), allowNull: false },
    locked_until: { type: DataTypes.DATE, allowNull: true },
    response_status: { type: DataTypes.INTEGER, allowNull: true },
    // MEDIUMTEXT on MySQL: an answer may exceed TEXT's 65,535 bytes.
    response_body: { type: sequelize.getDialect() === "sqlite" ? DataTypes.TEXT : DataTypes.TEXT("medium"), allowNull: true },
    response_headers: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("idempotency_keys", ["owner", "idem_key"], { name: "idempotency_keys_owner_key", unique: true });
  await queryInterface.addIndex("idempotency_keys", ["expires_at"], { name: "idempotency_keys_expires" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("idempotency_keys");
};
