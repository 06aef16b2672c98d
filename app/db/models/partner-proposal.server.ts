import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type PartnerProposalStatus = "pending" | "approved" | "refused";

/** Someone's proposal to become a partner (migration 0192, ADR 181). */
export class PartnerProposal extends Model<InferAttributes<PartnerProposal>, InferCreationAttributes<PartnerProposal>> {
  declare id: CreationOptional<number>;
  /** The proposer's account when they were signed in. */
  declare userId: number | null;
  declare name: string;
  declare description: string;
  /** JSON array of { min, max } in millimes. */
  declare priceRanges: string;
  /** JSON array of { date, from, to }. */
  declare availability: string;
  /** JSON array of language codes. */
  declare languages: string;
  declare email: string;
  declare phone: string;
  declare website: string | null;
  declare language: string;
  declare status: CreationOptional<PartnerProposalStatus>;
  declare refusalReason: CreationOptional<string | null>;
  declare partnerId: CreationOptional<number | null>;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PartnerProposal.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    priceRanges: { type: DataTypes.TEXT, allowNull: false },
    availability: { type: DataTypes.TEXT, allowNull: false },
    languages: { type: DataTypes.STRING(200), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    phone: { type: DataTypes.STRING(32), allowNull: false },
    website: { type: DataTypes.STRING(500), allowNull: true },
    language: { type: DataTypes.STRING(5), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    refusalReason: { type: DataTypes.TEXT, allowNull: true },
    partnerId: { type: DataTypes.INTEGER, allowNull: true },
    decidedBy: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "partner_proposals", underscored: true },
);
