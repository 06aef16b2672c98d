import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** An operator's hold on a stay's host earning (a dispute): withheld until released. */
export class EarningHold extends Model<InferAttributes<EarningHold>, InferCreationAttributes<EarningHold>> {
  declare id: CreationOptional<number>;
  declare reservationId: number;
  declare reason: string;
  declare createdBy: number | null;
  declare releasedAt: CreationOptional<Date | null>;
  declare releasedBy: CreationOptional<number | null>;
  declare releaseReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

EarningHold.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: false },
    reason: { type: DataTypes.STRING(1000), allowNull: false },
    createdBy: { type: DataTypes.INTEGER, allowNull: true },
    releasedAt: { type: DataTypes.DATE, allowNull: true },
    releasedBy: { type: DataTypes.INTEGER, allowNull: true },
    releaseReason: { type: DataTypes.STRING(1000), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "earning_holds", underscored: true },
);
