import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class ListingPhoto extends Model<InferAttributes<ListingPhoto>, InferCreationAttributes<ListingPhoto>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare roomTypeId: number | null;
  declare storageKey: string;
  declare variants: string;
  declare width: number;
  declare height: number;
  declare position: CreationOptional<number>;
  declare isCover: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ListingPhoto.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    roomTypeId: { type: DataTypes.INTEGER, allowNull: true },
    storageKey: { type: DataTypes.STRING(200), allowNull: false },
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    isCover: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "listing_photos", underscored: true },
);
