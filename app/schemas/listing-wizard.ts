// One zod schema per wizard step (and per establishment form), shared by the step's action
// (parseWithZod on the server) and its component (Conform's client validation). Messages are
// translation keys in the `listing` namespace (SPEC.md §5 wording in locales/en/listing.json).
import { z } from "~/schemas/zod";
import { parseTndAmount } from "~/domain/money";
import {
  AMENITIES,
  CANCELLATION_POLICIES,
  PROPERTY_TYPES,
  RESERVATION_METHODS,
  TRAVEL_TYPES,
  isEstablishmentType,
} from "~/domain/listing";
import { findDelegation, findGovernorate, isInsideTunisia } from "~/domain/tunisia-places";

export const listingMessages = {
  required: "listing:errors.required",
  tooLong: "listing:errors.tooLong",
  invalidChoice: "listing:errors.invalidChoice",
  wholeNumber: "listing:errors.wholeNumber",
  atLeastOne: "listing:errors.atLeastOne",
  tooMany: "listing:errors.tooMany",
  postalCode: "listing:errors.postalCode",
  delegationNotInGovernorate: "listing:errors.delegationNotInGovernorate",
  outsideTunisia: "listing:errors.outsideTunisia",
  amount: "listing:errors.amount",
  positiveAmount: "listing:errors.positiveAmount",
  percent: "listing:errors.percent",
  maxBelowMin: "listing:errors.maxBelowMin",
  time: "listing:errors.time",
  invalidUrl: "listing:errors.invalidUrl",
  stars: "listing:errors.stars",
  chooseTravelType: "listing:errors.chooseTravelType",
  descriptionNeeded: "listing:errors.descriptionNeeded",
} as const;

const requiredText = (max: number) =>
  z.string({ error: listingMessages.required }).trim().min(1, { error: listingMessages.required }).max(max, { error: listingMessages.tooLong });
const optionalText = (max: number) => z.string().trim().max(max, { error: listingMessages.tooLong }).optional();

/** A whole number typed in a form (Conform turns the text into a number, or undefined when empty). */
const count = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? listingMessages.required : listingMessages.wholeNumber) })
    .int({ error: listingMessages.wholeNumber })
    .min(min, { error: listingMessages.wholeNumber })
    .max(max, { error: listingMessages.wholeNumber });

/** A TND amount typed by the host ("120", "85,500"), turned into integer millimes. */
const tndAmount = (options: { allowZero: boolean }) =>
  z
    .union([z.string(), z.number()], { error: listingMessages.required })
    .transform((value, context) => {
      const millimes = parseTndAmount(String(value));
      if (millimes === null || millimes < 0) {
        context.addIssue({ code: "custom", message: listingMessages.amount });
        return z.NEVER;
      }
      if (!options.allowZero && millimes === 0) {
        context.addIssue({ code: "custom", message: listingMessages.positiveAmount });
        return z.NEVER;
      }
      return millimes;
    });

/** An amount the API sends: integer millimes (PRODUCT.md "Amounts are integer millimes"), same limits as typed. */
const millimesAmount = (options: { allowZero: boolean }) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? listingMessages.required : listingMessages.amount) })
    .int({ error: listingMessages.amount })
    .min(0, { error: listingMessages.amount })
    .max(Number.MAX_SAFE_INTEGER, { error: listingMessages.amount })
    .refine((value) => options.allowZero || value > 0, { error: listingMessages.positiveAmount });

/** How a form's amounts arrive: typed TND text on the pages, integer millimes from the API (ADR 224). */
export type AmountUnit = "tnd" | "millimes";
const amountIn = (unit: AmountUnit, options: { allowZero: boolean }) => (unit === "tnd" ? tndAmount(options) : millimesAmount(options));

const percent = z
  .number({ error: listingMessages.percent })
  .int({ error: listingMessages.percent })
  .min(0, { error: listingMessages.percent })
  .max(90, { error: listingMessages.percent })
  .default(0);

const time = z.string({ error: listingMessages.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: listingMessages.time });

/** A calendar link: empty, or an http(s) URL ("Invalid URL"). */
export const calendarUrl = z
  .string()
  .trim()
  .max(2048, { error: listingMessages.tooLong })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    },
    { error: listingMessages.invalidUrl },
  )
  .optional();

/** A list of choices from checkboxes (one value or several, or none). */
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: listingMessages.invalidChoice })),
  );

export const addressSchema = z
  .object({
    governorate: z.string({ error: listingMessages.required }).refine((code) => Boolean(findGovernorate(code)), {
      error: listingMessages.invalidChoice,
    }),
    delegation: requiredText(64),
    city: requiredText(100),
    street: requiredText(200),
    additionalAddress: optionalText(200),
    // Optional: the delegation's postal code when left empty.
    postalCode: z.string().trim().regex(/^\d{4}$/, { error: listingMessages.postalCode }).optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  })
  .superRefine((value, context) => {
    if (findGovernorate(value.governorate) && !findDelegation(value.governorate, value.delegation)) {
      context.addIssue({ code: "custom", path: ["delegation"], message: listingMessages.delegationNotInGovernorate });
    }
    if (value.latitude !== undefined && value.longitude !== undefined && !isInsideTunisia(value.latitude, value.longitude)) {
      context.addIssue({ code: "custom", path: ["latitude"], message: listingMessages.outsideTunisia });
    }
  });
export type AddressInput = z.output<typeof addressSchema>;

export const propertyTypeSchema = z
  .object({
    propertyType: z.enum(PROPERTY_TYPES, { error: listingMessages.required }),
    maxGuests: count(1, 50).optional(),
    bedrooms: count(0, 50).optional(),
    beds: count(1, 100).optional(),
    bathrooms: count(1, 50).optional(),
  })
  .superRefine((value, context) => {
    // Hotels and guesthouses describe their capacity room by room.
    if (isEstablishmentType(value.propertyType)) return;
    for (const field of ["maxGuests", "bedrooms", "beds", "bathrooms"] as const) {
      if (value[field] === undefined) context.addIssue({ code: "custom", path: [field], message: listingMessages.required });
    }
  });
export type PropertyTypeInput = z.output<typeof propertyTypeSchema>;

const establishmentDescriptions = {
  descriptionFr: optionalText(5000),
  descriptionEn: optionalText(5000),
  descriptionEs: optionalText(5000),
};

export const hotelInfoSchema = z.object({
  name: requiredText(120),
  stars: z.number({ error: listingMessages.stars }).int({ error: listingMessages.stars }).min(1, { error: listingMessages.stars }).max(5, { error: listingMessages.stars }).optional(),
  category: optionalText(32),
  totalRooms: count(1, 2000),
  ...establishmentDescriptions,
  checkInTime: time,
  checkOutTime: time,
});
export type HotelInfoInput = z.output<typeof hotelInfoSchema>;

export const ROOM_FEATURES = [
  "balcony",
  "sea_view",
  "air_conditioning",
  "minibar",
  "safe",
  "private_bathroom",
  "bathtub",
  "tv",
  "desk",
  "kettle",
] as const;

export const createRoomTypeSchema = (unit: AmountUnit) =>
  z.object({
    name: requiredText(120),
    description: optionalText(2000),
    basePrice: amountIn(unit, { allowZero: false }),
    sizeM2: count(1, 1000).optional(),
    maxOccupancy: count(1, 20),
    bedConfiguration: optionalText(120),
    quantity: count(1, 1000),
    features: choices(ROOM_FEATURES),
  });
export const roomTypeSchema = createRoomTypeSchema("tnd");
export type RoomTypeInput = z.output<typeof roomTypeSchema>;

export const guesthouseInfoSchema = z.object({
  name: requiredText(120),
  totalRooms: count(1, 200),
  ...establishmentDescriptions,
  checkInTime: time,
  checkOutTime: time,
});
export type GuesthouseInfoInput = z.output<typeof guesthouseInfoSchema>;

export const createGuesthouseRoomSchema = (unit: AmountUnit) =>
  z.object({
    number: requiredText(16),
    name: requiredText(120),
    price: amountIn(unit, { allowZero: false }),
    maxGuests: count(1, 20),
    beds: count(1, 20),
    showers: count(0, 10).default(0),
  });
export const guesthouseRoomSchema = createGuesthouseRoomSchema("tnd");
export type GuesthouseRoomInput = z.output<typeof guesthouseRoomSchema>;

export const descriptionSchema = z
  .object({
    title: requiredText(120),
    descriptionFr: optionalText(5000),
    descriptionEn: optionalText(5000),
    descriptionEs: optionalText(5000),
  })
  .superRefine((value, context) => {
    if (!value.descriptionFr && !value.descriptionEn && !value.descriptionEs) {
      context.addIssue({ code: "custom", path: ["descriptionFr"], message: listingMessages.descriptionNeeded });
    }
  });
export type DescriptionInput = z.output<typeof descriptionSchema>;

export const amenitiesSchema = z.object({ amenities: choices(AMENITIES) });
export type AmenitiesInput = z.output<typeof amenitiesSchema>;

export const travelTypesSchema = z.object({
  travelTypes: choices(TRAVEL_TYPES).refine((list) => list.length > 0, { error: listingMessages.chooseTravelType }),
});
export type TravelTypesInput = z.output<typeof travelTypesSchema>;

/** Prices: hotels and guesthouses price room by room, so their base price is not asked. */
export function createPricesSchema(establishment: boolean, unit: AmountUnit = "tnd") {
  return z
    .object({
      basePrice: establishment ? amountIn(unit, { allowZero: false }).optional() : amountIn(unit, { allowZero: false }),
      cleaningFee: amountIn(unit, { allowZero: true }).optional(),
      minNights: count(1, 365),
      maxNights: count(1, 365).optional(),
    })
    .superRefine((value, context) => {
      if (value.maxNights !== undefined && value.maxNights < value.minNights) {
        context.addIssue({ code: "custom", path: ["maxNights"], message: listingMessages.maxBelowMin });
      }
    });
}
export interface PricesInput {
  basePrice?: number;
  cleaningFee?: number;
  minNights: number;
  maxNights?: number;
}

export const discountsSchema = z.object({ weeklyDiscountPct: percent, monthlyDiscountPct: percent });
export type DiscountsInput = z.output<typeof discountsSchema>;

export const cancellationSchema = z.object({
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: listingMessages.required }),
  reservationMethod: z.enum(RESERVATION_METHODS, { error: listingMessages.required }),
});
export type CancellationInput = z.output<typeof cancellationSchema>;

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const houseRulesSchema = z.object({
  petsAllowed: checkbox,
  eventsAllowed: checkbox,
  smokingAllowed: checkbox,
  checkInTime: time,
  checkOutTime: time,
});
export type HouseRulesInput = z.output<typeof houseRulesSchema>;

export const calendarLinksSchema = z.object({
  calendarUrlAirbnb: calendarUrl,
  calendarUrlBooking: calendarUrl,
  calendarUrlChannelManager: calendarUrl,
});
export type CalendarLinksInput = z.output<typeof calendarLinksSchema>;

/** Moderation decisions: notes for corrections and a reason for a rejection are required. */
export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), note: optionalText(2000) }),
  z.object({ intent: z.literal("request_corrections"), note: requiredText(2000) }),
  z.object({ intent: z.literal("reject"), note: requiredText(2000) }),
]);
export type ModerationInput = z.output<typeof moderationSchema>;

/** A pause: the listing takes no booking from `startDate` up to (not including) `endDate`. */
export const pauseSchema = z
  .object({
    startDate: z.string({ error: listingMessages.required }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "listing:errors.date" }),
    endDate: z.string({ error: listingMessages.required }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "listing:errors.date" }),
  })
  .refine((value) => value.endDate > value.startDate, { path: ["endDate"], error: "listing:errors.endBeforeStart" });
export type PauseInput = z.output<typeof pauseSchema>;
