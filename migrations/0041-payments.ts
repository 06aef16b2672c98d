import type { Migration } from "~/db/migrator.server";

// Payments, the gateway's callbacks, refunds and vouchers (issue 6). Nothing is lost or doubled:
// - a payment is one row per (provider, reference); verifying it again only reads that row;
// - at most one payment settles a reservation: settles_reservation_id is unique (NULL for the rest);
// - a callback is recorded once per (provider, event_id);
// - a refund is recorded once per dedupe_key ("cancel:<reservation>", "late:<payment>"…);
// - a host cancellation gives one voucher (source_reservation_id unique).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const money = { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 };
  const timestamps = {
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  };
  const reservationRef = { type: DataTypes.INTEGER, allowNull: false, references: { model: "reservations", key: "id" } };
  const userRef = { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } };

  await queryInterface.createTable("payments", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: reservationRef,
    traveler_id: userRef,
    // card | bank_transfer | bank_deposit
    method: { type: DataTypes.STRING(16), allowNull: false },
    // The gateway ("sandbox", …) for cards; "bank" for transfers and deposits.
    provider: { type: DataTypes.STRING(24), allowNull: false },
    reference: { type: DataTypes.STRING(40), allowNull: false },
    amount: money,
    currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    // processing | success | failed | verification_failed
    status: { type: DataTypes.STRING(24), allowNull: false },
    // Set on the one successful payment that paid the reservation; unique, so never twice.
    settles_reservation_id: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    // What came of the payment for the reservation: confirmed | late (hold gone, refunded) | duplicate
    outcome: { type: DataTypes.STRING(16), allowNull: true },
    provider_transaction_id: { type: DataTypes.STRING(64), allowNull: true },
    failure_reason: { type: DataTypes.STRING(64), allowNull: true },
    verified_at: { type: DataTypes.DATE, allowNull: true },
    // Bank transfer / deposit: the uploaded proof (stored outside the public uploads) and its review.
    proof_path: { type: DataTypes.STRING(255), allowNull: true },
    proof_name: { type: DataTypes.STRING(255), allowNull: true },
    proof_type: { type: DataTypes.STRING(64), allowNull: true },
    proof_uploaded_at: { type: DataTypes.DATE, allowNull: true },
    reviewed_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    reviewed_at: { type: DataTypes.DATE, allowNull: true },
    review_note: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("payments", ["provider", "reference"], { unique: true, name: "payments_provider_reference" });
  await queryInterface.addIndex("payments", ["reservation_id", "created_at"]);
  await queryInterface.addIndex("payments", ["method", "status"]);

  await queryInterface.createTable("payment_events", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    provider: { type: DataTypes.STRING(24), allowNull: false },
    event_id: { type: DataTypes.STRING(64), allowNull: false },
    reference: { type: DataTypes.STRING(40), allowNull: false },
    type: { type: DataTypes.STRING(32), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    received_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("payment_events", ["provider", "event_id"], { unique: true, name: "payment_events_once" });
  await queryInterface.addIndex("payment_events", ["reference"]);

  await queryInterface.createTable("refunds", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: reservationRef,
    payment_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "payments", key: "id" } },
    traveler_id: userRef,
    dedupe_key: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    // traveler_cancelled | host_cancelled | late_payment | duplicate_payment
    reason: { type: DataTypes.STRING(24), allowNull: false },
    // What the rules give back, the configured bank fee, and what reaches the traveler.
    gross_amount: money,
    bank_fee: money,
    amount: money,
    // pending | paid
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    due_at: { type: DataTypes.DATE, allowNull: false },
    paid_at: { type: DataTypes.DATE, allowNull: true },
    processed_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    ...timestamps,
  });
  await queryInterface.addIndex("refunds", ["status", "due_at"]);
  await queryInterface.addIndex("refunds", ["reservation_id"]);

  await queryInterface.createTable("vouchers", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: userRef,
    amount: money,
    // The host-cancelled stay that gave it (one voucher per stay).
    source_reservation_id: { type: DataTypes.INTEGER, allowNull: true, unique: true, references: { model: "reservations", key: "id" } },
    // available | applied
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "available" },
    applied_reservation_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "reservations", key: "id" } },
    applied_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("vouchers", ["user_id", "status"]);
  await queryInterface.addIndex("vouchers", ["applied_reservation_id"]);

  // The built-in sandbox card gateway's own books (it stands in for a Tunisian gateway).
  await queryInterface.createTable("sandbox_charges", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(40), allowNull: false, unique: true },
    amount: money,
    currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    description: { type: DataTypes.STRING(200), allowNull: true },
    return_url: { type: DataTypes.STRING(2048), allowNull: false },
    // created | pending (delayed result) | paid | refused
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "created" },
    outcome_at: { type: DataTypes.DATE, allowNull: true },
    card_last4: { type: DataTypes.STRING(4), allowNull: true },
    transaction_id: { type: DataTypes.STRING(64), allowNull: true },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    ...timestamps,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const table of ["sandbox_charges", "vouchers", "refunds", "payment_events", "payments"]) {
    await queryInterface.dropTable(table);
  }
};
