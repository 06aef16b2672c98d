import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A listing takes no booking on [startDate, endDate) (half-open, YYYY-MM-DD). */
export class ListingPause extends Model<InferAttributes<ListingPause>, InferCreationAttributes<ListingPause>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare startDate: string;
  declare endDate: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ListingPause.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    startDate: { type: DataTypes.STRING(10), allowNull: false },
    endDate: { type: DataTypes.STRING(10), allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "listing_pauses", underscored: true },
);
