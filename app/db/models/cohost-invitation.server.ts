import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type CohostInvitationStatus = "pending" | "accepted" | "declined" | "withdrawn" | "removed";

/** A host's invitation to co-host some of their listings (migration 0150, ADR 147). */
export class CohostInvitation extends Model<InferAttributes<CohostInvitation>, InferCreationAttributes<CohostInvitation>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare email: string;
  declare cohostId: number | null;
  declare status: CohostInvitationStatus;
  /** "hostId:email" while pending or accepted, null afterwards (one live invitation per pair). */
  declare activeKey: string | null;
  declare respondedAt: Date | null;
  declare endedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CohostInvitation.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    cohostId: { type: DataTypes.INTEGER, allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false },
    activeKey: { type: DataTypes.STRING(280), allowNull: true },
    respondedAt: { type: DataTypes.DATE, allowNull: true },
    endedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "cohost_invitations", underscored: true },
);
