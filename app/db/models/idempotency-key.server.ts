import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type IdempotencyState = "in_progress" | "done";

/** The first answer of a creating POST sent with an Idempotency-Key (migration 0211, ADR 221). */
export class IdempotencyKey extends Model<InferAttributes<IdempotencyKey>, InferCreationAttributes<IdempotencyKey>> {
  declare id: CreationOptional<number>;
  /** "user:<id>", or "ip:<address>" for an anonymous caller. */
  declare owner: string;
  declare idemKey: string;
  declare requestHash: string;
  declare state: IdempotencyState;
  declare lockedUntil: Date | null;
  declare responseStatus: CreationOptional<number | null>;
  declare responseBody: CreationOptional<string | null>;
  /** JSON object of the headers replayed (Content-Type, Location). */
  declare responseHeaders: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare expiresAt: Date;
}

IdempotencyKey.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    owner: { type: DataTypes.STRING(80), allowNull: false },
    idemKey: { type: DataTypes.STRING(255), allowNull: false },
    requestHash: { type: DataTypes.STRING(64), allowNull: false },
    state: { type: DataTypes.STRING(16), allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    responseStatus: { type: DataTypes.INTEGER, allowNull: true },
    responseBody: { type: DataTypes.TEXT, allowNull: true },
    responseHeaders: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    expiresAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "idempotency_keys", underscored: true, updatedAt: false },
);
