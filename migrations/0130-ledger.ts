import type { Migration } from "~/db/migrator.server";

// Host money (issue 14): the append-only ledger, operator holds on a stay's earning, and payout
// requests.
// - ledger_lines are never updated nor deleted (triggers refuse it on SQLite and MariaDB);
//   balances are SUMs over them. A line is written at most once per dedupe_key.
// - payout_requests.open_host_id is the host's id while the request is open (requested or
//   pinned) and NULL once decided: its unique index lets one open request per host exist, even
//   when two requests arrive at the same instant.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const userRef = { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } };
  const timestamps = {
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  };

  await queryInterface.createTable("payout_requests", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: userRef,
    amount: { type: DataTypes.BIGINT, allowNull: false },
    // requested | pinned | confirmed | refused
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "requested" },
    open_host_id: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    bank_name: { type: DataTypes.STRING(120), allowNull: false },
    bank_address: { type: DataTypes.STRING(255), allowNull: false },
    account_holder: { type: DataTypes.STRING(120), allowNull: false },
    iban: { type: DataTypes.STRING(40), allowNull: false },
    transfer_reference: { type: DataTypes.STRING(80), allowNull: true },
    operator_note: { type: DataTypes.STRING(1000), allowNull: true },
    decided_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    decided_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("payout_requests", ["host_id", "id"]);
  await queryInterface.addIndex("payout_requests", ["status", "id"]);

  await queryInterface.createTable("ledger_lines", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // host | traveler | platform
    account: { type: DataTypes.STRING(16), allowNull: false },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    // Signed millimes, seen from the account.
    amount: { type: DataTypes.BIGINT, allowNull: false },
    host_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    traveler_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    reservation_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "reservations", key: "id" } },
    payout_request_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "payout_requests", key: "id" } },
    available_at: { type: DataTypes.DATE, allowNull: true },
    dedupe_key: { type: DataTypes.STRING(96), allowNull: false, unique: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("ledger_lines", ["host_id", "account", "available_at"]);
  await queryInterface.addIndex("ledger_lines", ["reservation_id"]);

  await queryInterface.createTable("earning_holds", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "reservations", key: "id" } },
    reason: { type: DataTypes.STRING(1000), allowNull: false },
    created_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    released_at: { type: DataTypes.DATE, allowNull: true },
    released_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    release_reason: { type: DataTypes.STRING(1000), allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("earning_holds", ["reservation_id", "released_at"]);

  const sequelize = queryInterface.sequelize;
  if (sequelize.getDialect() === "sqlite") {
    for (const action of ["UPDATE", "DELETE"]) {
      await sequelize.query(
        `CREATE TRIGGER ledger_lines_no_${action.toLowerCase()} BEFORE ${action} ON ledger_lines BEGIN SELECT RAISE(ABORT, 'ledger_lines are append-only'); END`,
      );
    }
  } else {
    for (const action of ["UPDATE", "DELETE"]) {
      await sequelize.query(
        `CREATE TRIGGER ledger_lines_no_${action.toLowerCase()} BEFORE ${action} ON ledger_lines FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'ledger_lines are append-only'`,
      );
    }
  }
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("earning_holds");
  await queryInterface.dropTable("ledger_lines");
  await queryInterface.dropTable("payout_requests");
};
