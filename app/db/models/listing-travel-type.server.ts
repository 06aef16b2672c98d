import { DataTypes, Model, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class ListingTravelType extends Model<
  InferAttributes<ListingTravelType>,
  InferCreationAttributes<ListingTravelType>
> {
  declare listingId: number;
  declare travelType: string;
}

ListingTravelType.init(
  {
    listingId: { type: DataTypes.INTEGER, primaryKey: true },
    travelType: { type: DataTypes.STRING(16), primaryKey: true },
  },
  { sequelize: getSequelize(), tableName: "listing_travel_types", underscored: true, timestamps: false },
);
