import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export class Currency extends Model<InferAttributes<Currency>, InferCreationAttributes<Currency>> {
  declare code: string;
  declare symbol: string;
  declare valueMicros: number;
  declare decimals: number;
  declare position: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Currency.init(
  {
    code: { type: DataTypes.STRING(3), primaryKey: true },
    symbol: { type: DataTypes.STRING(8), allowNull: false },
    valueMicros: {
      type: DataTypes.BIGINT,
      allowNull: false,
      // mysql2 may hand BIGINT back as a string; rates stay far below 2^53.
      get() {
        return Number(this.getDataValue("valueMicros"));
      },
    },
    decimals: { type: DataTypes.INTEGER, allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "currencies", underscored: true },
);
