import type { Migration } from "~/db/migrator.server";

// Operator console (issue 17, ADR 170):
// - audit_log: every team action (who, when, what, on which record, why), append-only like
//   ledger_lines (triggers refuse UPDATE and DELETE on SQLite and MariaDB).
// - users.suspended_at / suspension_reason: a suspended account cannot sign in, its sessions and
//   API tokens are gone, its listings leave search (app/services/listings/public-listings.server.ts).
// A listing's own suspension and removal are moderation states (suspended, removed) with their
// steps in listing_moderation_events: no column needed.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("audit_log", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    operator_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    kind: { type: DataTypes.STRING(48), allowNull: false },
    record_type: { type: DataTypes.STRING(32), allowNull: false },
    record_id: { type: DataTypes.STRING(64), allowNull: false },
    reason: { type: DataTypes.STRING(1000), allowNull: true },
    // JSON text: what the action changed, beyond the reason.
    details: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("audit_log", ["operator_id", "id"]);
  await queryInterface.addIndex("audit_log", ["kind", "id"]);
  await queryInterface.addIndex("audit_log", ["record_type", "record_id", "id"]);

  await queryInterface.addColumn("users", "suspended_at", { type: DataTypes.DATE, allowNull: true });
  await queryInterface.addColumn("users", "suspension_reason", { type: DataTypes.STRING(1000), allowNull: true });

  const sequelize = queryInterface.sequelize;
  for (const action of ["UPDATE", "DELETE"]) {
    await sequelize.query(
      sequelize.getDialect() === "sqlite"
        ? `CREATE TRIGGER audit_log_no_${action.toLowerCase()} BEFORE ${action} ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`
        : `CREATE TRIGGER audit_log_no_${action.toLowerCase()} BEFORE ${action} ON audit_log FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit_log is append-only'`,
    );
  }
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn("users", "suspension_reason");
  await queryInterface.removeColumn("users", "suspended_at");
  await queryInterface.dropTable("audit_log");
};
