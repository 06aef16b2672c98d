import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type SandboxChargeStatus = "created" | "pending" | "paid" | "refused";

/** The sandbox card gateway's own record of a charge (it stands in for an external gateway). */
export class SandboxCharge extends Model<InferAttributes<SandboxCharge>, InferCreationAttributes<SandboxCharge>> {
  declare id: CreationOptional<number>;
  declare reference: string;
  declare amount: number;
  declare currency: CreationOptional<string>;
  declare description: string | null;
  declare returnUrl: string;
  declare status: CreationOptional<SandboxChargeStatus>;
  declare outcomeAt: CreationOptional<Date | null>;
  declare cardLast4: CreationOptional<string | null>;
  declare transactionId: CreationOptional<string | null>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

SandboxCharge.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(40), allowNull: false, unique: true },
    amount: {
      type: DataTypes.BIGINT,
      allowNull: false,
      defaultValue: 0,
      get() {
        return Number(this.getDataValue("amount"));
      },
    },
    currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    description: { type: DataTypes.STRING(200), allowNull: true },
    returnUrl: { type: DataTypes.STRING(2048), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "created" },
    outcomeAt: { type: DataTypes.DATE, allowNull: true },
    cardLast4: { type: DataTypes.STRING(4), allowNull: true },
    transactionId: { type: DataTypes.STRING(64), allowNull: true },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "sandbox_charges", underscored: true },
);
