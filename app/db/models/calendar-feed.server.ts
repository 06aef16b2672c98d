import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { FeedSource } from "~/domain/calendar-sync";

/** An imported calendar of a listing (an iCal URL or the channel-manager link) and its sync state. See migration 0120. */
export class CalendarFeed extends Model<InferAttributes<CalendarFeed>, InferCreationAttributes<CalendarFeed>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare source: FeedSource;
  declare url: string | null;
  declare propertyKey: CreationOptional<string | null>;
  declare lastSuccessAt: CreationOptional<Date | null>;
  declare lastAttemptAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare lastErrorDetail: CreationOptional<string | null>;
  declare failures: CreationOptional<number>;
  declare nextSyncAt: CreationOptional<Date | null>;
  declare lastNightCount: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CalendarFeed.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    source: { type: DataTypes.STRING(16), allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: true },
    propertyKey: { type: DataTypes.STRING(128), allowNull: true },
    lastSuccessAt: { type: DataTypes.DATE, allowNull: true },
    lastAttemptAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(64), allowNull: true },
    lastErrorDetail: { type: DataTypes.STRING(500), allowNull: true },
    failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextSyncAt: { type: DataTypes.DATE, allowNull: true },
    lastNightCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "calendar_feeds", underscored: true },
);
