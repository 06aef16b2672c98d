import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class GuesthouseRoom extends Model<InferAttributes<GuesthouseRoom>, InferCreationAttributes<GuesthouseRoom>> {
  declare id: CreationOptional<number>;
  declare guesthouseId: number;
  declare number: string;
  declare name: string;
  declare price: number;
  declare maxGuests: number;
  declare beds: number;
  declare showers: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

GuesthouseRoom.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    guesthouseId: { type: DataTypes.INTEGER, allowNull: false },
    number: { type: DataTypes.STRING(16), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    price: { type: DataTypes.INTEGER, allowNull: false },
    maxGuests: { type: DataTypes.INTEGER, allowNull: false },
    beds: { type: DataTypes.INTEGER, allowNull: false },
    showers: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "guesthouse_rooms", underscored: true },
);
