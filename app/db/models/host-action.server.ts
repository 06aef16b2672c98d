import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type HostActionKind =
  | "reservation_accepted"
  | "reservation_declined"
  | "reservation_cancelled"
  | "calendar_blocked"
  | "calendar_unblocked"
  | "calendar_priced";

/** Who did what on a listing: its host or a co-host (migration 0150, ADR 147). */
export class HostAction extends Model<InferAttributes<HostAction>, InferCreationAttributes<HostAction>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare reservationId: number | null;
  declare actorId: number;
  declare action: HostActionKind;
  declare detail: string | null;
  declare createdAt: CreationOptional<Date>;
}

HostAction.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    reservationId: { type: DataTypes.INTEGER, allowNull: true },
    actorId: { type: DataTypes.INTEGER, allowNull: false },
    action: { type: DataTypes.STRING(32), allowNull: false },
    detail: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "host_actions", underscored: true, updatedAt: false },
);
