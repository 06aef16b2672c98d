import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One imposition or lifting of a host's suspension: who (null = the rating rule), when, why. */
export class HostSuspensionEvent extends Model<InferAttributes<HostSuspensionEvent>, InferCreationAttributes<HostSuspensionEvent>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare action: "imposed" | "lifted";
  declare source: "rating" | "operator";
  declare actorId: number | null;
  declare note: string | null;
  declare rating: number | null;
  declare reviewCount: number;
  declare createdAt: CreationOptional<Date>;
}

HostSuspensionEvent.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    action: { type: DataTypes.STRING(16), allowNull: false },
    source: { type: DataTypes.STRING(16), allowNull: false },
    actorId: { type: DataTypes.INTEGER, allowNull: true },
    note: { type: DataTypes.TEXT, allowNull: true },
    rating: { type: DataTypes.DOUBLE, allowNull: true },
    reviewCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "host_suspension_events", underscored: true, updatedAt: false },
);
