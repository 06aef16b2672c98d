import { DataTypes, type Model } from "sequelize";

/**
 * A BIGINT money column (millimes) read back as a JavaScript number: MySQL drivers return BIGINT
 * as a string, SQLite as a number; amounts stay far below 2^53 so Number() is exact.
 */
export const bigintAsNumber = (name: string) => ({
  type: DataTypes.BIGINT,
  allowNull: false,
  defaultValue: 0,
  get(this: Model) {
    return Number(this.getDataValue(name));
  },
});
