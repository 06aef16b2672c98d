import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { PayoutRequestState } from "~/domain/payouts";

/** A host's request to be paid its available balance (one open per host: open_host_id is unique). */
export class PayoutRequest extends Model<InferAttributes<PayoutRequest>, InferCreationAttributes<PayoutRequest>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare amount: number;
  declare status: CreationOptional<PayoutRequestState>;
  declare openHostId: number | null;
  declare bankName: string;
  declare bankAddress: string;
  declare accountHolder: string;
  declare iban: string;
  declare transferReference: CreationOptional<string | null>;
  declare operatorNote: CreationOptional<string | null>;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PayoutRequest.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    amount: {
      type: DataTypes.BIGINT,
      allowNull: false,
      get() {
        return Number(this.getDataValue("amount"));
      },
    },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "requested" },
    openHostId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    bankName: { type: DataTypes.STRING(120), allowNull: false },
    bankAddress: { type: DataTypes.STRING(255), allowNull: false },
    accountHolder: { type: DataTypes.STRING(120), allowNull: false },
    iban: { type: DataTypes.STRING(40), allowNull: false },
    transferReference: { type: DataTypes.STRING(80), allowNull: true },
    operatorNote: { type: DataTypes.STRING(1000), allowNull: true },
    decidedBy: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "payout_requests", underscored: true },
);
