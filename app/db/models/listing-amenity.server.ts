import { DataTypes, Model, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class ListingAmenity extends Model<InferAttributes<ListingAmenity>, InferCreationAttributes<ListingAmenity>> {
  declare listingId: number;
  declare amenity: string;
}

ListingAmenity.init(
  {
    listingId: { type: DataTypes.INTEGER, primaryKey: true },
    amenity: { type: DataTypes.STRING(32), primaryKey: true },
  },
  { sequelize: getSequelize(), tableName: "listing_amenities", underscored: true, timestamps: false },
);
