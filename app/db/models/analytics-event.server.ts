import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class AnalyticsEvent extends Model<InferAttributes<AnalyticsEvent>, InferCreationAttributes<AnalyticsEvent>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare path: string | null;
  declare userId: number | null;
  declare value: number | null;
  declare properties: string | null;
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
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "analytics_events", underscored: true, updatedAt: false },
);
