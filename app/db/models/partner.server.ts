import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type PartnerStatus = "active" | "suspended";

/** A provider of services or activities with a public page (migration 0190). */
export class Partner extends Model<InferAttributes<Partner>, InferCreationAttributes<Partner>> {
  declare id: CreationOptional<number>;
  /** The account that manages the partner in partner mode, if any. */
  declare userId: number | null;
  declare name: string;
  /** JSON object of texts per language: {"en": …, "fr": …, "es": …}. */
  declare description: string;
  /** JSON array of language codes spoken. */
  declare languages: string;
  declare email: string;
  declare phone: string;
  declare website: string | null;
  declare city: string | null;
  declare status: CreationOptional<PartnerStatus>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Partner.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    languages: { type: DataTypes.STRING(200), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    website: { type: DataTypes.STRING(500), allowNull: true },
    city: { type: DataTypes.STRING(80), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "active" },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "partners", underscored: true },
);
