import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export const FAVORITE_KINDS = ["property", "establishment", "provider"] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

/** A user's saved property, establishment or provider (migration 0030). */
export class Favorite extends Model<InferAttributes<Favorite>, InferCreationAttributes<Favorite>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare kind: FavoriteKind;
  declare targetId: number;
  declare createdAt: CreationOptional<Date>;
}

Favorite.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    targetId: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "favorites", underscored: true, updatedAt: false },
);
