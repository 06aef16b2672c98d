import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** The secret token of a unit's iCal export URL (/ical/{token}.ics). See migration 0120. */
export class CalendarExport extends Model<InferAttributes<CalendarExport>, InferCreationAttributes<CalendarExport>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare unitKey: string;
  declare token: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CalendarExport.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
    unitKey: { type: DataTypes.STRING(32), allowNull: false },
    token: { type: DataTypes.STRING(64), allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "calendar_exports", underscored: true },
);
