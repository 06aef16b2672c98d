// Answers of the hosts' listing /api/v1 routes (app/openapi/listings.ts documents them), and the
// bodies of the listing writes (app/openapi/host-listing-writes.ts; ADR 224): each wizard section
// is the wizard step's own schema, amounts in integer millimes.
import { z } from "~/schemas/zod";
import {
  addressSchema,
  amenitiesSchema,
  calendarLinksSchema,
  cancellationSchema,
  createGuesthouseRoomSchema,
  createPricesSchema,
  createRoomTypeSchema,
  descriptionSchema,
  discountsSchema,
  guesthouseInfoSchema,
  hotelInfoSchema,
  houseRulesSchema,
  propertyTypeSchema,
  travelTypesSchema,
} from "~/schemas/listing-wizard";
import {
  CANCELLATION_POLICIES,
  LISTING_STATUSES,
  MODERATION_STATES,
  PROPERTY_TYPES,
  RESERVATION_METHODS,
  TRAVEL_TYPES,
  VISIBILITIES,
  WIZARD_STEPS,
} from "~/domain/listing";
import { CurrencyTnd, DateTime, LocalDate, Millimes, named } from "~/openapi/components";
import { PageFieldsSchema } from "~/utils/api-pagination";

const nullableString = z.string().nullable();
const nullableInt = z.int().nullable();
const propertyType = z.enum(PROPERTY_TYPES).nullable();
const status = z.enum(LISTING_STATUSES).describe("pending until approved, visible once approved, deleted (soft delete).");
const moderationState = z.enum(MODERATION_STATES);
const visibility = z.enum(VISIBILITIES).describe("The host's switch; a hidden listing is not public.");
const step = z.enum(WIZARD_STEPS);
const time = z.string().regex(/^\d{2}:\d{2}$/).nullable();

export const HostListingSummarySchema = named(
  "HostListingSummary",
  z.object({
    id: z.int().describe("ID_Bien."),
    title: nullableString,
    propertyType,
    city: nullableString,
    status,
    moderationState,
    visibility,
    moderationNote: nullableString.describe("The operator's notes (corrections) or reason (refusal)."),
    nextStep: step.nullable().describe("Where the host continues the wizard; null once submitted."),
    basePrice: Millimes.nullable().describe("Per night; hotels and guesthouses: their lowest room price."),
    currency: CurrencyTnd,
    coverUrl: nullableString.describe("The cover photo, 640 px wide WebP."),
    updatedAt: DateTime,
  }),
);

export const HostListingListSchema = named("HostListingList", z.object({ listings: z.array(HostListingSummarySchema), ...PageFieldsSchema.shape }));

export const HostListingPhotoSchema = named(
  "HostListingPhoto",
  z.object({
    id: z.int(),
    url: z.string().describe("640 px wide WebP."),
    srcSet: z.string().describe("320, 640 and 1280 px variants."),
    width: z.int(),
    height: z.int(),
    isCover: z.boolean(),
    position: z.int(),
  }),
);

const roomType = z.object({
  id: z.int(),
  name: z.string(),
  description: nullableString,
  basePrice: Millimes,
  sizeM2: nullableInt,
  maxOccupancy: z.int(),
  bedConfiguration: nullableString,
  quantity: z.int().describe("Rooms of this type."),
  features: z.array(z.string()),
  photos: z
    .array(z.object({ id: z.int(), url: z.string(), isCover: z.boolean() }))
    .max(6)
    .describe("At most 5 photos plus a cover."),
});

const guesthouseRoom = z.object({
  id: z.int(),
  number: z.string(),
  name: z.string(),
  price: Millimes,
  maxGuests: z.int(),
  beds: z.int(),
  showers: z.int(),
});

export const HostListingSchema = named(
  "HostListing",
  z.object({
    id: z.int(),
    title: nullableString,
    propertyType,
    descriptions: z.object({ fr: nullableString, en: nullableString, es: nullableString }),
    capacity: z.object({ maxGuests: nullableInt, bedrooms: nullableInt, beds: nullableInt, bathrooms: nullableInt }),
    address: z.object({
      country: z.literal("TN"),
      street: nullableString,
      additionalAddress: nullableString,
      city: nullableString,
      governorate: nullableString.describe("One of Tunisia's 24 governorates."),
      governorateCode: nullableString,
      delegation: nullableString,
      postalCode: z.string().regex(/^\d{4}$/).nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
    amenities: z.array(z.string()),
    travelTypes: z.array(z.enum(TRAVEL_TYPES)),
    prices: z.object({
      currency: CurrencyTnd,
      basePrice: Millimes.nullable(),
      cleaningFee: Millimes,
      weeklyDiscountPct: z.int().min(0).max(90),
      monthlyDiscountPct: z.int().min(0).max(90),
      minNights: z.int().min(1),
      maxNights: nullableInt,
    }),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES).nullable(),
    reservationMethod: z.enum(RESERVATION_METHODS).nullable(),
    houseRules: z.object({
      petsAllowed: z.boolean(),
      eventsAllowed: z.boolean(),
      smokingAllowed: z.boolean(),
      checkInTime: time,
      checkOutTime: time,
    }),
    calendarLinks: z.object({ airbnb: nullableString, booking: nullableString, channelManager: nullableString }),
    status,
    moderationState,
    moderationNote: nullableString,
    visibility,
    photos: z.array(HostListingPhotoSchema),
    hotel: z
      .object({
        name: z.string(),
        stars: z.int().min(1).max(5).nullable(),
        category: nullableString,
        totalRooms: z.int(),
        roomTypes: z.array(roomType),
      })
      .nullable(),
    guesthouse: z.object({ name: z.string(), totalRooms: z.int(), rooms: z.array(guesthouseRoom) }).nullable(),
    pauses: z
      .array(z.object({ id: z.int().describe("For DELETE /api/v1/host/listings/{id}/pauses/{pauseId}."), startDate: LocalDate, endDate: LocalDate }))
      .describe("Half-open ranges [startDate, endDate) with no booking."),
    missingSteps: z.array(step).describe("Required wizard steps not complete yet (empty: ready to submit)."),
    nextStep: step.nullable(),
    submittedAt: DateTime.nullable(),
    createdAt: DateTime,
  }),
);

export const HostListingResponseSchema = named("HostListingResponse", z.object({ listing: HostListingSchema }));
export type HostListingList = z.infer<typeof HostListingListSchema>;

// ————————————————————————————————————————————————————————————————————— writes (issue 22, ADR 224)

/** The API's name of each wizard section → the wizard step it saves (same service function). */
export const LISTING_SECTIONS = {
  address: "address",
  propertyType: "property-type",
  hotelInfo: "hotel-info",
  guesthouseInfo: "guesthouse-info",
  description: "description",
  amenities: "amenities",
  travelTypes: "travel-types",
  prices: "prices",
  discounts: "discounts",
  cancellation: "cancellation",
  houseRules: "house-rules",
  calendarLinks: "calendar-links",
} as const;
export type ListingSection = keyof typeof LISTING_SECTIONS;

const sectionFields = {
  address: addressSchema.optional().describe("The address step. Without latitude/longitude the delegation's position is used."),
  propertyType: propertyTypeSchema.optional().describe("The type and, except for hotels and guesthouses, the capacity."),
  hotelInfo: hotelInfoSchema.optional().describe("Hotels only."),
  guesthouseInfo: guesthouseInfoSchema.optional().describe("Guesthouses only."),
  description: descriptionSchema.optional().describe("A title and at least one description (fr, en or es)."),
  amenities: amenitiesSchema.optional(),
  travelTypes: travelTypesSchema.optional(),
  prices: createPricesSchema(true, "millimes")
    .optional()
    .describe("Amounts in millimes. basePrice is required except for hotels and guesthouses (priced room by room)."),
  discounts: discountsSchema.optional(),
  cancellation: cancellationSchema.optional(),
  houseRules: houseRulesSchema.optional(),
  calendarLinks: calendarLinksSchema.optional().describe("Each link is an imported calendar; an empty or missing one is removed."),
};

export const ListingSectionsSchema = named(
  "HostListingSections",
  z.object(sectionFields).describe("Wizard sections to save, each whole (as its wizard step posts it), in the wizard's order."),
);
export type ListingSections = z.output<typeof ListingSectionsSchema>;

export const NewListingSchema = named(
  "HostNewListing",
  z.object({ ...sectionFields, address: addressSchema }).describe("A new draft: its address, and optionally further sections."),
);

export const VisibilitySchema = z.object({ visibility: z.enum(VISIBILITIES, { error: "listing:errors.invalidChoice" }) });
export const RoomTypeBodySchema = createRoomTypeSchema("millimes");
export const GuesthouseRoomBodySchema = createGuesthouseRoomSchema("millimes");
export const PhotoMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "listing:errors.invalidChoice" }) });

export const HostPhotoListSchema = named("HostPhotoList", z.object({ photos: z.array(HostListingPhotoSchema) }));
export const CreatedSchema = named("CreatedId", z.object({ id: z.int() }));

const isoDate = z.string({ error: "calendar:errors.from" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "calendar:errors.from" });
const isoDateTo = z.string({ error: "calendar:errors.to" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "calendar:errors.to" });

/** A range of nights (from..to inclusive; `to` defaults to `from`), or every upcoming night. */
export const CalendarRangeSchema = z.union([
  z.object({ all: z.literal(true).describe("Every night from today to the end of the booking window.") }),
  z.object({ from: isoDate, to: isoDateTo.optional() }),
]);
export type CalendarRange = z.output<typeof CalendarRangeSchema>;

export const CalendarPricesSchema = z.object({
  from: isoDate,
  to: isoDateTo.optional(),
  price: z
    .int({ error: "calendar:errors.price" })
    .nullable()
    .describe("Per night, in millimes; null gives the nights back the listing's base price."),
});

export const CalendarChangeSchema = named("HostCalendarChange", z.object({ changed: z.int().describe("Nights changed.") }));

export const HostCalendarSchema = named(
  "HostCalendar",
  z.object({
    listingId: z.int(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    previousMonth: z.string(),
    nextMonth: z.string(),
    today: LocalDate,
    currency: CurrencyTnd,
    basePrice: Millimes,
    nights: z.array(
      z.object({
        date: LocalDate,
        state: z.enum(["free", "booked", "held", "blocked", "paused"]),
        availableRooms: z.int(),
        price: Millimes.describe("One room's price of the night."),
        bookable: z.boolean(),
        externalSources: z.array(z.string()).describe("Imported calendars that block the night."),
      }),
    ),
  }),
);

export const ExportRegenerateSchema = z.object({ unitKey: z.string().max(64).optional().describe("A unit of the listing's export links; its first when missing.") });
export const ExportUrlSchema = named("HostCalendarExportUrl", z.object({ unitKey: z.string(), exportUrl: z.string().describe("The new private iCal URL.") }));
