import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { bigintAsNumber } from "~/db/bigint-as-number.server";

export type PaymentMethod = "card" | "bank_transfer" | "bank_deposit";
export type PaymentStatus = "processing" | "success" | "failed" | "verification_failed";
/** What a successful payment did for its reservation. */
export type PaymentOutcome = "confirmed" | "late" | "duplicate";

/** One attempt to pay a reservation or an experience booking (see migrations 0041, 0200). */
export class Payment extends Model<InferAttributes<Payment>, InferCreationAttributes<Payment>> {
  declare id: CreationOptional<number>;
  /** The reservation it pays, or null when it pays an experience booking (migration 0200). */
  declare reservationId: number | null;
  declare experienceBookingId: CreationOptional<number | null>;
  declare travelerId: number;
  declare method: PaymentMethod;
  declare provider: string;
  declare reference: string;
  declare amount: number;
  declare currency: CreationOptional<string>;
  declare status: PaymentStatus;
  declare settlesReservationId: CreationOptional<number | null>;
  declare settlesExperienceBookingId: CreationOptional<number | null>;
  declare outcome: CreationOptional<PaymentOutcome | null>;
  declare providerTransactionId: CreationOptional<string | null>;
  declare failureReason: CreationOptional<string | null>;
  declare verifiedAt: CreationOptional<Date | null>;
  declare proofPath: CreationOptional<string | null>;
  declare proofName: CreationOptional<string | null>;
  declare proofType: CreationOptional<string | null>;
  declare proofUploadedAt: CreationOptional<Date | null>;
  declare reviewedBy: CreationOptional<number | null>;
  declare reviewedAt: CreationOptional<Date | null>;
  declare reviewNote: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Payment.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: true },
    experienceBookingId: { type: DataTypes.INTEGER, allowNull: true },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    method: { type: DataTypes.STRING(16), allowNull: false },
    provider: { type: DataTypes.STRING(24), allowNull: false },
    reference: { type: DataTypes.STRING(40), allowNull: false },
    amount: bigintAsNumber("amount"),
    currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    status: { type: DataTypes.STRING(24), allowNull: false },
    settlesReservationId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    settlesExperienceBookingId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    outcome: { type: DataTypes.STRING(16), allowNull: true },
    providerTransactionId: { type: DataTypes.STRING(64), allowNull: true },
    failureReason: { type: DataTypes.STRING(64), allowNull: true },
    verifiedAt: { type: DataTypes.DATE, allowNull: true },
    proofPath: { type: DataTypes.STRING(255), allowNull: true },
    proofName: { type: DataTypes.STRING(255), allowNull: true },
    proofType: { type: DataTypes.STRING(64), allowNull: true },
    proofUploadedAt: { type: DataTypes.DATE, allowNull: true },
    reviewedBy: { type: DataTypes.INTEGER, allowNull: true },
    reviewedAt: { type: DataTypes.DATE, allowNull: true },
    reviewNote: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "payments", underscored: true },
);
