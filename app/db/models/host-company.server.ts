import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** The company a host declares acting for (migration 0170): at most one per host. */
export class HostCompany extends Model<InferAttributes<HostCompany>, InferCreationAttributes<HostCompany>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare legalName: string;
  /** The matricule fiscal in its normal form (app/domain/matricule-fiscal.ts). */
  declare taxId: string;
  declare address: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

HostCompany.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    legalName: { type: DataTypes.STRING(160), allowNull: false },
    taxId: { type: DataTypes.STRING(20), allowNull: false },
    address: { type: DataTypes.STRING(255), allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "host_companies", underscored: true },
);
