import { DataTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { StoredPhoto, storedPhotoColumns } from "~/db/models/stored-photo.server";

/** A photo of a listing, or of one of its hotel room types (`roomTypeId`). */
export class ListingPhoto extends StoredPhoto<ListingPhoto> {
  declare listingId: number;
  declare roomTypeId: number | null;
}

ListingPhoto.init(
  {
    ...storedPhotoColumns,
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    roomTypeId: { type: DataTypes.INTEGER, allowNull: true },
  },
  { sequelize: getSequelize(), tableName: "listing_photos", underscored: true },
);
