import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { bigintAsNumber } from "~/db/bigint-as-number.server";

export type ReservationStatus = "pending_host" | "pending_payment" | "confirmed" | "declined" | "cancelled" | "expired";
export type ReservationMethod = "direct" | "request";

export class Reservation extends Model<InferAttributes<Reservation>, InferCreationAttributes<Reservation>> {
  declare id: CreationOptional<number>;
  declare reference: string;
  declare listingId: number;
  declare roomTypeId: number | null;
  declare guesthouseRoomId: number | null;
  declare rooms: CreationOptional<number>;
  declare travelerId: number;
  declare hostId: number;
  declare checkIn: string;
  declare checkOut: string;
  declare adults: number;
  declare children: number;
  declare infants: number;
  declare pets: number;
  declare method: ReservationMethod;
  declare status: ReservationStatus;
  declare holdExpiresAt: Date | null;
  declare respondBy: Date | null;
  declare nights: number;
  declare nightsTotal: number;
  declare discount: number;
  declare discountKind: CreationOptional<"weekly" | "monthly" | null>;
  declare discountPercent: CreationOptional<number | null>;
  declare cleaningFee: number;
  declare serviceFee: number;
  declare total: number;
  declare hostCommission: number;
  declare hostPayout: number;
  declare voucherApplied: CreationOptional<number>;
  declare displayCurrency: CreationOptional<string>;
  declare displayRateMicros: CreationOptional<number>;
  declare declineReason: string | null;
  declare cancelledBy: string | null;
  declare cancelledAt: Date | null;
  declare confirmedAt: Date | null;
  declare language: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Reservation.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(16), allowNull: false, unique: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    roomTypeId: { type: DataTypes.INTEGER, allowNull: true },
    guesthouseRoomId: { type: DataTypes.INTEGER, allowNull: true },
    rooms: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    checkIn: { type: DataTypes.DATEONLY, allowNull: false },
    checkOut: { type: DataTypes.DATEONLY, allowNull: false },
    adults: { type: DataTypes.INTEGER, allowNull: false },
    children: { type: DataTypes.INTEGER, allowNull: false },
    infants: { type: DataTypes.INTEGER, allowNull: false },
    pets: { type: DataTypes.INTEGER, allowNull: false },
    method: { type: DataTypes.STRING(16), allowNull: false },
    status: { type: DataTypes.STRING(24), allowNull: false },
    holdExpiresAt: { type: DataTypes.DATE, allowNull: true },
    respondBy: { type: DataTypes.DATE, allowNull: true },
    nights: { type: DataTypes.INTEGER, allowNull: false },
    nightsTotal: bigintAsNumber("nightsTotal"),
    discount: bigintAsNumber("discount"),
    discountKind: { type: DataTypes.STRING(16), allowNull: true },
    discountPercent: { type: DataTypes.INTEGER, allowNull: true },
    cleaningFee: bigintAsNumber("cleaningFee"),
    serviceFee: bigintAsNumber("serviceFee"),
    total: bigintAsNumber("total"),
    hostCommission: bigintAsNumber("hostCommission"),
    hostPayout: bigintAsNumber("hostPayout"),
    voucherApplied: bigintAsNumber("voucherApplied"),
    displayCurrency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "TND" },
    displayRateMicros: bigintAsNumber("displayRateMicros"),
    declineReason: { type: DataTypes.TEXT, allowNull: true },
    cancelledBy: { type: DataTypes.STRING(16), allowNull: true },
    cancelledAt: { type: DataTypes.DATE, allowNull: true },
    confirmedAt: { type: DataTypes.DATE, allowNull: true },
    language: { type: DataTypes.STRING(2), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "reservations", underscored: true },
);
