import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A photo of a claim: its WebP variants in the storage (the listing photos' pipeline). */
export class ClaimPhoto extends Model<InferAttributes<ClaimPhoto>, InferCreationAttributes<ClaimPhoto>> {
  declare id: CreationOptional<number>;
  declare claimId: number;
  declare storageKey: string;
  declare variants: string;
  declare width: number;
  declare height: number;
  declare position: number;
  declare createdAt: CreationOptional<Date>;
}

ClaimPhoto.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    claimId: { type: DataTypes.INTEGER, allowNull: false },
    storageKey: { type: DataTypes.STRING(128), allowNull: false },
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "claim_photos", underscored: true, updatedAt: false },
);
