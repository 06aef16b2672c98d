import type { Migration } from "~/db/migrator.server";

// Co-hosts (issue 16 point 5, ADR 147). A host invites someone by e-mail to co-host some of their
// listings: one invitation, its listings beside it. `active_key` holds
// "host-id:email" while the invitation is pending or accepted and NULL afterwards, so the database
// refuses a second live invitation between the same two people (NULLs never collide in a unique
// index, on SQLite and MariaDB alike). host_actions records who did what on a listing (a
// reservation accepted, declined or cancelled, dates blocked or priced), the host or a co-host.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  const user = () => ({ type: DataTypes.INTEGER, references: { model: "users", key: "id" }, onDelete: "CASCADE" });
  await queryInterface.createTable("cohost_invitations", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    host_id: { ...user(), allowNull: false },
    // The address invited (lower case); the co-host is whoever holds a verified account with it
    // and accepts (cohost_id is set then).
    email: { type: DataTypes.STRING(254), allowNull: false },
    cohost_id: { ...user(), allowNull: true },
    // pending | accepted | declined | withdrawn | removed
    status: { type: DataTypes.STRING(16), allowNull: false },
    active_key: { type: DataTypes.STRING(280), allowNull: true, unique: true },
    responded_at: { type: DataTypes.DATE, allowNull: true },
    ended_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("cohost_invitations", ["host_id", "status"], { name: "cohost_invitations_host" });
  await queryInterface.addIndex("cohost_invitations", ["cohost_id", "status"], { name: "cohost_invitations_cohost" });
  await queryInterface.addIndex("cohost_invitations", ["email", "status"], { name: "cohost_invitations_email" });

  await queryInterface.createTable("cohost_listings", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    invitation_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "cohost_invitations", key: "id" }, onDelete: "CASCADE" },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
  });
  await queryInterface.addIndex("cohost_listings", ["invitation_id", "listing_id"], { name: "cohost_listings_unique", unique: true });
  await queryInterface.addIndex("cohost_listings", ["listing_id"], { name: "cohost_listings_listing" });

  await queryInterface.createTable("host_actions", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listing_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "listings", key: "id" }, onDelete: "CASCADE" },
    reservation_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: "reservations", key: "id" }, onDelete: "CASCADE" },
    actor_id: { ...user(), allowNull: false },
    // reservation_accepted | reservation_declined | reservation_cancelled | calendar_blocked | calendar_unblocked | calendar_priced
    action: { type: DataTypes.STRING(32), allowNull: false },
    // What the calendar change covered ("2026-12-01…2026-12-03", "all"), or null.
    detail: { type: DataTypes.STRING(64), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("host_actions", ["listing_id", "created_at"], { name: "host_actions_listing" });
  await queryInterface.addIndex("host_actions", ["reservation_id"], { name: "host_actions_reservation" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("host_actions");
  await queryInterface.dropTable("cohost_listings");
  await queryInterface.dropTable("cohost_invitations");
};
