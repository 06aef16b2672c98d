import type { Migration } from "~/db/migrator.server";

// Partner proposals (issue 21, SPEC.md §3 "Partner proposal"; ADR 181): anyone proposes a
// partnership; an operator approves it into a partner (partners, migration 0190) or refuses it with
// a reason. `user_id` is the proposer's account when they were signed in; price ranges (millimes)
// and availability rows are JSON arrays. Favorites of partners need no table: favorites.kind
// "provider" with target_id = partners.id already exists.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("partner_proposals", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    name: { type: DataTypes.STRING(120), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    // [{"min": 20000, "max": 50000}] in millimes
    price_ranges: { type: DataTypes.TEXT, allowNull: false },
    // [{"date": "2026-12-01", "from": "09:00", "to": "12:00"}]
    availability: { type: DataTypes.TEXT, allowNull: false },
    // ["fr", "ar"]
    languages: { type: DataTypes.STRING(200), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    website: { type: DataTypes.STRING(500), allowNull: true },
    // The language the proposer wrote in: their e-mails are in it.
    language: { type: DataTypes.STRING(5), allowNull: false },
    // pending | approved | refused
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    refusal_reason: { type: DataTypes.TEXT, allowNull: true },
    partner_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "partners", key: "id" }, onDelete: "SET NULL" },
    decided_by: { type: DataTypes.INTEGER, allowNull: true, references: { model: "users", key: "id" }, onDelete: "SET NULL" },
    decided_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("partner_proposals", ["status", "id"], { name: "partner_proposals_status" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("partner_proposals");
};
