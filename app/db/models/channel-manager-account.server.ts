import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A host's channel-manager account token (checked with the provider before it is saved). See migration 0120. */
export class ChannelManagerAccount extends Model<InferAttributes<ChannelManagerAccount>, InferCreationAttributes<ChannelManagerAccount>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare token: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ChannelManagerAccount.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    token: { type: DataTypes.STRING(255), allowNull: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "channel_manager_accounts", underscored: true },
);
