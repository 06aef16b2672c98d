import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/**
 * One night held by a holding reservation (pending_payment or confirmed), or blocked by an
 * imported calendar feed (migration 0120): exactly one of reservationId and calendarFeedId is set.
 * See migrations 0040 and 0120.
 */
export class ReservationNight extends Model<InferAttributes<ReservationNight>, InferCreationAttributes<ReservationNight>> {
  declare id: CreationOptional<number>;
  declare reservationId: number | null;
  declare calendarFeedId: CreationOptional<number | null>;
  declare listingId: number;
  declare unitKey: string;
  declare night: string;
  declare slot: number;
  declare createdAt: CreationOptional<Date>;
}

ReservationNight.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: true },
    calendarFeedId: { type: DataTypes.INTEGER, allowNull: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    unitKey: { type: DataTypes.STRING(32), allowNull: false },
    night: { type: DataTypes.DATEONLY, allowNull: false },
    slot: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "reservation_nights", underscored: true, updatedAt: false },
);

/** The unit_key of what a reservation books. */
export function unitKeyFor(target: { roomTypeId?: number | null; guesthouseRoomId?: number | null }): string {
  if (target.roomTypeId) return `room-type:${target.roomTypeId}`;
  if (target.guesthouseRoomId) return `room:${target.guesthouseRoomId}`;
  return "listing";
}
