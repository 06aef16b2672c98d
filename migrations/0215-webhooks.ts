import type { Migration } from "~/db/migrator.server";

// Webhooks to hosts' and partners' systems (issue 22 point 4; ADR 222). An endpoint is a URL its
// owner registered with the events it wants and the secret its deliveries are signed with. An event
// is recorded in the transaction of the change that causes it (an outbox), with one delivery per
// subscribed endpoint; the job runner posts the deliveries of an endpoint in event-time order and
// records every attempt.
export const up: Migration = async ({ context: { queryInterface, DataTypes } }) => {
  await queryInterface.createTable("webhook_endpoints", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    url: { type: DataTypes.STRING(2048), allowNull: false },
    // ["reservation.requested", "calendar.changed"]
    events: { type: DataTypes.TEXT, allowNull: false },
    // The signing secret (needed in clear to sign; shown to its owner once).
    secret: { type: DataTypes.STRING(80), allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    // Why it was turned off: "owner" or "failing" (3 days of failed deliveries).
    disabled_reason: { type: DataTypes.STRING(16), allowNull: true },
    // The first failed attempt since the last success: 3 days later the endpoint is disabled.
    failing_since: { type: DataTypes.DATE, allowNull: true },
    // One runner at a time posts an endpoint's deliveries (their order holds).
    locked_until: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("webhook_endpoints", ["user_id"], { name: "webhook_endpoints_user" });

  await queryInterface.createTable("webhook_events", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // The id receivers see ("evt_…"): stable across retries and replays.
    public_id: { type: DataTypes.STRING(40), allowNull: false, unique: true },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
    type: { type: DataTypes.STRING(40), allowNull: false },
    data: { type: DataTypes.TEXT, allowNull: false },
    occurred_at: { type: DataTypes.DATE, allowNull: false },
  });

  await queryInterface.createTable("webhook_deliveries", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    endpoint_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "webhook_endpoints", key: "id" }, onDelete: "CASCADE" },
    event_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "webhook_events", key: "id" }, onDelete: "CASCADE" },
    // The event's time, copied: an endpoint's deliveries go out in this order.
    occurred_at: { type: DataTypes.DATE, allowNull: false },
    // pending | delivered | failed (gave up after 24 hours)
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    next_attempt_at: { type: DataTypes.DATE, allowNull: false },
    last_response_code: { type: DataTypes.INTEGER, allowNull: true },
    last_error: { type: DataTypes.STRING(500), allowNull: true },
    delivered_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("webhook_deliveries", ["endpoint_id", "status", "occurred_at", "id"], { name: "webhook_deliveries_queue" });

  await queryInterface.createTable("webhook_attempts", {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    delivery_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: "webhook_deliveries", key: "id" }, onDelete: "CASCADE" },
    ok: { type: DataTypes.BOOLEAN, allowNull: false },
    response_code: { type: DataTypes.INTEGER, allowNull: true },
    duration_ms: { type: DataTypes.INTEGER, allowNull: false },
    error: { type: DataTypes.STRING(500), allowNull: true },
    replay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    attempted_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex("webhook_attempts", ["delivery_id", "id"], { name: "webhook_attempts_delivery" });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable("webhook_attempts");
  await queryInterface.dropTable("webhook_deliveries");
  await queryInterface.dropTable("webhook_events");
  await queryInterface.dropTable("webhook_endpoints");
};
