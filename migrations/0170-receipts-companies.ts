import type { Migration } from "~/db/migrator.server";

// Receipts and invoices (issue 14 point 7) and hosts acting for a company (issue 16 point 5).
// - host_companies: at most one per host (user_id unique), the MF kept in its normal form.
// - invoice_sequences: one row per year whose last_number is raised by an UPDATE inside the
//   transaction that writes the invoice: concurrent issuers queue on that row (MariaDB row lock,
//   SQLite's single writer), and a rolled-back issue rolls the number back, so numbers run
//   1..N without gaps. host_invoices(year, number) unique holds against duplicates whatever
//   the code does; (host_id, month) unique: one invoice per host and month.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const timestamps = {
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  };

  await queryInterface.createTable("host_companies", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "users", key: "id" } },
    legal_name: { type: DataTypes.STRING(160), allowNull: false },
    tax_id: { type: DataTypes.STRING(20), allowNull: false },
    address: { type: DataTypes.STRING(255), allowNull: false },
    ...timestamps,
  });

  await queryInterface.createTable("invoice_sequences", {
    year: { type: DataTypes.INTEGER, primaryKey: true },
    last_number: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });

  await queryInterface.createTable("host_invoices", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    // The month invoiced, YYYY-MM (Africa/Tunis).
    month: { type: DataTypes.STRING(7), allowNull: false },
    year: { type: DataTypes.INTEGER, allowNull: false },
    number: { type: DataTypes.INTEGER, allowNull: false },
    // What the invoice said when issued: the host's name or company, and the commission total.
    customer_name: { type: DataTypes.STRING(160), allowNull: false },
    company_name: { type: DataTypes.STRING(160), allowNull: true },
    company_tax_id: { type: DataTypes.STRING(20), allowNull: true },
    company_address: { type: DataTypes.STRING(255), allowNull: true },
    commission: { type: DataTypes.BIGINT, allowNull: false },
    issued_at: { type: DataTypes.DATE, allowNull: false },
    ...timestamps,
  });
  await queryInterface.addIndex("host_invoices", ["year", "number"], { unique: true, name: "host_invoices_year_number" });
  await queryInterface.addIndex("host_invoices", ["host_id", "month"], { unique: true, name: "host_invoices_host_month" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("host_invoices");
  await queryInterface.dropTable("invoice_sequences");
  await queryInterface.dropTable("host_companies");
};
