import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One row of the team's audit log (ADR 170); never updated nor deleted (triggers refuse it). */
export class AuditEntry extends Model<InferAttributes<AuditEntry>, InferCreationAttributes<AuditEntry>> {
  declare id: CreationOptional<number>;
  declare operatorId: number;
  declare kind: string;
  declare recordType: string;
  declare recordId: string;
  declare reason: string | null;
  declare details: string | null;
  declare createdAt: Date;
}

AuditEntry.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    operatorId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(48), allowNull: false },
    recordType: { type: DataTypes.STRING(32), allowNull: false },
    recordId: { type: DataTypes.STRING(64), allowNull: false },
    reason: { type: DataTypes.STRING(1000), allowNull: true },
    details: { type: DataTypes.TEXT, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "audit_log", underscored: true, updatedAt: false },
);
