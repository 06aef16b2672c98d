import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";

/** A traveler's review of a completed stay (migration 0110) or experience (0206): five ratings, text, the host's or partner's reply. */
export class Review extends Model<InferAttributes<Review>, InferCreationAttributes<Review>> {
  declare id: CreationOptional<number>;
  /** A review is of a stay (reservation, listing, host) or of an experience booking (booking, experience, partner): ADR 184. */
  declare reservationId: number | null;
  declare listingId: number | null;
  declare hostId: number | null;
  declare experienceBookingId: CreationOptional<number | null>;
  declare experienceId: CreationOptional<number | null>;
  declare partnerId: CreationOptional<number | null>;
  declare authorId: number;
  declare text: string;
  declare amenities: number;
  declare services: number;
  declare price: number;
  declare tours: number;
  declare location: number;
  declare stayMonth: string;
  declare language: string | null;
  declare replyText: CreationOptional<string | null>;
  declare repliedAt: CreationOptional<Date | null>;
  declare hiddenAt: CreationOptional<Date | null>;
  declare hiddenBy: CreationOptional<number | null>;
  declare hiddenNote: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

// A new object per column: Sequelize writes each column's name into its definition.
const rating = () => ({ type: DataTypes.INTEGER, allowNull: false });
Review.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    reservationId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    listingId: { type: DataTypes.INTEGER, allowNull: true },
    hostId: { type: DataTypes.INTEGER, allowNull: true },
    experienceBookingId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    experienceId: { type: DataTypes.INTEGER, allowNull: true },
    partnerId: { type: DataTypes.INTEGER, allowNull: true },
    authorId: { type: DataTypes.INTEGER, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    amenities: rating(),
    services: rating(),
    price: rating(),
    tours: rating(),
    location: rating(),
    stayMonth: { type: DataTypes.STRING(7), allowNull: false },
    language: { type: DataTypes.STRING(2), allowNull: true },
    replyText: { type: DataTypes.TEXT, allowNull: true },
    repliedAt: { type: DataTypes.DATE, allowNull: true },
    hiddenAt: { type: DataTypes.DATE, allowNull: true },
    hiddenBy: { type: DataTypes.INTEGER, allowNull: true },
    hiddenNote: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "reviews", underscored: true },
);
