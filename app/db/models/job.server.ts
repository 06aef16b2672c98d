import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

export type JobStatus = "pending" | "done" | "failed";

export class Job extends Model<InferAttributes<Job>, InferCreationAttributes<Job>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare payload: string;
  declare uniqueKey: string | null;
  declare status: CreationOptional<JobStatus>;
  declare runAt: Date;
  declare attempts: CreationOptional<number>;
  declare maxAttempts: CreationOptional<number>;
  declare lockedBy: string | null;
  declare lockedUntil: Date | null;
  declare lastError: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Job.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    name: { type: DataTypes.STRING(64), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    uniqueKey: { type: DataTypes.STRING(128), allowNull: true, unique: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
    runAt: { type: DataTypes.DATE, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    maxAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
    lockedBy: { type: DataTypes.STRING(64), allowNull: true },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "jobs", underscored: true },
);
