import type { Migration } from "~/db/migrator.server";

// The notification centre (issue 16 point 4, ADR 146).
// - notifications: one row per event that concerns a user; the title is not stored, only its kind
//   and values (translated when read, in the reader's language). open_group_key holds group_key
//   while the notification is unread and NULL once read: its unique index keeps one unread
//   notification per (user, group) — the new messages of one conversation —, which the next
//   message updates instead of adding a row.
// - notification_preferences: a user's choices of e-mail per category, only where they differ
//   from the defaults (no row = the default).
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const userRef = { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" };

  await queryInterface.createTable("notifications", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: userRef,
    kind: { type: DataTypes.STRING(48), allowNull: false },
    params: { type: DataTypes.TEXT, allowNull: false },
    link: { type: DataTypes.STRING(500), allowNull: false },
    group_key: { type: DataTypes.STRING(96), allowNull: true },
    open_group_key: { type: DataTypes.STRING(96), allowNull: true },
    read_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("notifications", ["user_id", "open_group_key"], { unique: true, name: "notifications_open_group" });
  await queryInterface.addIndex("notifications", ["user_id", "updated_at", "id"], { name: "notifications_user_recent" });
  await queryInterface.addIndex("notifications", ["user_id", "read_at"], { name: "notifications_user_unread" });

  await queryInterface.createTable("notification_preferences", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: userRef,
    category: { type: DataTypes.STRING(24), allowNull: false },
    email: { type: DataTypes.BOOLEAN, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("notification_preferences", ["user_id", "category"], { unique: true, name: "notification_preferences_user_category" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("notification_preferences");
  await queryInterface.dropTable("notifications");
};
