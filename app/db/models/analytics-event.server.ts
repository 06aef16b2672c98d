import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class AnalyticsEvent extends Model<InferAttributes<AnalyticsEvent>, InferCreationAttributes<AnalyticsEvent>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare path: string | null;
  declare userId: number | null;
  declare value: number | null;
  declare properties: string | null;
  // Buckets written with the event (migration 0185, ADR 171).
  declare day: CreationOptional<string | null>;
  declare week: CreationOptional<string | null>;
  declare page: CreationOptional<string | null>;
  declare source: CreationOptional<string | null>;
  declare destination: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

AnalyticsEvent.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(64), allowNull: false },
    path: { type: DataTypes.STRING(2048), allowNull: true },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    value: {
      type: DataTypes.BIGINT,
      allowNull: true,
      get() {
        const raw = this.getDataValue("value");
        return raw === null || raw === undefined ? null : Number(raw);
      },
    },
    properties: { type: DataTypes.TEXT, allowNull: true },
    day: { type: DataTypes.STRING(10), allowNull: true },
    week: { type: DataTypes.STRING(10), allowNull: true },
    page: { type: DataTypes.STRING(16), allowNull: true },
    source: { type: DataTypes.STRING(16), allowNull: true },
    destination: { type: DataTypes.STRING(100), allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "analytics_events", underscored: true, updatedAt: false },
);
