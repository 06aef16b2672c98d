// The hosts' listing routes: list and read one's own listings (issue 4 point 9).
import { bearerSecurity, errorResponses, jsonResponse, languageParameters, ref, type JsonSchema, type OpenApiPaths } from "~/openapi/shared";

export const tags = [{ name: "Host listings", description: "A host's own listings, whatever their moderation state." }];

const nullableString = { type: ["string", "null"] };
const nullableInteger = { type: ["integer", "null"] };
const propertyType = { type: ["string", "null"], enum: ["villa", "apartment", "room", "chalet", "hotel", "guesthouse", null] };
const status = { type: "string", enum: ["pending", "visible", "deleted"], description: "pending until approved, visible once approved, deleted (soft delete)." };
const moderationState = { type: "string", enum: ["draft", "pending_review", "needs_corrections", "approved", "rejected"] };
const visibility = { type: "string", enum: ["visible", "hidden"], description: "The host's switch; a hidden listing is not public." };
const step = {
  type: "string",
  enum: [
    "address",
    "property-type",
    "hotel-info",
    "room-types",
    "guesthouse-info",
    "rooms",
    "photos",
    "description",
    "amenities",
    "travel-types",
    "prices",
    "discounts",
    "cancellation",
    "house-rules",
    "calendar-links",
    "verification",
    "waiting",
  ],
};
const time = { type: ["string", "null"], pattern: "^\\d{2}:\\d{2}$" };

export const schemas: Record<string, JsonSchema> = {
  HostListingSummary: {
    type: "object",
    required: ["id", "title", "propertyType", "city", "status", "moderationState", "visibility", "moderationNote", "nextStep", "basePrice", "currency", "coverUrl", "updatedAt"],
    additionalProperties: false,
    properties: {
      id: { type: "integer", description: "ID_Bien." },
      title: nullableString,
      propertyType,
      city: nullableString,
      status,
      moderationState,
      visibility,
      moderationNote: { ...nullableString, description: "The operator's notes (corrections) or reason (refusal)." },
      nextStep: { anyOf: [step, { type: "null" }], description: "Where the host continues the wizard; null once submitted." },
      basePrice: { anyOf: [ref("Millimes"), { type: "null" }], description: "Per night; hotels and guesthouses: their lowest room price." },
      currency: ref("CurrencyTnd"),
      coverUrl: { ...nullableString, description: "The cover photo, 640 px wide WebP." },
      updatedAt: { type: "string", format: "date-time" },
    },
  },
  HostListingList: {
    type: "object",
    required: ["listings"],
    additionalProperties: false,
    properties: { listings: { type: "array", items: ref("HostListingSummary") } },
  },
  HostListingPhoto: {
    type: "object",
    required: ["id", "url", "srcSet", "width", "height", "isCover", "position"],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      url: { type: "string", description: "640 px wide WebP." },
      srcSet: { type: "string", description: "320, 640 and 1280 px variants." },
      width: { type: "integer" },
      height: { type: "integer" },
      isCover: { type: "boolean" },
      position: { type: "integer" },
    },
  },
  HostListing: {
    type: "object",
    additionalProperties: false,
    required: [
      "id",
      "title",
      "propertyType",
      "descriptions",
      "capacity",
      "address",
      "amenities",
      "travelTypes",
      "prices",
      "cancellationPolicy",
      "reservationMethod",
      "houseRules",
      "calendarLinks",
      "status",
      "moderationState",
      "moderationNote",
      "visibility",
      "photos",
      "hotel",
      "guesthouse",
      "pauses",
      "missingSteps",
      "nextStep",
      "submittedAt",
      "createdAt",
    ],
    properties: {
      id: { type: "integer" },
      title: nullableString,
      propertyType,
      descriptions: {
        type: "object",
        required: ["fr", "en", "es"],
        additionalProperties: false,
        properties: { fr: nullableString, en: nullableString, es: nullableString },
      },
      capacity: {
        type: "object",
        required: ["maxGuests", "bedrooms", "beds", "bathrooms"],
        additionalProperties: false,
        properties: { maxGuests: nullableInteger, bedrooms: nullableInteger, beds: nullableInteger, bathrooms: nullableInteger },
      },
      address: {
        type: "object",
        required: ["country", "street", "additionalAddress", "city", "governorate", "governorateCode", "delegation", "postalCode", "latitude", "longitude"],
        additionalProperties: false,
        properties: {
          country: { type: "string", const: "TN" },
          street: nullableString,
          additionalAddress: nullableString,
          city: nullableString,
          governorate: { ...nullableString, description: "One of Tunisia's 24 governorates." },
          governorateCode: nullableString,
          delegation: nullableString,
          postalCode: { type: ["string", "null"], pattern: "^\\d{4}$" },
          latitude: { type: ["number", "null"] },
          longitude: { type: ["number", "null"] },
        },
      },
      amenities: { type: "array", items: { type: "string" } },
      travelTypes: { type: "array", items: { type: "string", enum: ["work", "relax", "discover", "fun"] } },
      prices: {
        type: "object",
        required: ["currency", "basePrice", "cleaningFee", "weeklyDiscountPct", "monthlyDiscountPct", "minNights", "maxNights"],
        additionalProperties: false,
        properties: {
          currency: ref("CurrencyTnd"),
          basePrice: { anyOf: [ref("Millimes"), { type: "null" }] },
          cleaningFee: ref("Millimes"),
          weeklyDiscountPct: { type: "integer", minimum: 0, maximum: 90 },
          monthlyDiscountPct: { type: "integer", minimum: 0, maximum: 90 },
          minNights: { type: "integer", minimum: 1 },
          maxNights: nullableInteger,
        },
      },
      cancellationPolicy: { type: ["string", "null"], enum: ["flexible", "moderate", "strict", "closed", null] },
      reservationMethod: { type: ["string", "null"], enum: ["direct", "request", null] },
      houseRules: {
        type: "object",
        required: ["petsAllowed", "eventsAllowed", "smokingAllowed", "checkInTime", "checkOutTime"],
        additionalProperties: false,
        properties: { petsAllowed: { type: "boolean" }, eventsAllowed: { type: "boolean" }, smokingAllowed: { type: "boolean" }, checkInTime: time, checkOutTime: time },
      },
      calendarLinks: {
        type: "object",
        required: ["airbnb", "booking", "channelManager"],
        additionalProperties: false,
        properties: { airbnb: nullableString, booking: nullableString, channelManager: nullableString },
      },
      status,
      moderationState,
      moderationNote: nullableString,
      visibility,
      photos: { type: "array", items: ref("HostListingPhoto") },
      hotel: {
        anyOf: [
          { type: "null" },
          {
            type: "object",
            required: ["name", "stars", "category", "totalRooms", "roomTypes"],
            additionalProperties: false,
            properties: {
              name: { type: "string" },
              stars: { type: ["integer", "null"], minimum: 1, maximum: 5 },
              category: nullableString,
              totalRooms: { type: "integer" },
              roomTypes: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "name", "description", "basePrice", "sizeM2", "maxOccupancy", "bedConfiguration", "quantity", "features", "photos"],
                  additionalProperties: false,
                  properties: {
                    id: { type: "integer" },
                    name: { type: "string" },
                    description: nullableString,
                    basePrice: ref("Millimes"),
                    sizeM2: nullableInteger,
                    maxOccupancy: { type: "integer" },
                    bedConfiguration: nullableString,
                    quantity: { type: "integer", description: "Rooms of this type." },
                    features: { type: "array", items: { type: "string" } },
                    photos: {
                      type: "array",
                      maxItems: 6,
                      description: "At most 5 photos plus a cover.",
                      items: {
                        type: "object",
                        required: ["id", "url", "isCover"],
                        additionalProperties: false,
                        properties: { id: { type: "integer" }, url: { type: "string" }, isCover: { type: "boolean" } },
                      },
                    },
                  },
                },
              },
            },
          },
        ],
      },
      guesthouse: {
        anyOf: [
          { type: "null" },
          {
            type: "object",
            required: ["name", "totalRooms", "rooms"],
            additionalProperties: false,
            properties: {
              name: { type: "string" },
              totalRooms: { type: "integer" },
              rooms: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "number", "name", "price", "maxGuests", "beds", "showers"],
                  additionalProperties: false,
                  properties: {
                    id: { type: "integer" },
                    number: { type: "string" },
                    name: { type: "string" },
                    price: ref("Millimes"),
                    maxGuests: { type: "integer" },
                    beds: { type: "integer" },
                    showers: { type: "integer" },
                  },
                },
              },
            },
          },
        ],
      },
      pauses: {
        type: "array",
        description: "Half-open ranges [startDate, endDate) with no booking.",
        items: {
          type: "object",
          required: ["startDate", "endDate"],
          additionalProperties: false,
          properties: { startDate: ref("LocalDate"), endDate: ref("LocalDate") },
        },
      },
      missingSteps: { type: "array", items: step, description: "Required wizard steps not complete yet (empty: ready to submit)." },
      nextStep: { anyOf: [step, { type: "null" }] },
      submittedAt: { type: ["string", "null"], format: "date-time" },
      createdAt: { type: "string", format: "date-time" },
    },
  },
  HostListingResponse: {
    type: "object",
    required: ["listing"],
    additionalProperties: false,
    properties: { listing: ref("HostListing") },
  },
};

export const paths: OpenApiPaths = {
  "/api/v1/host/listings": {
    get: {
      operationId: "listOwnListings",
      summary: "The bearer's own listings",
      description: "Every listing of the bearer except deleted ones, newest first, with its status, moderation state and next wizard step.",
      tags: ["Host listings"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      responses: {
        "200": jsonResponse("The listings.", ref("HostListingList")),
        ...errorResponses(401, 405),
      },
    },
  },
  "/api/v1/host/listings/{id}": {
    get: {
      operationId: "getOwnListing",
      summary: "One of the bearer's listings, every field",
      description: "Another host's listing is refused with 403; an unknown or deleted one is 404. Operators may read any listing.",
      tags: ["Host listings"],
      security: bearerSecurity,
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }, ...languageParameters],
      responses: {
        "200": jsonResponse("The listing.", ref("HostListingResponse")),
        ...errorResponses(401, 403, 404, 405),
      },
    },
  },
};
