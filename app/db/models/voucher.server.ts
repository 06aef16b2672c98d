import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type VoucherStatus = "available" | "applied";

/** A credit (the service fee of a stay the host cancelled) taken off the traveler's next booking. */
export class Voucher extends Model<InferAttributes<Voucher>, InferCreationAttributes<Voucher>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare amount: number;
  declare sourceReservationId: number | null;
  declare status: CreationOptional<VoucherStatus>;
  declare appliedReservationId: CreationOptional<number | null>;
  declare appliedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Voucher.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    amount: {
      type: DataTypes.BIGINT,
      allowNull: false,
      defaultValue: 0,
      get() {
        return Number(this.getDataValue("amount"));
      },
    },
    sourceReservationId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "available" },
    appliedReservationId: { type: DataTypes.INTEGER, allowNull: true },
    appliedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "vouchers", underscored: true },
);
