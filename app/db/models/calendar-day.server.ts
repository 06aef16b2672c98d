import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A date of a listing's host calendar: its own price (millimes) and/or a block. */
export class CalendarDay extends Model<InferAttributes<CalendarDay>, InferCreationAttributes<CalendarDay>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare date: string;
  declare price: number | null;
  declare blocked: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CalendarDay.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    date: { type: DataTypes.STRING(10), allowNull: false },
    price: { type: DataTypes.INTEGER, allowNull: true },
    blocked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "calendar_days", underscored: true },
);
