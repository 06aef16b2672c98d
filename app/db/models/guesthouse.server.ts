import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class Guesthouse extends Model<InferAttributes<Guesthouse>, InferCreationAttributes<Guesthouse>> {
  declare id: CreationOptional<number>;
  declare listingId: number;
  declare name: string;
  declare totalRooms: number;
  declare descriptionFr: string | null;
  declare descriptionEn: string | null;
  declare descriptionEs: string | null;
  declare checkInTime: string | null;
  declare checkOutTime: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Guesthouse.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    listingId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    totalRooms: { type: DataTypes.INTEGER, allowNull: false },
    descriptionFr: { type: DataTypes.TEXT, allowNull: true },
    descriptionEn: { type: DataTypes.TEXT, allowNull: true },
    descriptionEs: { type: DataTypes.TEXT, allowNull: true },
    checkInTime: { type: DataTypes.STRING(5), allowNull: true },
    checkOutTime: { type: DataTypes.STRING(5), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "guesthouses", underscored: true },
);
