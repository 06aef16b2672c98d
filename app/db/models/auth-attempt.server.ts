import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type AuthAttemptScope = "login_ip" | "login_email" | "login_account" | "reset_email" | "verify_email";

/** One counted attempt (a failed sign-in, a reset or verification e-mail asked for). */
export class AuthAttempt extends Model<InferAttributes<AuthAttempt>, InferCreationAttributes<AuthAttempt>> {
  declare id: CreationOptional<number>;
  declare scope: AuthAttemptScope;
  declare keyHash: string;
  declare createdAt: Date;
}

AuthAttempt.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    scope: { type: DataTypes.STRING(32), allowNull: false },
    keyHash: { type: DataTypes.STRING(64), allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "auth_attempts", underscored: true, timestamps: false },
);
