import type { Migration } from "~/db/migrator.server";

// Claims and refund settlement (issue 14 points 4 and 5, ADR 142).
// - claims: a traveler's amenity-failure or cleanliness claim on a stay. open_reservation_id is
//   the reservation's id while the claim is open and NULL once decided: its unique index lets one
//   open claim per stay exist, even when two arrive at the same instant. While a claim is open
//   the stay's host earning counts as withheld (app/services/money/ledger.server.ts).
// - claim_photos: up to 5 photos of a claim, processed by the listing photos' pipeline.
// - refunds gain the claim they settle and the operator's payment reference.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const userRef = { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } };
  const timestamps = {
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  };

  await queryInterface.createTable("claims", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservation_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "reservations", key: "id" } },
    traveler_id: userRef,
    host_id: userRef,
    // amenity | cleanliness
    kind: { type: DataTypes.STRING(16), allowNull: false },
    // One of the six amenities of SPEC.md §9 (amenity claims only).
    amenity: { type: DataTypes.STRING(24), allowNull: true },
    // The affected nights, comma-separated YYYY-MM-DD (amenity claims only).
    affected_nights: { type: DataTypes.STRING(1000), allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    // open | accepted | partial | refused
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "open" },
    open_reservation_id: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    host_answer: { type: DataTypes.TEXT, allowNull: true },
    host_answered_at: { type: DataTypes.DATE, allowNull: true },
    // What the operator granted (millimes), the note, who and when.
    decided_amount: { type: DataTypes.BIGINT, allowNull: true },
    decision_note: { type: DataTypes.STRING(1000), allowNull: true },
    decided_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" } },
    decided_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex("claims", ["reservation_id"]);
  await queryInterface.addIndex("claims", ["status", "id"]);

  await queryInterface.createTable("claim_photos", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    claim_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "claims", key: "id" } },
    storage_key: { type: DataTypes.STRING(128), allowNull: false },
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("claim_photos", ["claim_id", "position"]);

  await queryInterface.addColumn("refunds", "claim_id", { type: DataTypes.INTEGER, allowNull: true, references: { model: "claims", key: "id" } });
  await queryInterface.addColumn("refunds", "paid_reference", { type: DataTypes.STRING(80), allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn("refunds", "paid_reference");
  await queryInterface.removeColumn("refunds", "claim_id");
  await queryInterface.dropTable("claim_photos");
  await queryInterface.dropTable("claims");
};
