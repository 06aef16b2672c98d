import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A night a feed's last good fetch asked for (taken in reservation_nights or in conflict). See migration 0120. */
export class CalendarFeedNight extends Model<InferAttributes<CalendarFeedNight>, InferCreationAttributes<CalendarFeedNight>> {
  declare id: CreationOptional<number>;
  declare feedId: number;
  declare listingId: number;
  declare night: string;
  declare notifiedReservationId: CreationOptional<number | null>;
}

CalendarFeedNight.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    feedId: { type: DataTypes.INTEGER, allowNull: false },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    night: { type: DataTypes.DATEONLY, allowNull: false },
    notifiedReservationId: { type: DataTypes.INTEGER, allowNull: true },
  },
  { sequelize: getSequelize(), tableName: "calendar_feed_nights", underscored: true, timestamps: false },
);
