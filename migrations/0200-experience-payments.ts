import type { QueryInterface } from "sequelize";
import type { Migration } from "~/db/migrator.server";

// Paying for experiences (issue 21 point 5; ADRs 182, 183) through the one payment flow:
// - a payment pays either a reservation (reservation_id) or an experience booking
//   (experience_booking_id): payments.reservation_id becomes nullable; at most one payment settles
//   a booking (settles_experience_booking_id unique, as settles_reservation_id for stays);
// - a refund is owed on a reservation or on an experience booking: refunds.reservation_id becomes
//   nullable, refunds.experience_booking_id is added;
// - ledger lines name the experience booking or the Friend Trip request they come from.
//
// Making a column nullable: MariaDB modifies it in place (its foreign key stays); SQLite cannot
// alter a column, so the table is rebuilt from its own CREATE statement with only that column's
// NOT NULL dropped (rows, indexes and the foreign keys of other tables kept; the usual SQLite
// procedure, with foreign key checks off while the old table is dropped).

async function relaxNotNull(queryInterface: QueryInterface, table: string, column: string): Promise<void> {
  const sequelize = queryInterface.sequelize;
  if (sequelize.getDialect() !== "sqlite") {
    await sequelize.query(`ALTER TABLE \`${table}\` MODIFY \`${column}\` INTEGER NULL`);
    return;
  }
  const [[table_]] = (await sequelize.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table}'`)) as [Array<{ sql: string }>, unknown];
  const before = `\`${column}\` INTEGER NOT NULL`;
  if (!table_ || !table_.sql.includes(before)) throw new Error(`${table}.${column}: unexpected schema ${table_?.sql ?? "(none)"}`);
  const rebuilt = `${table}_rebuilt`;
  const createSql = table_.sql.replace(`CREATE TABLE \`${table}\``, `CREATE TABLE \`${rebuilt}\``).replace(before, `\`${column}\` INTEGER`);
  const [others] = (await sequelize.query(
    `SELECT sql FROM sqlite_master WHERE tbl_name = '${table}' AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
  )) as [Array<{ sql: string }>, unknown];
  await sequelize.query("PRAGMA foreign_keys = OFF");
  try {
    await sequelize.query(createSql);
    await sequelize.query(`INSERT INTO \`${rebuilt}\` SELECT * FROM \`${table}\``);
    await sequelize.query(`DROP TABLE \`${table}\``);
    await sequelize.query(`ALTER TABLE \`${rebuilt}\` RENAME TO \`${table}\``);
    for (const other of others) await sequelize.query(other.sql);
  } finally {
    await sequelize.query("PRAGMA foreign_keys = ON");
  }
}

export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const bookingRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: "experience_bookings", key: "id" } };

  await relaxNotNull(queryInterface, "payments", "reservation_id");
  await queryInterface.addColumn("payments", "experience_booking_id", bookingRef);
  // Set on the one successful payment that paid the booking; unique, so never twice.
  await queryInterface.addColumn("payments", "settles_experience_booking_id", { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addIndex("payments", ["settles_experience_booking_id"], { unique: true, name: "payments_settles_experience_booking" });
  await queryInterface.addIndex("payments", ["experience_booking_id", "created_at"], { name: "payments_experience_booking" });

  await relaxNotNull(queryInterface, "refunds", "reservation_id");
  await queryInterface.addColumn("refunds", "experience_booking_id", bookingRef);
  await queryInterface.addIndex("refunds", ["experience_booking_id"], { name: "refunds_experience_booking" });

  await queryInterface.addColumn("ledger_lines", "experience_booking_id", bookingRef);
  await queryInterface.addColumn("ledger_lines", "friend_trip_request_id", {
    type: DataTypes.INTEGER,
    allowNull: true,
    references: { model: "friend_trip_requests", key: "id" },
  });
  await queryInterface.addIndex("ledger_lines", ["experience_booking_id"], { name: "ledger_lines_experience_booking" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex("ledger_lines", "ledger_lines_experience_booking");
  await queryInterface.removeColumn("ledger_lines", "friend_trip_request_id");
  await queryInterface.removeColumn("ledger_lines", "experience_booking_id");
  await queryInterface.removeIndex("refunds", "refunds_experience_booking");
  await queryInterface.removeColumn("refunds", "experience_booking_id");
  await queryInterface.removeIndex("payments", "payments_experience_booking");
  await queryInterface.removeIndex("payments", "payments_settles_experience_booking");
  await queryInterface.removeColumn("payments", "settles_experience_booking_id");
  await queryInterface.removeColumn("payments", "experience_booking_id");
};
