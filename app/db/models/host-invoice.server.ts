import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { bigintAsNumber } from "~/db/bigint-as-number.server";
import { getSequelize } from "~/db/sequelize.server";

/** A host's monthly commission invoice (migration 0170), numbered per year without gaps. */
export class HostInvoice extends Model<InferAttributes<HostInvoice>, InferCreationAttributes<HostInvoice>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare month: string;
  declare year: number;
  declare number: number;
  declare customerName: string;
  declare companyName: string | null;
  declare companyTaxId: string | null;
  declare companyAddress: string | null;
  declare commission: number;
  declare issuedAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

HostInvoice.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    month: { type: DataTypes.STRING(7), allowNull: false },
    year: { type: DataTypes.INTEGER, allowNull: false },
    number: { type: DataTypes.INTEGER, allowNull: false },
    customerName: { type: DataTypes.STRING(160), allowNull: false },
    companyName: { type: DataTypes.STRING(160), allowNull: true },
    companyTaxId: { type: DataTypes.STRING(20), allowNull: true },
    companyAddress: { type: DataTypes.STRING(255), allowNull: true },
    commission: bigintAsNumber("commission"),
    issuedAt: { type: DataTypes.DATE, allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "host_invoices", underscored: true },
);
