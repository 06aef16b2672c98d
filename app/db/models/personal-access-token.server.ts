import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A personal access token (migration 0210, ADR 220): only its SHA-256 is stored. */
export class PersonalAccessToken extends Model<InferAttributes<PersonalAccessToken>, InferCreationAttributes<PersonalAccessToken>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare name: string;
  /** Hex SHA-256 of the token. */
  declare tokenHash: string;
  /** The token's first characters (not secret), to recognise it. */
  declare tokenPrefix: string;
  /** Space-separated scopes (app/domain/api-scopes.ts). */
  declare scopes: string;
  declare expiresAt: Date;
  declare lastUsedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

PersonalAccessToken.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(80), allowNull: false },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false },
    tokenPrefix: { type: DataTypes.STRING(20), allowNull: false },
    scopes: { type: DataTypes.STRING(500), allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    lastUsedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "personal_access_tokens", underscored: true, updatedAt: false },
);
