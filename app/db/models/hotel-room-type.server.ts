import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class HotelRoomType extends Model<InferAttributes<HotelRoomType>, InferCreationAttributes<HotelRoomType>> {
  declare id: CreationOptional<number>;
  declare hotelId: number;
  declare name: string;
  declare description: string | null;
  declare basePrice: number;
  declare sizeM2: number | null;
  declare maxOccupancy: number;
  declare bedConfiguration: string | null;
  declare quantity: number;
  declare features: CreationOptional<string[]>;
  declare position: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

HotelRoomType.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hotelId: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    basePrice: { type: DataTypes.INTEGER, allowNull: false },
    sizeM2: { type: DataTypes.INTEGER, allowNull: true, field: "size_m2" },
    maxOccupancy: { type: DataTypes.INTEGER, allowNull: false },
    bedConfiguration: { type: DataTypes.STRING(120), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    features: {
      type: DataTypes.TEXT,
      allowNull: false,
      defaultValue: "[]",
      get() {
        const raw = this.getDataValue("features") as unknown;
        return typeof raw === "string" ? (JSON.parse(raw) as string[]) : ((raw as string[] | undefined) ?? []);
      },
      set(value: string[]) {
        this.setDataValue("features", JSON.stringify(value) as unknown as string[]);
      },
    },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "hotel_room_types", underscored: true },
);
