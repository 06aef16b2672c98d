// Answers of the discovery /api/v1 routes (app/openapi/discovery.ts documents them).
import { z } from "~/schemas/zod";
import { PROPERTY_TYPES, TRAVEL_TYPES, CANCELLATION_POLICIES } from "~/domain/listing";
import { CurrencyTnd, LocalDate, Millimes, named } from "~/openapi/components";
import { SearchFieldSchemas } from "~/schemas/search";

const unitKind = z.enum(["room-type", "room"]);
const position = z
  .object({ lat: z.number(), lng: z.number() })
  .nullable()
  .describe("An approximate position (a few hundred metres off); the address stays hidden until the stay is paid.");

export const PropertyListItemSchema = named(
  "PropertyListItem",
  z.object({
    id: z.int(),
    title: z.string(),
    city: z.string().nullable(),
    governorate: z.string().nullable().optional(),
    type: z.enum(PROPERTY_TYPES),
    kind: z.enum(["property", "establishment"]).optional().describe("Hotels and guesthouses are establishments."),
    photo: z.string().nullable().describe("The cover photo's URL (640 px wide WebP)."),
    nightlyPrice: Millimes.describe("Base price of a night (an establishment's lowest room price)."),
    instantBook: z.boolean().optional().describe("Reservation method direct (true) or by request (false)."),
    rating: z.number().nullable().optional().describe("Average of the visible reviews' five-rating means, one decimal; null without reviews."),
    reviewCount: z.int().min(0).optional().describe("Number of visible reviews."),
    maxGuests: z.int().nullable().optional(),
    bedrooms: z.int().nullable().optional(),
    position: position.optional(),
    nights: z.int().min(1).optional().describe("With dates only."),
    total: Millimes.optional().describe("With dates only: the stay's total with every fee (nights − discount + cleaning + service fee)."),
    unit: z
      .object({ kind: unitKind, id: z.int(), name: z.string(), rooms: z.int().min(1) })
      .optional()
      .describe("Establishments with dates: the cheapest room type or room that takes the guests, and how many rooms."),
  }),
);

export type PropertyListItem = z.infer<typeof PropertyListItemSchema>;

export const PropertySearchResultSchema = named(
  "PropertySearchResult",
  z.object({
    items: z.array(PropertyListItemSchema),
    total: z.int().min(0).describe("Listings matching, counted up to 96 or to the page asked for (see totalCapped)."),
    totalCapped: z.boolean().optional().describe("More than `total` listings match: ask for the next page to count further."),
    page: z.int().min(1),
    pageSize: z.int().min(1).optional(),
    pageCount: z.int().min(1).optional(),
    currency: CurrencyTnd.optional(),
  }),
);
export type PropertySearchResult = z.infer<typeof PropertySearchResultSchema>;

const nullableString = z.string().nullable();
const nullableInt = z.int().nullable();
const time = z.string().regex(/^\d{2}:\d{2}$/).nullable();

export const PropertySchema = named(
  "Property",
  z.object({
    id: z.int(),
    type: z.enum(PROPERTY_TYPES),
    kind: z.enum(["property", "establishment"]).optional(),
    title: z.string(),
    descriptions: z.object({ en: nullableString, fr: nullableString, es: nullableString }).optional(),
    photos: z.array(z.object({ url: z.string(), srcSet: z.string(), width: z.int(), height: z.int() })).optional(),
    rating: z.number().nullable().optional().describe("Average of the visible reviews' five-rating means, one decimal; null without reviews."),
    reviewCount: z.int().min(0).optional().describe("Number of visible reviews."),
    maxGuests: nullableInt.describe("Whole listings; establishments take guests per room."),
    bedrooms: nullableInt.optional(),
    beds: nullableInt.optional(),
    bathrooms: nullableInt.optional(),
    amenities: z.array(z.string()).optional(),
    travelTypes: z.array(z.enum(TRAVEL_TYPES)).optional(),
    houseRules: z.object({ pets: z.boolean(), events: z.boolean(), smoking: z.boolean() }).optional(),
    checkInTime: time.optional(),
    checkOutTime: time.optional(),
    basePrice: Millimes,
    cleaningFee: Millimes,
    weeklyDiscountPercent: z.int().min(0).max(100).describe("From 7 nights."),
    monthlyDiscountPercent: z.int().min(0).max(100).describe("From 28 nights; replaces the weekly one."),
    minNights: z.int().min(1),
    maxNights: nullableInt,
    reservationMethod: z.enum(["direct", "request"]),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    location: z.object({ city: nullableString, governorate: nullableString, delegation: nullableString, position }).optional(),
    host: z.object({ id: z.int(), firstName: z.string() }),
    establishment: z
      .object({ name: z.string(), stars: nullableInt, category: nullableString, totalRooms: z.int() })
      .nullable()
      .optional(),
    units: z
      .array(
        z.object({
          kind: unitKind,
          id: z.int(),
          name: z.string(),
          description: nullableString,
          price: Millimes.describe("One night of one room."),
          capacity: z.int().describe("Guests per room."),
          quantity: z.int().describe("Rooms of this type (1 for a guesthouse room)."),
        }),
      )
      .optional()
      .describe("A hotel's room types or a guesthouse's rooms (empty for other listings)."),
    currency: CurrencyTnd.optional(),
  }),
);

export const NIGHT_STATUSES = ["free", "booked", "held", "blocked", "paused", "past", "beyond"] as const;

export const PropertyAvailabilitySchema = named(
  "PropertyAvailability",
  z.object({
    id: z.int(),
    from: LocalDate,
    to: LocalDate,
    nights: z.array(
      z.object({
        date: LocalDate,
        status: z.enum(NIGHT_STATUSES),
        available: z.boolean(),
        price: Millimes.nullable().describe("Whole listings: the night's price; establishments: null."),
      }),
    ),
    currency: CurrencyTnd,
  }),
);
export type PropertyAvailability = z.infer<typeof PropertyAvailabilitySchema>;

export const StayQuoteSchema = named(
  "StayQuote",
  z.object({
    nights: z.int().min(1),
    rooms: z.int().min(1).optional(),
    nightsTotal: Millimes,
    discount: Millimes.describe("Weekly (from 7 nights) or monthly (from 28 nights) discount."),
    discountKind: z.enum(["weekly", "monthly"]).nullable().optional(),
    cleaningFee: Millimes,
    serviceFee: Millimes,
    total: Millimes.describe("nightsTotal − discount + cleaningFee + serviceFee."),
    currency: CurrencyTnd,
  }),
);

/** StayQuote is the domain's; this is its API answer. */
export type StayQuoteAnswer = z.infer<typeof StayQuoteSchema>;

export const FavoritePropertyIdsSchema = named("FavoritePropertyIds", z.array(z.object({ ID_Bien: z.int() })));
export type FavoritePropertyIds = z.infer<typeof FavoritePropertyIdsSchema>;

export const FavoriteProviderIdsSchema = named(
  "FavoriteProviderIds",
  z.array(z.object({ ID_Prestataire: z.int().describe("The partner's id (GET /api/v1/partners/{id}).") })).describe("The saved partners that are active, newest saved first."),
);
export type FavoriteProviderIds = z.infer<typeof FavoriteProviderIdsSchema>;

export const FavoriteEstablishmentsSchema = named(
  "FavoriteEstablishments",
  z.object({
    favouriteEstablishments: z.array(
      z.object({
        ID_Etablissement: z.int().describe("The establishment's listing id."),
        title: z.string(),
        type: z.enum(["hotel", "guesthouse"]),
        city: nullableString,
        photo: nullableString,
        nightlyPrice: Millimes,
      }),
    ),
  }),
);

/** GET /api/v1/properties/{id}/availability: the nights [from, to) (defaults: today, 90 nights). */
export const AvailabilityQuerySchema = z.object({
  from: SearchFieldSchemas.checkIn.optional().describe("First night (default today)."),
  to: SearchFieldSchemas.checkOut.optional().describe("Night after the last."),
});
