import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
} from "sequelize";
import type {
  CancellationPolicy,
  ListingStatus,
  ModerationState,
  PropertyType,
  ReservationMethod,
  Visibility,
} from "~/domain/listing";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { ListingAmenity } from "~/db/models/listing-amenity.server";
import { ListingModerationEvent } from "~/db/models/listing-moderation-event.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { ListingTravelType } from "~/db/models/listing-travel-type.server";
import { User } from "~/db/models/user.server";
import { getSequelize } from "~/db/sequelize.server";

/** A property / listing (SPEC.md §3). Hotels and guesthouses are listings with an establishment row. */
export class Listing extends Model<InferAttributes<Listing>, InferCreationAttributes<Listing>> {
  declare id: CreationOptional<number>;
  declare hostId: number;
  declare propertyType: PropertyType | null;
  declare title: string | null;
  declare descriptionFr: string | null;
  declare descriptionEn: string | null;
  declare descriptionEs: string | null;
  declare maxGuests: number | null;
  declare bedrooms: number | null;
  declare beds: number | null;
  declare bathrooms: number | null;
  declare country: CreationOptional<string>;
  declare street: string | null;
  declare additionalAddress: string | null;
  declare city: string | null;
  declare governorate: string | null;
  declare delegation: string | null;
  declare postalCode: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare basePrice: number | null;
  declare cleaningFee: CreationOptional<number>;
  declare minNights: CreationOptional<number>;
  declare maxNights: number | null;
  declare weeklyDiscountPct: CreationOptional<number>;
  declare monthlyDiscountPct: CreationOptional<number>;
  declare cancellationPolicy: CancellationPolicy | null;
  declare reservationMethod: ReservationMethod | null;
  declare petsAllowed: CreationOptional<boolean>;
  declare eventsAllowed: CreationOptional<boolean>;
  declare smokingAllowed: CreationOptional<boolean>;
  declare checkInTime: string | null;
  declare checkOutTime: string | null;
  declare calendarUrlAirbnb: string | null;
  declare calendarUrlBooking: string | null;
  declare calendarUrlChannelManager: string | null;
  declare visibility: CreationOptional<Visibility>;
  declare status: CreationOptional<ListingStatus>;
  declare moderationState: CreationOptional<ModerationState>;
  declare moderationNote: string | null;
  declare savedSteps: CreationOptional<string[]>;
  declare submittedAt: Date | null;
  declare approvedAt: Date | null;
  declare deletedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare amenityRows?: NonAttribute<ListingAmenity[]>;
  declare travelTypeRows?: NonAttribute<ListingTravelType[]>;
  declare photos?: NonAttribute<ListingPhoto[]>;
  declare hotel?: NonAttribute<Hotel | null>;
  declare guesthouse?: NonAttribute<Guesthouse | null>;
  declare pauses?: NonAttribute<ListingPause[]>;
  declare host?: NonAttribute<User>;
}

Listing.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    hostId: { type: DataTypes.INTEGER, allowNull: false },
    propertyType: { type: DataTypes.STRING(16), allowNull: true },
    title: { type: DataTypes.STRING(120), allowNull: true },
    descriptionFr: { type: DataTypes.TEXT, allowNull: true },
    descriptionEn: { type: DataTypes.TEXT, allowNull: true },
    descriptionEs: { type: DataTypes.TEXT, allowNull: true },
    maxGuests: { type: DataTypes.INTEGER, allowNull: true },
    bedrooms: { type: DataTypes.INTEGER, allowNull: true },
    beds: { type: DataTypes.INTEGER, allowNull: true },
    bathrooms: { type: DataTypes.INTEGER, allowNull: true },
    country: { type: DataTypes.STRING(2), allowNull: false, defaultValue: "TN" },
    street: { type: DataTypes.STRING(200), allowNull: true },
    additionalAddress: { type: DataTypes.STRING(200), allowNull: true },
    city: { type: DataTypes.STRING(100), allowNull: true },
    governorate: { type: DataTypes.STRING(64), allowNull: true },
    delegation: { type: DataTypes.STRING(64), allowNull: true },
    postalCode: { type: DataTypes.STRING(8), allowNull: true },
    latitude: { type: DataTypes.DOUBLE, allowNull: true },
    longitude: { type: DataTypes.DOUBLE, allowNull: true },
    basePrice: { type: DataTypes.INTEGER, allowNull: true },
    cleaningFee: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    minNights: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    maxNights: { type: DataTypes.INTEGER, allowNull: true },
    weeklyDiscountPct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    monthlyDiscountPct: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    cancellationPolicy: { type: DataTypes.STRING(16), allowNull: true },
    reservationMethod: { type: DataTypes.STRING(16), allowNull: true },
    petsAllowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    eventsAllowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    smokingAllowed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    checkInTime: { type: DataTypes.STRING(5), allowNull: true },
    checkOutTime: { type: DataTypes.STRING(5), allowNull: true },
    calendarUrlAirbnb: { type: DataTypes.STRING(2048), allowNull: true },
    calendarUrlBooking: { type: DataTypes.STRING(2048), allowNull: true },
    calendarUrlChannelManager: { type: DataTypes.STRING(2048), allowNull: true },
    visibility: { type: DataTypes.STRING(8), allowNull: false, defaultValue: "visible" },
    status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: "pending" },
    moderationState: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "draft" },
    moderationNote: { type: DataTypes.TEXT, allowNull: true },
    savedSteps: {
      type: DataTypes.TEXT,
      allowNull: false,
      defaultValue: "[]",
      get() {
        const raw = this.getDataValue("savedSteps") as unknown;
        return typeof raw === "string" ? (JSON.parse(raw) as string[]) : ((raw as string[] | undefined) ?? []);
      },
      set(value: string[]) {
        this.setDataValue("savedSteps", JSON.stringify(value) as unknown as string[]);
      },
    },
    submittedAt: { type: DataTypes.DATE, allowNull: true },
    approvedAt: { type: DataTypes.DATE, allowNull: true },
    deletedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize: getSequelize(), tableName: "listings", underscored: true },
);

// Associations live here, so importing Listing is enough to query with includes.
Listing.belongsTo(User, { as: "host", foreignKey: "hostId" });
Listing.hasMany(ListingAmenity, { as: "amenityRows", foreignKey: "listingId" });
Listing.hasMany(ListingTravelType, { as: "travelTypeRows", foreignKey: "listingId" });
Listing.hasMany(ListingPhoto, { as: "photos", foreignKey: "listingId" });
Listing.hasMany(ListingPause, { as: "pauses", foreignKey: "listingId" });
Listing.hasMany(ListingModerationEvent, { as: "moderationEvents", foreignKey: "listingId" });
Listing.hasMany(CalendarDay, { as: "calendarDays", foreignKey: "listingId" });
Listing.hasOne(Hotel, { as: "hotel", foreignKey: "listingId" });
Listing.hasOne(Guesthouse, { as: "guesthouse", foreignKey: "listingId" });
Hotel.hasMany(HotelRoomType, { as: "roomTypes", foreignKey: "hotelId" });
Guesthouse.hasMany(GuesthouseRoom, { as: "rooms", foreignKey: "guesthouseId" });
HotelRoomType.hasMany(ListingPhoto, { as: "photos", foreignKey: "roomTypeId" });

