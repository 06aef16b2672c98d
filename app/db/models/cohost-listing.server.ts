import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A listing an invitation covers (migration 0150). */
export class CohostListing extends Model<InferAttributes<CohostListing>, InferCreationAttributes<CohostListing>> {
  declare id: CreationOptional<number>;
  declare invitationId: number;
  declare listingId: number;
}

CohostListing.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    invitationId: { type: DataTypes.INTEGER, allowNull: false },
    listingId: { type: DataTypes.INTEGER, allowNull: false },
  },
  { sequelize: getSequelize(), tableName: "cohost_listings", underscored: true, timestamps: false },
);
