// The discovery routes (issue 5): property search, details, availability and quotes, and the
// favorites calls of SPEC.md §7.
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  jsonResponse,
  languageParameters,
  ref,
  type JsonSchema,
  type OpenApiPaths,
} from "~/openapi/shared";

export const tags = [
  { name: "Properties", description: "Search public listings, read one, its availability and the price of a stay." },
  { name: "Favorites", description: "The caller's saved properties, establishments and providers (SPEC.md §7)." },
];

const nullableString = { type: ["string", "null"] };
const nullableInteger = { type: ["integer", "null"] };
const propertyType = { type: "string", enum: ["villa", "apartment", "room", "chalet", "hotel", "guesthouse"] };
const position = {
  description: "An approximate position (a few hundred metres off); the address stays hidden until the stay is paid.",
  anyOf: [
    {
      type: "object",
      required: ["lat", "lng"],
      additionalProperties: false,
      properties: { lat: { type: "number" }, lng: { type: "number" } },
    },
    { type: "null" },
  ],
};

export const schemas: Record<string, JsonSchema> = {
  PropertyListItem: {
    type: "object",
    required: ["id", "title", "city", "type", "photo", "nightlyPrice"],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      title: { type: "string" },
      city: nullableString,
      governorate: nullableString,
      type: propertyType,
      kind: { type: "string", enum: ["property", "establishment"], description: "Hotels and guesthouses are establishments." },
      photo: { type: ["string", "null"], description: "The cover photo's URL (640 px wide WebP)." },
      nightlyPrice: { ...ref("Millimes"), description: "Base price of a night (an establishment's lowest room price)." },
      instantBook: { type: "boolean", description: "Reservation method direct (true) or by request (false)." },
      rating: { type: ["number", "null"], description: "Average of the visible reviews' five-rating means, one decimal; null without reviews." },
      reviewCount: { type: "integer", minimum: 0, description: "Number of visible reviews." },
      maxGuests: nullableInteger,
      bedrooms: nullableInteger,
      position,
      nights: { type: "integer", minimum: 1, description: "With dates only." },
      total: { ...ref("Millimes"), description: "With dates only: the stay's total with every fee (nights − discount + cleaning + service fee)." },
      unit: {
        type: "object",
        description: "Establishments with dates: the cheapest room type or room that takes the guests, and how many rooms.",
        required: ["kind", "id", "name", "rooms"],
        additionalProperties: false,
        properties: {
          kind: { type: "string", enum: ["room-type", "room"] },
          id: { type: "integer" },
          name: { type: "string" },
          rooms: { type: "integer", minimum: 1 },
        },
      },
    },
  },
  PropertySearchResult: {
    type: "object",
    required: ["items", "total", "page"],
    additionalProperties: false,
    properties: {
      items: { type: "array", items: ref("PropertyListItem") },
      total: { type: "integer", minimum: 0, description: "Listings matching, counted up to 96 or to the page asked for (see totalCapped)." },
      totalCapped: { type: "boolean", description: "More than `total` listings match: ask for the next page to count further." },
      page: { type: "integer", minimum: 1 },
      pageSize: { type: "integer", minimum: 1 },
      pageCount: { type: "integer", minimum: 1 },
      currency: ref("CurrencyTnd"),
    },
  },
  Property: {
    type: "object",
    required: [
      "id",
      "type",
      "title",
      "basePrice",
      "cleaningFee",
      "weeklyDiscountPercent",
      "monthlyDiscountPercent",
      "minNights",
      "maxNights",
      "maxGuests",
      "reservationMethod",
      "cancellationPolicy",
      "host",
    ],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      type: propertyType,
      kind: { type: "string", enum: ["property", "establishment"] },
      title: { type: "string" },
      descriptions: {
        type: "object",
        required: ["en", "fr", "es"],
        additionalProperties: false,
        properties: { en: nullableString, fr: nullableString, es: nullableString },
      },
      photos: {
        type: "array",
        items: {
          type: "object",
          required: ["url", "srcSet", "width", "height"],
          additionalProperties: false,
          properties: { url: { type: "string" }, srcSet: { type: "string" }, width: { type: "integer" }, height: { type: "integer" } },
        },
      },
      rating: { type: ["number", "null"], description: "Average of the visible reviews' five-rating means, one decimal; null without reviews." },
      reviewCount: { type: "integer", minimum: 0, description: "Number of visible reviews." },
      maxGuests: { ...nullableInteger, description: "Whole listings; establishments take guests per room." },
      bedrooms: nullableInteger,
      beds: nullableInteger,
      bathrooms: nullableInteger,
      amenities: { type: "array", items: { type: "string" } },
      travelTypes: { type: "array", items: { type: "string", enum: ["work", "relax", "discover", "fun"] } },
      houseRules: {
        type: "object",
        required: ["pets", "events", "smoking"],
        additionalProperties: false,
        properties: { pets: { type: "boolean" }, events: { type: "boolean" }, smoking: { type: "boolean" } },
      },
      checkInTime: { type: ["string", "null"], pattern: "^\\d{2}:\\d{2}$" },
      checkOutTime: { type: ["string", "null"], pattern: "^\\d{2}:\\d{2}$" },
      basePrice: ref("Millimes"),
      cleaningFee: ref("Millimes"),
      weeklyDiscountPercent: { type: "integer", minimum: 0, maximum: 100, description: "From 7 nights." },
      monthlyDiscountPercent: { type: "integer", minimum: 0, maximum: 100, description: "From 28 nights; replaces the weekly one." },
      minNights: { type: "integer", minimum: 1 },
      maxNights: nullableInteger,
      reservationMethod: { type: "string", enum: ["direct", "request"] },
      cancellationPolicy: { type: "string", enum: ["flexible", "moderate", "strict", "closed"] },
      location: {
        type: "object",
        required: ["city", "governorate", "delegation", "position"],
        additionalProperties: false,
        properties: { city: nullableString, governorate: nullableString, delegation: nullableString, position },
      },
      host: {
        type: "object",
        required: ["id", "firstName"],
        additionalProperties: false,
        properties: { id: { type: "integer" }, firstName: { type: "string" } },
      },
      establishment: {
        anyOf: [
          {
            type: "object",
            required: ["name", "stars", "category", "totalRooms"],
            additionalProperties: false,
            properties: { name: { type: "string" }, stars: nullableInteger, category: nullableString, totalRooms: { type: "integer" } },
          },
          { type: "null" },
        ],
      },
      units: {
        type: "array",
        description: "A hotel's room types or a guesthouse's rooms (empty for other listings).",
        items: {
          type: "object",
          required: ["kind", "id", "name", "description", "price", "capacity", "quantity"],
          additionalProperties: false,
          properties: {
            kind: { type: "string", enum: ["room-type", "room"] },
            id: { type: "integer" },
            name: { type: "string" },
            description: nullableString,
            price: { ...ref("Millimes"), description: "One night of one room." },
            capacity: { type: "integer", description: "Guests per room." },
            quantity: { type: "integer", description: "Rooms of this type (1 for a guesthouse room)." },
          },
        },
      },
      currency: ref("CurrencyTnd"),
    },
  },
  PropertyAvailability: {
    type: "object",
    required: ["id", "from", "to", "nights", "currency"],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      from: ref("LocalDate"),
      to: ref("LocalDate"),
      nights: {
        type: "array",
        items: {
          type: "object",
          required: ["date", "status", "available", "price"],
          additionalProperties: false,
          properties: {
            date: ref("LocalDate"),
            status: { type: "string", enum: ["free", "booked", "held", "blocked", "paused", "past", "beyond"] },
            available: { type: "boolean" },
            price: { anyOf: [ref("Millimes"), { type: "null" }], description: "Whole listings: the night's price; establishments: null." },
          },
        },
      },
      currency: ref("CurrencyTnd"),
    },
  },
  StayQuote: {
    type: "object",
    required: ["nights", "nightsTotal", "discount", "cleaningFee", "serviceFee", "total", "currency"],
    additionalProperties: false,
    properties: {
      nights: { type: "integer", minimum: 1 },
      rooms: { type: "integer", minimum: 1 },
      nightsTotal: ref("Millimes"),
      discount: { ...ref("Millimes"), description: "Weekly (from 7 nights) or monthly (from 28 nights) discount." },
      discountKind: { type: ["string", "null"], enum: ["weekly", "monthly", null] },
      cleaningFee: ref("Millimes"),
      serviceFee: ref("Millimes"),
      total: { ...ref("Millimes"), description: "nightsTotal − discount + cleaningFee + serviceFee." },
      currency: ref("CurrencyTnd"),
    },
  },
  FavoriteListRequest: {
    type: "object",
    required: ["ID_Utulisateur"],
    properties: {
      ID_Utulisateur: {
        description: "The caller's own user id (another user's id is refused with 403).",
        oneOf: [{ type: "integer", minimum: 1 }, { type: "string", pattern: "^\\d{1,10}$" }],
      },
    },
  },
  FavoritePropertyIds: {
    type: "array",
    items: { type: "object", required: ["ID_Bien"], additionalProperties: false, properties: { ID_Bien: { type: "integer" } } },
  },
  FavoriteProviderIds: {
    type: "array",
    description: "Empty until partners and their services exist.",
    items: {
      type: "object",
      required: ["ID_Prestataire"],
      additionalProperties: false,
      properties: { ID_Prestataire: { type: "integer" } },
    },
  },
  FavoriteEstablishments: {
    type: "object",
    required: ["favouriteEstablishments"],
    additionalProperties: false,
    properties: {
      favouriteEstablishments: {
        type: "array",
        items: {
          type: "object",
          required: ["ID_Etablissement", "title", "type", "city", "photo", "nightlyPrice"],
          additionalProperties: false,
          properties: {
            ID_Etablissement: { type: "integer", description: "The establishment's listing id." },
            title: { type: "string" },
            type: { type: "string", enum: ["hotel", "guesthouse"] },
            city: nullableString,
            photo: nullableString,
            nightlyPrice: ref("Millimes"),
          },
        },
      },
    },
  },
};

const idParameter = { name: "id", in: "path", required: true, description: "The listing id.", schema: { type: "integer", minimum: 1 } };
const query = (name: string, description: string, schema: JsonSchema) => ({ name, in: "query", required: false, description, schema });
const dateQuery = (name: string, description: string) => query(name, description, ref("LocalDate"));
const countQuery = (name: string, description: string, minimum = 0) =>
  query(name, description, { type: "integer", minimum, maximum: 50 });
const stayParameters = [
  dateQuery("checkIn", "Check-in (from today in Africa/Tunis)."),
  dateQuery("checkOut", "Check-out, after check-in."),
  countQuery("adults", "Adults (at least 1).", 1),
  countQuery("children", "Children (count against the maximum guests)."),
  countQuery("infants", "Infants (do not count)."),
  countQuery("pets", "Pets (only where house rules allow them)."),
];

export const paths: OpenApiPaths = {
  "/api/v1/properties": {
    get: {
      operationId: "searchProperties",
      summary: "Search public listings",
      description:
        "The search of /accommodation. With dates, only listings free on every night (no booking, hold, block or pause; " +
        "minimum and maximum nights kept; guests within capacity) are listed, each with the stay's `total` including every fee. " +
        "minPrice/maxPrice are per night in `currency` (default TND): the base price without dates, the stay's total spread over " +
        "its nights with dates. Invalid parameters: 400 with one message per field.",
      tags: ["Properties"],
      parameters: [
        query("destination", "A city or governorate (case and accents ignored).", { type: "string", maxLength: 100 }),
        ...stayParameters,
        query("type", "Property types, repeated or comma-separated.", { type: "string" }),
        query("travelTypes", "Travel types (work, relax, discover, fun), repeated or comma-separated: any of them.", { type: "string" }),
        query("minPrice", "Lowest price per night, in `currency`.", { type: "string", pattern: "^\\d{1,9}([.,]\\d{1,3})?$" }),
        query("maxPrice", "Highest price per night, in `currency`.", { type: "string", pattern: "^\\d{1,9}([.,]\\d{1,3})?$" }),
        query("currency", "ISO code of minPrice/maxPrice (default TND).", { type: "string", pattern: "^[A-Za-z]{3}$" }),
        query("bedrooms", "At least this many bedrooms.", { type: "integer", minimum: 0, maximum: 50 }),
        query("amenities", "Amenities, repeated or comma-separated: all of them.", { type: "string" }),
        query("instantBook", "1: direct booking only.", { type: "string", enum: ["1", "true", "on", "yes", "0", "false"] }),
        query("sort", "Order of the results.", { type: "string", enum: ["recommended", "price_asc", "price_desc", "rating", "newest"] }),
        query("page", "Page of 12 results.", { type: "integer", minimum: 1 }),
        query("bbox", "Map bounds: west,south,east,north in degrees.", { type: "string" }),
        ...languageParameters,
      ],
      responses: {
        "200": jsonResponse("A page of results.", ref("PropertySearchResult")),
        ...errorResponses(400, 405),
      },
    },
  },
  "/api/v1/properties/{id}": {
    get: {
      operationId: "getProperty",
      summary: "A public listing",
      description: "Every public field. The street address and the host's contact details are never included. Not public: 404.",
      tags: ["Properties"],
      parameters: [idParameter, ...languageParameters],
      responses: {
        "200": jsonResponse("The listing.", ref("Property")),
        ...errorResponses(404, 405),
      },
    },
  },
  "/api/v1/properties/{id}/availability": {
    get: {
      operationId: "getPropertyAvailability",
      summary: "The nights of a listing, free or not",
      description: "Every night of [from, to) (default: 90 nights from today; at most 366). Establishments: free while a room is.",
      tags: ["Properties"],
      parameters: [idParameter, dateQuery("from", "First night (default today)."), dateQuery("to", "Night after the last."), ...languageParameters],
      responses: {
        "200": jsonResponse("The nights.", ref("PropertyAvailability")),
        ...errorResponses(400, 404, 405),
      },
    },
  },
  "/api/v1/properties/{id}/quote": {
    get: {
      operationId: "quoteProperty",
      summary: "The price of a stay",
      description:
        "By the one pricing function (PRODUCT.md \"Price of a stay\"). Refused stays: 400 with each broken rule per field " +
        "(\"The minimum stay is N nights\"…), 409 \"The selected dates are already booked\". Hotels need roomTypeId (and rooms), " +
        "guesthouses roomId.",
      tags: ["Properties"],
      parameters: [
        idParameter,
        ...stayParameters,
        query("roomTypeId", "Hotels: the room type.", { type: "integer", minimum: 1 }),
        query("roomId", "Guesthouses: the room.", { type: "integer", minimum: 1 }),
        query("rooms", "Hotels: rooms of the type booked together (default 1).", { type: "integer", minimum: 1 }),
        ...languageParameters,
      ],
      responses: {
        "200": jsonResponse("The quote, in millimes.", ref("StayQuote")),
        ...errorResponses(400, 404, 405, 409),
      },
    },
  },
  "/api/v1/AdminPartenaire/selectFavouriteByIDUser": {
    post: {
      operationId: "listFavoriteProperties",
      summary: "The caller's favorite properties (ID_Bien list)",
      description: "Only for the bearer's own account: a body naming another user gets 403.",
      tags: ["Favorites"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("FavoriteListRequest")) },
      responses: {
        "200": jsonResponse("The saved properties that are public, newest first.", ref("FavoritePropertyIds")),
        ...errorResponses(400, 401, 403, 405, 415),
      },
    },
  },
  "/api/v1/etablissements/favourite": {
    get: {
      operationId: "listFavoriteEstablishments",
      summary: "The caller's favorite establishments",
      tags: ["Favorites"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      responses: {
        "200": jsonResponse("The saved hotels and guesthouses that are public, newest first.", ref("FavoriteEstablishments")),
        ...errorResponses(401, 405),
      },
    },
  },
  "/api/v1/GestionPartenaire/selectFavouriteByIDUser": {
    post: {
      operationId: "listFavoriteProviders",
      summary: "The caller's favorite providers (ID_Prestataire list)",
      description: "Only for the bearer's own account: a body naming another user gets 403. Empty until partners exist.",
      tags: ["Favorites"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("FavoriteListRequest")) },
      responses: {
        "200": jsonResponse("The saved providers.", ref("FavoriteProviderIds")),
        ...errorResponses(400, 401, 403, 405, 415),
      },
    },
  },
};
