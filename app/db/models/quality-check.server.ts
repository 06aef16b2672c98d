import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type QualityCheckStatus = "open" | "passed" | "warned" | "suspended";

/** An operator's quality check of a host (migration 0110), opened by the quality-checks job. */
export class QualityCheck extends Model<InferAttributes<QualityCheck>, InferCreationAttributes<QualityCheck>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare openedOn: string;
  declare status: CreationOptional<QualityCheckStatus>;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare note: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

QualityCheck.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    openedOn: { type: DataTypes.DATEONLY, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "open" },
    decidedBy: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    note: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "quality_checks", underscored: true },
);
