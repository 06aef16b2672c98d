import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A host's listings are out of search while a suspension is not lifted (migration 0031). */
export class HostSuspension extends Model<InferAttributes<HostSuspension>, InferCreationAttributes<HostSuspension>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare reason: "rating" | "operator";
  declare note: string | null;
  declare suspendedAt: Date;
  declare liftedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

HostSuspension.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    reason: { type: DataTypes.STRING(16), allowNull: false },
    note: { type: DataTypes.TEXT, allowNull: true },
    suspendedAt: { type: DataTypes.DATE, allowNull: false },
    liftedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "host_suspensions", underscored: true },
);
