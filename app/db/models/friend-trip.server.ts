import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { FriendTripPaymentStatus, FriendTripRequestStatus, PackCode, TripPurpose } from "~/domain/friend-trip";

// Friend Trip's tables (migration 0191, ADR 180).

/** A pack's price in millimes (TND), set by operators. */
export class FriendTripPack extends Model<InferAttributes<FriendTripPack>, InferCreationAttributes<FriendTripPack>> {
  declare code: PackCode;
  declare price: number;
  declare updatedAt: CreationOptional<Date>;
}

FriendTripPack.init(
  {
    code: { type: DataTypes.STRING(16), primaryKey: true },
    price: { type: DataTypes.INTEGER, allowNull: false },
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "friend_trip_packs", underscored: true, createdAt: false },
);

/** The launch promotion (one row, id 1): packs free for trips starting by `freeUntil`, requested by `offerEndsOn`. */
export class FriendTripPromotion extends Model<InferAttributes<FriendTripPromotion>, InferCreationAttributes<FriendTripPromotion>> {
  declare id: number;
  declare freeUntil: string;
  declare offerEndsOn: string;
  declare updatedAt: CreationOptional<Date>;
}

FriendTripPromotion.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true },
    freeUntil: { type: DataTypes.DATEONLY, allowNull: false },
    offerEndsOn: { type: DataTypes.DATEONLY, allowNull: false },
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "friend_trip_promotions", underscored: true, createdAt: false },
);

export class FriendTripRequest extends Model<InferAttributes<FriendTripRequest>, InferCreationAttributes<FriendTripRequest>> {
  declare id: CreationOptional<number>;
  declare reference: string;
  declare userId: number | null;
  declare firstName: string;
  declare lastName: string;
  declare nationality: string;
  declare startDate: string;
  declare endDate: string;
  declare purpose: TripPurpose;
  declare email: string;
  declare phone: string;
  declare pack: PackCode;
  /** JSON array of interest codes. */
  declare interests: string;
  declare consent: boolean;
  declare language: string;
  declare price: number;
  declare status: FriendTripRequestStatus;
  declare notes: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

FriendTripRequest.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(24), allowNull: false, unique: true },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    firstName: { type: DataTypes.STRING(80), allowNull: false },
    lastName: { type: DataTypes.STRING(80), allowNull: false },
    nationality: { type: DataTypes.STRING(80), allowNull: false },
    startDate: { type: DataTypes.DATEONLY, allowNull: false },
    endDate: { type: DataTypes.DATEONLY, allowNull: false },
    purpose: { type: DataTypes.STRING(16), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    pack: { type: DataTypes.STRING(16), allowNull: false },
    interests: { type: DataTypes.STRING(500), allowNull: false },
    consent: { type: DataTypes.BOOLEAN, allowNull: false },
    language: { type: DataTypes.STRING(8), allowNull: false },
    price: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(20), allowNull: false },
    notes: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "friend_trip_requests", underscored: true },
);

/** One card payment attempt for a request (ADR 071's rules, its own table: ADR 180). */
export class FriendTripPayment extends Model<InferAttributes<FriendTripPayment>, InferCreationAttributes<FriendTripPayment>> {
  declare id: CreationOptional<number>;
  declare requestId: number;
  declare provider: string;
  declare reference: string;
  declare amount: number;
  declare status: FriendTripPaymentStatus;
  declare failureReason: CreationOptional<string | null>;
  declare providerTransactionId: CreationOptional<string | null>;
  declare verifiedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

FriendTripPayment.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    requestId: { type: DataTypes.INTEGER, allowNull: false },
    provider: { type: DataTypes.STRING(32), allowNull: false },
    reference: { type: DataTypes.STRING(32), allowNull: false, unique: true },
    amount: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(24), allowNull: false },
    failureReason: { type: DataTypes.STRING(64), allowNull: true },
    providerTransactionId: { type: DataTypes.STRING(100), allowNull: true },
    verifiedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "friend_trip_payments", underscored: true },
);
