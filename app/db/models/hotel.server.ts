import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class Hotel extends Model<InferAttributes<Hotel>, InferCreationAttributes<Hotel>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare name: string;
  declare stars: number | null;
  declare category: string | null;
  declare totalRooms: number;
  declare descriptionFr: string | null;
  declare descriptionEn: string | null;
  declare descriptionEs: string | null;
  declare checkInTime: string | null;
  declare checkOutTime: string | null;
  declare weeklyDiscountPct: CreationOptional<number>;
  declare monthlyDiscountPct: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Hotel.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    stars: { type: DataTypes.INTEGER, allowNull: true },
    category: { type: DataTypes.STRING(32), allowNull: true },
    totalRooms: { type: DataTypes.INTEGER, allowNull: false },
    descriptionFr: { type: DataTypes.TEXT, allowNull: true },
    descriptionEn: { type: DataTypes.TEXT, allowNull: true },
    descriptionEs: { type: DataTypes.TEXT, allowNull: true },
    checkInTime: { type: DataTypes.STRING(5), allowNull: true },
    checkOutTime: { type: DataTypes.STRING(5), allowNull: true },
    weeklyDiscountPct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    monthlyDiscountPct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "hotels", underscored: true },
);
