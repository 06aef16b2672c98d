// The discovery routes (issue 5): property search, details, availability and quotes, and the
// favorites calls of SPEC.md §7.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import {
  AvailabilityQuerySchema,
  FavoriteEstablishmentsSchema,
  FavoritePropertyIdsSchema,
  FavoriteProviderIdsSchema,
  PropertyAvailabilitySchema,
  PropertySchema,
  PropertySearchResultSchema,
  StayQuoteSchema,
} from "~/schemas/discovery-api";
import { FavoriteListBodySchema } from "~/schemas/favorite";
import { SearchFieldSchemas as field } from "~/schemas/search";

export const tags = [
  { name: "Properties", description: "Search public listings, read one, its availability and the price of a stay." },
  { name: "Favorites", description: "The caller's saved properties, establishments and providers (SPEC.md §7)." },
];

const listingId = z.object({ id: z.int().min(1).describe("The listing id.") });
/** Several values, repeated (`type=a&type=b`) or comma-separated; parseSearchParams reads them. */
const list = (description: string) => z.string().optional().describe(description);

const stayQuery = {
  checkIn: field.checkIn.optional().describe("Check-in (from today in Africa/Tunis)."),
  checkOut: field.checkOut.optional().describe("Check-out, after check-in."),
  adults: field.adults.optional().describe("Adults (at least 1)."),
  children: field.children.optional().describe("Children (count against the maximum guests)."),
  infants: field.infants.optional().describe("Infants (do not count)."),
  pets: field.pets.optional().describe("Pets (only where house rules allow them)."),
};

const favoriteListBody = named("FavoriteListRequest", FavoriteListBodySchema);

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/properties",
    operationId: "searchProperties",
    summary: "Search public listings",
    description:
      "The search of /accommodation. With dates, only listings free on every night (no booking, hold, block or pause; " +
      "minimum and maximum nights kept; guests within capacity) are listed, each with the stay's `total` including every fee. " +
      "minPrice/maxPrice are per night in `currency` (default TND): the base price without dates, the stay's total spread over " +
      "its nights with dates. Invalid parameters: 400 with one message per field.",
    tag: "Properties",
    query: z.object({
      destination: field.destination.optional().describe("A city or governorate (case and accents ignored)."),
      ...stayQuery,
      type: list("Property types, repeated or comma-separated."),
      travelTypes: list("Travel types (work, relax, discover, fun), repeated or comma-separated: any of them."),
      minPrice: field.minPrice.optional().describe("Lowest price per night, in `currency`."),
      maxPrice: field.maxPrice.optional().describe("Highest price per night, in `currency`."),
      currency: z.string().regex(/^[A-Za-z]{3}$/).optional().describe("ISO code of minPrice/maxPrice (default TND)."),
      bedrooms: field.bedrooms.optional().describe("At least this many bedrooms."),
      amenities: list("Amenities, repeated or comma-separated: all of them."),
      instantBook: z.enum(["1", "true", "on", "yes", "0", "false"]).optional().describe("1: direct booking only."),
      sort: field.sort.optional().describe("Order of the results."),
      page: field.page.optional().describe("Page of 12 results."),
      bbox: z.string().optional().describe("Map bounds: west,south,east,north in degrees."),
    }),
    responses: { 200: { description: "A page of results.", schema: PropertySearchResultSchema } },
    errors: [400, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/properties/{id}",
    operationId: "getProperty",
    summary: "A public listing",
    description: "Every public field. The street address and the host's contact details are never included. Not public: 404.",
    tag: "Properties",
    params: listingId,
    responses: { 200: { description: "The listing.", schema: PropertySchema } },
    errors: [404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/properties/{id}/availability",
    operationId: "getPropertyAvailability",
    summary: "The nights of a listing, free or not",
    description: "Every night of [from, to) (default: 90 nights from today; at most 366). Establishments: free while a room is.",
    tag: "Properties",
    params: listingId,
    query: AvailabilityQuerySchema,
    responses: { 200: { description: "The nights.", schema: PropertyAvailabilitySchema } },
    errors: [400, 404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/properties/{id}/quote",
    operationId: "quoteProperty",
    summary: "The price of a stay",
    description:
      "By the one pricing function (PRODUCT.md \"Price of a stay\"). Refused stays: 400 with each broken rule per field " +
      "(\"The minimum stay is N nights\"…), 409 \"The selected dates are already booked\". Hotels need roomTypeId (and rooms), " +
      "guesthouses roomId.",
    tag: "Properties",
    params: listingId,
    query: z.object({
      ...stayQuery,
      roomTypeId: z.int().min(1).optional().describe("Hotels: the room type."),
      roomId: z.int().min(1).optional().describe("Guesthouses: the room."),
      rooms: z.int().min(1).optional().describe("Hotels: rooms of the type booked together (default 1)."),
    }),
    responses: { 200: { description: "The quote, in millimes.", schema: StayQuoteSchema } },
    errors: [400, 404, 405, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/AdminPartenaire/selectFavouriteByIDUser",
    operationId: "listFavoriteProperties",
    scope: "read",
    summary: "The caller's favorite properties (ID_Bien list)",
    description: "Only for the bearer's own account: a body naming another user gets 403.",
    tag: "Favorites",
    auth: "bearer",
    body: favoriteListBody,
    responses: { 200: { description: "The saved properties that are public, newest first.", schema: FavoritePropertyIdsSchema } },
    errors: [400, 401, 403, 405, 415],
  }),
  operation({
    method: "get",
    path: "/api/v1/etablissements/favourite",
    operationId: "listFavoriteEstablishments",
    scope: "read",
    summary: "The caller's favorite establishments",
    tag: "Favorites",
    auth: "bearer",
    responses: { 200: { description: "The saved hotels and guesthouses that are public, newest first.", schema: FavoriteEstablishmentsSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/GestionPartenaire/selectFavouriteByIDUser",
    operationId: "listFavoriteProviders",
    scope: "read",
    summary: "The caller's favorite providers (ID_Prestataire list)",
    description: "Only for the bearer's own account: a body naming another user gets 403.",
    tag: "Favorites",
    auth: "bearer",
    body: favoriteListBody,
    responses: { 200: { description: "The saved partners that are active, newest first.", schema: FavoriteProviderIdsSchema } },
    errors: [400, 401, 403, 405, 415],
  }),
];
