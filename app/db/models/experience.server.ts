import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { bigintAsNumber } from "~/db/bigint-as-number.server";
import { getSequelize } from "~/db/sequelize.server";

export type ExperienceStatus = "draft" | "pending" | "approved" | "rejected";
export type ExperienceBookingStatus = "pending_payment" | "confirmed" | "cancelled" | "expired";

/** An activity a partner offers on dated slots (migration 0195). */
export class Experience extends Model<InferAttributes<Experience>, InferCreationAttributes<Experience>> {
  declare id: CreationOptional<number>;
  declare partnerId: number;
  /** JSON object of texts per language: {"en": …, "fr": …, "es": …}. */
  declare title: string;
  declare description: string;
  declare city: string;
  declare governorate: string;
  declare durationMinutes: number;
  /** JSON array of language codes. */
  declare languages: string;
  declare pricePerPerson: number;
  declare capacity: number;
  declare status: CreationOptional<ExperienceStatus>;
  declare rejectionReason: CreationOptional<string | null>;
  /** The average of its visible reviews' means and their count (migration 0206), rewritten with each review change. */
  declare rating: CreationOptional<number | null>;
  declare reviewCount: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Experience.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    partnerId: { type: DataTypes.INTEGER, allowNull: false },
    title: { type: DataTypes.TEXT, allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    city: { type: DataTypes.STRING(80), allowNull: false },
    governorate: { type: DataTypes.STRING(80), allowNull: false },
    durationMinutes: { type: DataTypes.INTEGER, allowNull: false },
    languages: { type: DataTypes.STRING(200), allowNull: false },
    pricePerPerson: bigintAsNumber("pricePerPerson"),
    capacity: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "draft" },
    rejectionReason: { type: DataTypes.STRING(500), allowNull: true },
    rating: { type: DataTypes.DOUBLE, allowNull: true },
    reviewCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "experiences", underscored: true },
);

/** A dated departure of an experience; `placesTaken` only moves through the conditional UPDATEs of experience-booking.server.ts. */
export class ExperienceSlot extends Model<InferAttributes<ExperienceSlot>, InferCreationAttributes<ExperienceSlot>> {
  declare id: CreationOptional<number>;
  declare experienceId: number;
  declare startsAt: Date;
  declare capacity: number;
  declare placesTaken: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ExperienceSlot.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    experienceId: { type: DataTypes.INTEGER, allowNull: false },
    startsAt: { type: DataTypes.DATE, allowNull: false },
    capacity: { type: DataTypes.INTEGER, allowNull: false },
    placesTaken: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "experience_slots", underscored: true },
);

/** A traveler's places on a slot. */
export class ExperienceBooking extends Model<InferAttributes<ExperienceBooking>, InferCreationAttributes<ExperienceBooking>> {
  declare id: CreationOptional<number>;
  declare reference: string;
  declare slotId: number;
  declare experienceId: number;
  declare partnerId: number;
  declare travelerId: number;
  declare people: number;
  declare pricePerPerson: number;
  declare total: number;
  declare commission: number;
  declare partnerEarning: number;
  declare status: ExperienceBookingStatus;
  declare holdExpiresAt: Date | null;
  declare confirmedAt: CreationOptional<Date | null>;
  declare cancelledAt: CreationOptional<Date | null>;
  declare cancelledBy: CreationOptional<string | null>;
  declare language: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ExperienceBooking.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reference: { type: DataTypes.STRING(16), allowNull: false, unique: true },
    slotId: { type: DataTypes.INTEGER, allowNull: false },
    experienceId: { type: DataTypes.INTEGER, allowNull: false },
    partnerId: { type: DataTypes.INTEGER, allowNull: false },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    people: { type: DataTypes.INTEGER, allowNull: false },
    pricePerPerson: bigintAsNumber("pricePerPerson"),
    total: bigintAsNumber("total"),
    commission: bigintAsNumber("commission"),
    partnerEarning: bigintAsNumber("partnerEarning"),
    status: { type: DataTypes.STRING(20), allowNull: false },
    holdExpiresAt: { type: DataTypes.DATE, allowNull: true },
    confirmedAt: { type: DataTypes.DATE, allowNull: true },
    cancelledAt: { type: DataTypes.DATE, allowNull: true },
    cancelledBy: { type: DataTypes.STRING(16), allowNull: true },
    language: { type: DataTypes.STRING(8), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "experience_bookings", underscored: true },
);
