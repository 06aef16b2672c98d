import type { Migration } from "~/db/migrator.server";

// Experiences (issue 21, PRODUCT.md "Friend Trip, partners and experiences"; ADR 182): an
// activity a partner (migration 0190) offers on dated slots, moderated like a listing
// (draft → pending → approved | rejected), booked per person.
//
// Capacity is the database's job: a slot carries `places_taken`, changed only by the conditional
// UPDATE `SET places_taken = places_taken + :n WHERE id = :slot AND places_taken + :n <= capacity`
// inside the booking transaction (and decreased when a holding booking is cancelled or expires),
// so concurrent bookings of the last places can never take more than `capacity`.
// Texts per language (en, fr, es) are JSON objects; languages spoken a JSON array of codes.
// Money in integer millimes.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("experiences", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    partner_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "partners", key: "id" }, onDelete: "CASCADE" },
    // {"en": "...", "fr": "...", "es": "..."}
    title: { type: DataTypes.TEXT, allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    city: { type: DataTypes.STRING(80), allowNull: false },
    governorate: { type: DataTypes.STRING(80), allowNull: false },
    duration_minutes: { type: DataTypes.INTEGER, allowNull: false },
    // ["fr", "ar", "en"]
    languages: { type: DataTypes.STRING(200), allowNull: false },
    price_per_person: { type: DataTypes.BIGINT, allowNull: false },
    // The default capacity of a new slot.
    capacity: { type: DataTypes.INTEGER, allowNull: false },
    // draft | pending | approved | rejected
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "draft" },
    rejection_reason: { type: DataTypes.STRING(500), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("experiences", ["status", "city"], { name: "experiences_status_city" });
  await queryInterface.addIndex("experiences", ["partner_id"], { name: "experiences_partner" });

  await queryInterface.createTable("experience_slots", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    experience_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "experiences", key: "id" }, onDelete: "CASCADE" },
    starts_at: { type: DataTypes.DATE, allowNull: false },
    capacity: { type: DataTypes.INTEGER, allowNull: false },
    // Places held by pending_payment and confirmed bookings; only ever ≤ capacity (see above).
    places_taken: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("experience_slots", ["experience_id", "starts_at"], { name: "experience_slots_start", unique: true });
  await queryInterface.addIndex("experience_slots", ["starts_at"], { name: "experience_slots_starts_at" });

  await queryInterface.createTable("experience_bookings", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(16), allowNull: false, unique: true },
    slot_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "experience_slots", key: "id" }, onDelete: "RESTRICT" },
    experience_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "experiences", key: "id" }, onDelete: "RESTRICT" },
    partner_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "partners", key: "id" }, onDelete: "RESTRICT" },
    traveler_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "RESTRICT" },
    people: { type: DataTypes.INTEGER, allowNull: false },
    price_per_person: { type: DataTypes.BIGINT, allowNull: false },
    total: { type: DataTypes.BIGINT, allowNull: false },
    // Darna's commission (10 % of the total) and what the partner earns (total − commission).
    commission: { type: DataTypes.BIGINT, allowNull: false },
    partner_earning: { type: DataTypes.BIGINT, allowNull: false },
    // pending_payment | confirmed | cancelled | expired
    status: { type: DataTypes.STRING(20), allowNull: false },
    hold_expires_at: { type: DataTypes.DATE, allowNull: true },
    confirmed_at: { type: DataTypes.DATE, allowNull: true },
    cancelled_at: { type: DataTypes.DATE, allowNull: true },
    // traveler | partner | operator
    cancelled_by: { type: DataTypes.STRING(16), allowNull: true },
    language: { type: DataTypes.STRING(8), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("experience_bookings", ["traveler_id", "id"], { name: "experience_bookings_traveler" });
  await queryInterface.addIndex("experience_bookings", ["partner_id", "id"], { name: "experience_bookings_partner" });
  await queryInterface.addIndex("experience_bookings", ["slot_id", "status"], { name: "experience_bookings_slot" });
  await queryInterface.addIndex("experience_bookings", ["experience_id", "status"], { name: "experience_bookings_experience" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("experience_bookings");
  await queryInterface.dropTable("experience_slots");
  await queryInterface.dropTable("experiences");
};
