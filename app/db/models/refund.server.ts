import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { bigintAsNumber } from "~/db/bigint-as-number.server";

export type RefundReason = "traveler_cancelled" | "host_cancelled" | "late_payment" | "duplicate_payment" | "claim";
export type RefundStatus = "pending" | "paid";

/** Money owed back to a traveler: due within 15 days, configured bank fees deducted. */
export class Refund extends Model<InferAttributes<Refund>, InferCreationAttributes<Refund>> {
  declare id: CreationOptional<number>;
  /** The reservation it is owed on, or null for an experience booking's (migration 0200). */
  declare reservationId: number | null;
  declare experienceBookingId: CreationOptional<number | null>;
  declare paymentId: number | null;
  declare travelerId: number;
  declare dedupeKey: string;
  declare reason: RefundReason;
  declare grossAmount: number;
  declare bankFee: number;
  declare amount: number;
  declare status: CreationOptional<RefundStatus>;
  declare dueAt: Date;
  declare paidAt: CreationOptional<Date | null>;
  declare processedBy: CreationOptional<number | null>;
  /** The claim it settles (migration 0160). */
  declare claimId: CreationOptional<number | null>;
  /** The operator's reference of the bank transfer that paid it. */
  declare paidReference: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Refund.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: true },
    experienceBookingId: { type: DataTypes.INTEGER, allowNull: true },
    paymentId: { type: DataTypes.INTEGER, allowNull: true },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    dedupeKey: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    reason: { type: DataTypes.STRING(24), allowNull: false },
    grossAmount: bigintAsNumber("grossAmount"),
    bankFee: bigintAsNumber("bankFee"),
    amount: bigintAsNumber("amount"),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    dueAt: { type: DataTypes.DATE, allowNull: false },
    paidAt: { type: DataTypes.DATE, allowNull: true },
    processedBy: { type: DataTypes.INTEGER, allowNull: true },
    claimId: { type: DataTypes.INTEGER, allowNull: true },
    paidReference: { type: DataTypes.STRING(80), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "refunds", underscored: true },
);
