import { DataTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { StoredPhoto, storedPhotoColumns } from "~/db/models/stored-photo.server";

/** A photo of an experience (migration 0205): the same variants as a listing's photos. */
export class ExperiencePhoto extends StoredPhoto<ExperiencePhoto> {
  declare experienceId: number;
}

ExperiencePhoto.init(
  { ...storedPhotoColumns, experienceId: { type: DataTypes.INTEGER, allowNull: false } },
  { sequelize: getSequelize(), tableName: "experience_photos", underscored: true },
);
