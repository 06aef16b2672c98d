import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A gateway callback, recorded once per (provider, eventId) — the same webhook twice is one row. */
export class PaymentEvent extends Model<InferAttributes<PaymentEvent>, InferCreationAttributes<PaymentEvent>> {
  declare id: CreationOptional<number>;
  declare provider: string;
  declare eventId: string;
  declare reference: string;
  declare type: string;
  declare payload: string;
  declare receivedAt: Date;
}

PaymentEvent.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    provider: { type: DataTypes.STRING(24), allowNull: false },
    eventId: { type: DataTypes.STRING(64), allowNull: false },
    reference: { type: DataTypes.STRING(40), allowNull: false },
    type: { type: DataTypes.STRING(32), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    receivedAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "payment_events", underscored: true, timestamps: false },
);
