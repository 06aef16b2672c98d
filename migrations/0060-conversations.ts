import type { Migration } from "~/db/migrator.server";

// Messaging (issue 7, ADR 080): one conversation per traveler and listing, with a public,
// unguessable uid used by the pages, the API and the websocket protocol. A conversation is
// joined to its reservations by lookup (reservations.traveler_id + listing_id), and remembers the
// dates the traveler chose when contacting the host. Seen state: one last-read marker (the id of
// the newest message read) per participant.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("conversations", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    uid: { type: DataTypes.STRING(32), allowNull: false, unique: true },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" } },
    traveler_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    host_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    check_in: { type: DataTypes.DATEONLY, allowNull: true },
    check_out: { type: DataTypes.DATEONLY, allowNull: true },
    traveler_last_read_id: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    host_last_read_id: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_message_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("conversations", ["traveler_id", "listing_id"], {
    unique: true,
    name: "conversations_one_per_traveler_listing",
  });
  await queryInterface.addIndex("conversations", ["host_id", "last_message_at"]);
  await queryInterface.addIndex("conversations", ["traveler_id", "last_message_at"]);

  await queryInterface.createTable("messages", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    conversation_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: "conversations", key: "id" },
      onDelete: "CASCADE",
    },
    sender_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
    body: { type: DataTypes.TEXT, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("messages", ["conversation_id", "id"]);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("messages");
  await queryInterface.dropTable("conversations");
};
