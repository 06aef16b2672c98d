import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import type { ClaimAmenity, ClaimKind, ClaimStatus } from "~/domain/claims";

/** A traveler's amenity-failure or cleanliness claim on a stay (migration 0160, ADR 142). */
export class Claim extends Model<InferAttributes<Claim>, InferCreationAttributes<Claim>> {
  declare id: CreationOptional<number>;
  declare reservationId: number;
  declare travelerId: number;
  declare hostId: number;
  declare kind: ClaimKind;
  declare amenity: ClaimAmenity | null;
  /** Comma-separated YYYY-MM-DD nights (amenity claims), or null. */
  declare affectedNights: string | null;
  declare text: string;
  declare status: CreationOptional<ClaimStatus>;
  declare openReservationId: number | null;
  declare hostAnswer: CreationOptional<string | null>;
  declare hostAnsweredAt: CreationOptional<Date | null>;
  declare decidedAmount: CreationOptional<number | null>;
  declare decisionNote: CreationOptional<string | null>;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Claim.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: false },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    amenity: { type: DataTypes.STRING(24), allowNull: true },
    affectedNights: { type: DataTypes.STRING(1000), allowNull: true },
    text: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "open" },
    openReservationId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    hostAnswer: { type: DataTypes.TEXT, allowNull: true },
    hostAnsweredAt: { type: DataTypes.DATE, allowNull: true },
    decidedAmount: {
      type: DataTypes.BIGINT,
      allowNull: true,
      get(this: Claim) {
        const value = this.getDataValue("decidedAmount") as unknown;
        return value === null || value === undefined ? null : Number(value);
      },
    },
    decisionNote: { type: DataTypes.STRING(1000), allowNull: true },
    decidedBy: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "claims", underscored: true },
);
