import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A photo of an experience (migration 0205): the same variants as a listing's photos. */
export class ExperiencePhoto extends Model<InferAttributes<ExperiencePhoto>, InferCreationAttributes<ExperiencePhoto>> {
  declare id: CreationOptional<number>;
  declare experienceId: number;
  declare storageKey: string;
  declare variants: string;
  declare width: number;
  declare height: number;
  declare position: CreationOptional<number>;
  declare isCover: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ExperiencePhoto.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    experienceId: { type: DataTypes.INTEGER, allowNull: false },
    storageKey: { type: DataTypes.STRING(200), allowNull: false },
    variants: { type: DataTypes.STRING(64), allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: false },
    height: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    isCover: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "experience_photos", underscored: true },
);
