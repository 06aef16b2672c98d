import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

import type { UserRole } from "~/domain/staff-roles";

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare passwordHash: string | null;
  declare firstName: string;
  declare lastName: string;
  declare birthDate: string | null;
  declare gender: string | null;
  declare country: string | null;
  declare phone: string | null;
  declare nationality: string | null;
  declare role: CreationOptional<UserRole>;
  declare hostMode: CreationOptional<boolean>;
  declare language: string | null;
  declare currency: string | null;
  declare timeZone: string | null;
  declare emailVerifiedAt: Date | null;
  declare about: CreationOptional<string | null>;
  /** Set while the team has suspended the account (ADR 170): no sign-in, no session, no public listing. */
  declare suspendedAt: CreationOptional<Date | null>;
  declare suspensionReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

User.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    email: {
      type: DataTypes.STRING(254),
      allowNull: false,
      unique: true,
      set(value: string) {
        this.setDataValue("email", value.trim().toLowerCase());
      },
    },
    passwordHash: { type: DataTypes.STRING(255), allowNull: true },
    firstName: { type: DataTypes.STRING(100), allowNull: false },
    lastName: { type: DataTypes.STRING(100), allowNull: false },
    birthDate: { type: DataTypes.DATEONLY, allowNull: true },
    gender: { type: DataTypes.STRING(16), allowNull: true },
    country: { type: DataTypes.STRING(2), allowNull: true },
    phone: { type: DataTypes.STRING(32), allowNull: true },
    nationality: { type: DataTypes.STRING(2), allowNull: true },
    role: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "user" },
    hostMode: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    language: { type: DataTypes.STRING(2), allowNull: true },
    currency: { type: DataTypes.STRING(3), allowNull: true },
    timeZone: { type: DataTypes.STRING(64), allowNull: true },
    emailVerifiedAt: { type: DataTypes.DATE, allowNull: true },
    about: { type: DataTypes.TEXT, allowNull: true },
    suspendedAt: { type: DataTypes.DATE, allowNull: true },
    suspensionReason: { type: DataTypes.STRING(1000), allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "users", underscored: true },
);
