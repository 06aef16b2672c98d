import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

// Webhook endpoints, events, deliveries and attempts (migration 0215, ADR 222).

export class WebhookEndpoint extends Model<InferAttributes<WebhookEndpoint>, InferCreationAttributes<WebhookEndpoint>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare url: string;
  /** JSON array of event types. */
  declare events: string;
  declare secret: string;
  declare enabled: CreationOptional<boolean>;
  declare disabledReason: CreationOptional<"owner" | "failing" | null>;
  declare failingSince: CreationOptional<Date | null>;
  declare lockedUntil: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

WebhookEndpoint.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: false },
    events: { type: DataTypes.TEXT, allowNull: false },
    secret: { type: DataTypes.STRING(80), allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    disabledReason: { type: DataTypes.STRING(16), allowNull: true },
    failingSince: { type: DataTypes.DATE, allowNull: true },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "webhook_endpoints", underscored: true },
);

export class WebhookEvent extends Model<InferAttributes<WebhookEvent>, InferCreationAttributes<WebhookEvent>> {
  declare id: CreationOptional<number>;
  declare publicId: string;
  declare userId: number;
  declare type: string;
  /** JSON object. */
  declare data: string;
  declare occurredAt: Date;
}

WebhookEvent.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    publicId: { type: DataTypes.STRING(40), allowNull: false, unique: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    type: { type: DataTypes.STRING(40), allowNull: false },
    data: { type: DataTypes.TEXT, allowNull: false },
    occurredAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "webhook_events", underscored: true, timestamps: false },
);

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export class WebhookDelivery extends Model<InferAttributes<WebhookDelivery>, InferCreationAttributes<WebhookDelivery>> {
  declare id: CreationOptional<number>;
  declare endpointId: number;
  declare eventId: number;
  declare occurredAt: Date;
  declare status: CreationOptional<WebhookDeliveryStatus>;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: Date;
  declare lastResponseCode: CreationOptional<number | null>;
  declare lastError: CreationOptional<string | null>;
  declare deliveredAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

WebhookDelivery.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    endpointId: { type: DataTypes.INTEGER, allowNull: false },
    eventId: { type: DataTypes.INTEGER, allowNull: false },
    occurredAt: { type: DataTypes.DATE, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lastResponseCode: { type: DataTypes.INTEGER, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
    deliveredAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "webhook_deliveries", underscored: true },
);

export class WebhookAttempt extends Model<InferAttributes<WebhookAttempt>, InferCreationAttributes<WebhookAttempt>> {
  declare id: CreationOptional<number>;
  declare deliveryId: number;
  declare ok: boolean;
  declare responseCode: number | null;
  declare durationMs: number;
  declare error: string | null;
  declare replay: CreationOptional<boolean>;
  declare attemptedAt: Date;
}

WebhookAttempt.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    deliveryId: { type: DataTypes.INTEGER, allowNull: false },
    ok: { type: DataTypes.BOOLEAN, allowNull: false },
    responseCode: { type: DataTypes.INTEGER, allowNull: true },
    durationMs: { type: DataTypes.INTEGER, allowNull: false },
    error: { type: DataTypes.STRING(500), allowNull: true },
    replay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    attemptedAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "webhook_attempts", underscored: true, timestamps: false },
);
