import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { LedgerAccount, LedgerKind } from "~/domain/ledger";

/** One append-only money movement (app/domain/ledger.ts); never updated nor deleted. */
export class LedgerLine extends Model<InferAttributes<LedgerLine>, InferCreationAttributes<LedgerLine>> {
  declare id: CreationOptional<number>;
  declare account: LedgerAccount;
  declare kind: LedgerKind;
  declare amount: number;
  declare hostId: number | null;
  declare travelerId: number | null;
  declare reservationId: number | null;
  declare payoutRequestId: number | null;
  declare experienceBookingId: CreationOptional<number | null>;
  declare friendTripRequestId: CreationOptional<number | null>;
  declare availableAt: Date | null;
  declare dedupeKey: string;
  declare createdAt: Date;
}

LedgerLine.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    account: { type: DataTypes.STRING(16), allowNull: false },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    amount: {
      type: DataTypes.BIGINT,
      allowNull: false,
      get() {
        return Number(this.getDataValue("amount"));
      },
    },
    hostId: { type: DataTypes.INTEGER, allowNull: true },
    travelerId: { type: DataTypes.INTEGER, allowNull: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: true },
    payoutRequestId: { type: DataTypes.INTEGER, allowNull: true },
    experienceBookingId: { type: DataTypes.INTEGER, allowNull: true },
    friendTripRequestId: { type: DataTypes.INTEGER, allowNull: true },
    availableAt: { type: DataTypes.DATE, allowNull: true },
    dedupeKey: { type: DataTypes.STRING(96), allowNull: false, unique: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "ledger_lines", underscored: true, updatedAt: false },
);
