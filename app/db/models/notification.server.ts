import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One event that concerns a user (ADR 146): kind + params, translated when read. */
export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare kind: string;
  /** JSON object of the title's values. */
  declare params: string;
  /** A local path, without language prefix. */
  declare link: string;
  declare groupKey: string | null;
  /** groupKey while unread, NULL once read (unique per user). */
  declare openGroupKey: string | null;
  declare readAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Notification.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(48), allowNull: false },
    params: { type: DataTypes.TEXT, allowNull: false },
    link: { type: DataTypes.STRING(500), allowNull: false },
    groupKey: { type: DataTypes.STRING(96), allowNull: true },
    openGroupKey: { type: DataTypes.STRING(96), allowNull: true },
    readAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "notifications", underscored: true },
);

/** A user's e-mail choice for one category of notifications, where it differs from the default. */
export class NotificationPreference extends Model<InferAttributes<NotificationPreference>, InferCreationAttributes<NotificationPreference>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare category: string;
  declare email: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

NotificationPreference.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    category: { type: DataTypes.STRING(24), allowNull: false },
    email: { type: DataTypes.BOOLEAN, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "notification_preferences", underscored: true },
);
