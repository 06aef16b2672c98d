import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";

/**
 * The columns every photo row has (listing_photos, experience_photos): its stored image (one key,
 * the widths of its WebP variants, the original's size) and its place in its set. Each model adds
 * the column naming what the photo shows.
 */
export abstract class StoredPhoto<M extends StoredPhoto<M>> extends Model<InferAttributes<M>, InferCreationAttributes<M>> {
  declare id: CreationOptional<number>;
  declare storageKey: string;
  declare variants: string;
  declare width: number;
  declare height: number;
  declare position: CreationOptional<number>;
  declare isCover: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export const storedPhotoColumns = {
  id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
  storageKey: { type: DataTypes.STRING(200), allowNull: false },
  variants: { type: DataTypes.STRING(64), allowNull: false },
  width: { type: DataTypes.INTEGER, allowNull: false },
  height: { type: DataTypes.INTEGER, allowNull: false },
  position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  isCover: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  createdAt: DataTypes.DATE,
  updatedAt: DataTypes.DATE,
};
