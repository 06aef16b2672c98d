import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** One step of a listing's moderation history (who did what, with which note). */
export class ListingModerationEvent extends Model<
  InferAttributes<ListingModerationEvent>,
  InferCreationAttributes<ListingModerationEvent>
> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare actorId: number | null;
  declare action: string;
  declare fromState: string;
  declare toState: string;
  declare note: string | null;
  declare createdAt: CreationOptional<Date>;
}

ListingModerationEvent.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    actorId: { type: DataTypes.INTEGER, allowNull: true },
    action: { type: DataTypes.STRING(24), allowNull: false },
    fromState: { type: DataTypes.STRING(20), allowNull: false },
    toState: { type: DataTypes.STRING(20), allowNull: false },
    note: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "listing_moderation_events", underscored: true, updatedAt: false },
);
