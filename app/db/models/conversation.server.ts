import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One per traveler and listing (migration 0060, ADR 080). `uid` is the public, random id. */
export class Conversation extends Model<InferAttributes<Conversation>, InferCreationAttributes<Conversation>> {
  declare id: CreationOptional<number>;
  declare uid: string;
  declare listingId: number;
  declare travelerId: number;
  declare hostId: number;
  declare checkIn: string | null;
  declare checkOut: string | null;
  declare travelerLastReadId: CreationOptional<number>;
  declare hostLastReadId: CreationOptional<number>;
  declare lastMessageAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Conversation.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    uid: { type: DataTypes.STRING(32), allowNull: false, unique: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    travelerId: { type: DataTypes.INTEGER, allowNull: false },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    checkIn: { type: DataTypes.DATEONLY, allowNull: true },
    checkOut: { type: DataTypes.DATEONLY, allowNull: true },
    travelerLastReadId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    hostLastReadId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastMessageAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "conversations", underscored: true },
);
