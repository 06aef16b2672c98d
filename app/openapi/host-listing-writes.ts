// What a host does to a listing on the pages, through the API (issue 22 point 1, ADR 224): the
// wizard's sections, submit, hide/show, pauses, delete, photos, hotel room types, guesthouse
// rooms and the calendar. Each operation calls the page's own service function; bodies are the
// wizard steps' schemas with amounts in integer millimes (app/schemas/listings-api.ts).
import { z } from "~/schemas/zod";
import { bearer, idParams, operation } from "~/openapi/operation";
import { LocalDate } from "~/openapi/components";
import {
  CalendarChangeSchema,
  CalendarPricesSchema,
  CalendarRangeSchema,
  CreatedSchema,
  ExportRegenerateSchema,
  ExportUrlSchema,
  GuesthouseRoomBodySchema,
  HostCalendarSchema,
  HostListingResponseSchema,
  HostPhotoListSchema,
  ListingSectionsSchema,
  NewListingSchema,
  PhotoMoveSchema,
  RoomTypeBodySchema,
  VisibilitySchema,
} from "~/schemas/listings-api";
import { pauseSchema } from "~/schemas/listing-wizard";
import { ListingAnswerSchema } from "~/schemas/console";

export const tags = [
  {
    name: "Host listing editing",
    description:
      "Create a draft, save the wizard's sections, submit for review, hide or show, pause, delete; photos, hotel room types and guesthouse rooms. " +
      "The same rules and messages as the wizard and the edit pages; the bearer must have verified their e-mail (403 email_not_verified). " +
      "Invalid input is 422 invalid_input with one translated message per field.",
  },
  {
    name: "Host calendar",
    description: "Read a month of a listing's calendar, block or unblock nights, set per-night prices: the calendar page's rules. Open to the listing's co-hosts, as the page.",
  },
];

const listing = idParams();
const photo = idParams("photoId");
/** What every operation of the listing's editing, or of its calendar, says about who may call it. */
const listingWrite = { tag: "Host listing editing", ...bearer, scope: "listings:write" as const };
const listingRead = { ...listingWrite, scope: "read" as const };
const calendarWrite = { tag: "Host calendar", ...bearer, scope: "calendar:write" as const };
const SECTIONS_NOTE =
  "Sections: address, propertyType, hotelInfo, guesthouseInfo, description, amenities, travelTypes, prices, discounts, cancellation, houseRules, calendarLinks — " +
  "each whole, as its wizard step posts it, saved in the wizard's order by that step's own service function; a refusal stops at its section " +
  "(422 with fields such as prices.basePrice; 409 while the listing is under review or once rejected).";

/** Add, replace and delete one of an establishment's units: a hotel's room types, a guesthouse's rooms. */
function unitOperations(unit: { path: string; idName: string; noun: string; what: string; addDescription: string; deleted: string; body: z.ZodType; created: string }) {
  const one = { path: `/api/v1/host/listings/{id}/${unit.path}/{${unit.idName}}`, ...listingWrite, params: idParams(unit.idName) };
  return [
    operation({
      method: "post",
      path: `/api/v1/host/listings/{id}/${unit.path}`,
      operationId: `add${unit.noun}`,
      idempotent: true,
      summary: `Add ${unit.what}`,
      description: unit.addDescription,
      ...listingWrite,
      params: listing,
      body: unit.body,
      responses: { 201: { description: unit.created, schema: CreatedSchema } },
      errors: [400, 401, 403, 404, 405, 409, 415, 422],
    }),
    operation({
      method: "put",
      operationId: `update${unit.noun}`,
      summary: `Replace ${unit.what}`,
      ...one,
      body: unit.body,
      responses: { 204: { description: "Saved." } },
      errors: [400, 401, 403, 404, 405, 409, 415, 422],
    }),
    operation({
      method: "delete",
      operationId: `delete${unit.noun}`,
      summary: `Delete ${unit.deleted}`,
      ...one,
      responses: { 204: { description: "Deleted." } },
      errors: [401, 403, 404, 405, 409],
    }),
  ];
}

export const operations = [
  operation({
    method: "post",
    path: "/api/v1/host/listings",
    operationId: "createListingDraft",
    idempotent: true,
    summary: "Start a new listing (a draft)",
    description: `The wizard's first step: the address starts a draft; further sections may come in the same body. ${SECTIONS_NOTE}`,
    ...listingWrite,
    body: NewListingSchema,
    responses: { 201: { description: "The draft.", schema: HostListingResponseSchema, headers: { Location: "The draft's URL." } } },
    errors: [400, 401, 403, 405, 415, 422],
  }),
  operation({
    method: "patch",
    path: "/api/v1/host/listings/{id}",
    operationId: "updateListing",
    summary: "Save sections of a listing",
    description: `Another host's listing is 403 (co-hosts do not edit listings), an unknown or deleted one 404. ${SECTIONS_NOTE}`,
    ...listingWrite,
    params: listing,
    body: ListingSectionsSchema,
    responses: { 200: { description: "The listing as saved.", schema: HostListingResponseSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
  operation({
    method: "delete",
    path: "/api/v1/host/listings/{id}",
    operationId: "deleteListing",
    summary: "Delete a listing",
    description: "The edit page's delete: the listing disappears for everyone; its reservations keep pointing at it.",
    ...listingWrite,
    params: listing,
    responses: { 204: { description: "Deleted." } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/submit",
    operationId: "submitListing",
    summary: "Send the listing for review",
    description: "The wizard's last step. 422 incomplete while required steps are missing (the listing's missingSteps); 409 when its state does not allow it.",
    ...listingWrite,
    params: listing,
    responses: { 200: { description: "The listing, pending review.", schema: HostListingResponseSchema } },
    errors: [401, 403, 404, 405, 409, 422],
  }),
  operation({
    method: "put",
    path: "/api/v1/host/listings/{id}/visibility",
    operationId: "setListingVisibility",
    summary: "Hide or show a listing",
    ...listingWrite,
    params: listing,
    body: VisibilitySchema,
    responses: { 200: { description: "The listing.", schema: HostListingResponseSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/pauses",
    operationId: "pauseListing",
    idempotent: true,
    summary: "Pause a listing for dates",
    description: "No booking on [startDate, endDate). 409 overlapping another pause; 422 an end before the start or a pause in the past.",
    ...listingWrite,
    params: listing,
    body: pauseSchema,
    responses: { 201: { description: "The pause.", schema: CreatedSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
  operation({
    method: "delete",
    path: "/api/v1/host/listings/{id}/pauses/{pauseId}",
    operationId: "removeListingPause",
    summary: "Remove a pause",
    ...listingWrite,
    params: idParams("pauseId"),
    responses: { 204: { description: "Removed." } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/host/listings/{id}/photos",
    operationId: "listListingPhotos",
    summary: "The listing's photos, in their order",
    ...listingRead,
    params: listing,
    responses: { 200: { description: "The photos.", schema: HostPhotoListSchema } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/photos",
    operationId: "uploadListingPhotos",
    idempotent: true,
    summary: "Upload photos (multipart)",
    description:
      "multipart/form-data with the files in `photos` (at most 10 a post, 10 MB each, JPEG, PNG, WebP or AVIF; a listing holds at most 30), " +
      "and `roomTypeId` for a hotel room type's photos (5 plus a cover). Each file is checked and re-encoded as on the pages; one bad file refuses the post. " +
      "422 on the field `photos` with the pages' message; 409 while the listing is under review.",
    ...listingWrite,
    params: listing,
    body: z.object({ photos: z.array(z.file()).describe("The image files."), roomTypeId: z.int().min(1).optional() }),
    bodyMediaType: "multipart/form-data",
    responses: { 201: { description: "The photos added.", schema: HostPhotoListSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
  operation({
    method: "delete",
    path: "/api/v1/host/listings/{id}/photos/{photoId}",
    operationId: "deleteListingPhoto",
    summary: "Delete a photo",
    description: "The cover passes to the next photo. Past the draft a listing keeps its minimum of photos (409).",
    ...listingWrite,
    params: photo,
    responses: { 204: { description: "Deleted." } },
    errors: [401, 403, 404, 405, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/photos/{photoId}/cover",
    operationId: "setListingCoverPhoto",
    summary: "Make a photo the cover",
    ...listingWrite,
    params: photo,
    responses: { 200: { description: "The listing's photos.", schema: HostPhotoListSchema } },
    errors: [401, 403, 404, 405, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/photos/{photoId}/move",
    operationId: "moveListingPhoto",
    summary: "Move a photo one place up or down",
    description: "The photo arrows of the pages: reorder by moving a photo among its siblings (the listing's, or its room type's).",
    ...listingWrite,
    params: photo,
    body: PhotoMoveSchema,
    responses: { 200: { description: "The listing's photos in their new order.", schema: HostPhotoListSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
  ...unitOperations({
    path: "room-types",
    idName: "roomTypeId",
    noun: "HotelRoomType",
    what: "a hotel room type",
    addDescription: "Hotels only, once the hotel's information is saved (409 otherwise). basePrice in millimes.",
    deleted: "a hotel room type and its photos",
    body: RoomTypeBodySchema,
    created: "The room type.",
  }),
  ...unitOperations({
    path: "rooms",
    idName: "roomId",
    noun: "GuesthouseRoom",
    what: "a guesthouse room",
    addDescription: "Guesthouses only, once the guesthouse's information is saved (409 otherwise); 409 for a room number already taken. price in millimes.",
    deleted: "a guesthouse room",
    body: GuesthouseRoomBodySchema,
    created: "The room.",
  }),
  operation({
    method: "get",
    path: "/api/v1/host/listings/{id}/calendar",
    operationId: "getListingCalendar",
    summary: "A month of the listing's calendar",
    description: "Each night's state (free, booked, held, blocked, paused), rooms left and price (millimes). 422 for a malformed month.",
    ...calendarWrite,
    scope: "read",
    params: listing,
    query: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/).optional().describe("YYYY-MM; this month (Africa/Tunis) when missing.") }),
    responses: { 200: { description: "The month.", schema: HostCalendarSchema } },
    errors: [401, 403, 404, 405, 422],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/calendar/blocks",
    operationId: "blockListingNights",
    summary: "Block nights",
    description: "from..to inclusive (to defaults to from; at most 366 nights; past nights are skipped), or { all: true } for every upcoming night.",
    ...calendarWrite,
    params: listing,
    body: CalendarRangeSchema,
    responses: { 200: { description: "How many nights changed.", schema: CalendarChangeSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
  operation({
    method: "delete",
    path: "/api/v1/host/listings/{id}/calendar/blocks",
    operationId: "unblockListingNights",
    summary: "Unblock nights",
    description: "?from=&to= (inclusive), or ?all=true for every upcoming night. Per-night prices stay.",
    ...calendarWrite,
    params: listing,
    query: z.object({ from: LocalDate.optional(), to: LocalDate.optional(), all: z.enum(["true"]).optional() }),
    responses: { 200: { description: "How many nights changed.", schema: CalendarChangeSchema } },
    errors: [401, 403, 404, 405, 422],
  }),
  operation({
    method: "put",
    path: "/api/v1/host/listings/{id}/calendar/prices",
    operationId: "setListingNightPrices",
    summary: "Set (or reset) the price of nights",
    description: "from..to inclusive; price per night in millimes, or null to give the nights back the base price.",
    ...calendarWrite,
    params: listing,
    body: CalendarPricesSchema,
    responses: { 200: { description: "How many nights changed.", schema: CalendarChangeSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),

  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/suspension-answer",
    operationId: "answerListingSuspension",
    summary: "Answer the team about a suspended listing",
    description: "Joins the listing's moderation history, as the form on the listing's dashboard page. 404 not the bearer's listing; 409 a listing that is not suspended.",
    ...listingWrite,
    params: listing,
    body: ListingAnswerSchema,
    responses: { 204: { description: "Recorded." } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
  operation({
    method: "post",
    path: "/api/v1/host/listings/{id}/calendars/export-url",
    operationId: "regenerateListingExportUrl",
    summary: "Replace a private iCal export URL",
    description: "The calendar page's new export link: the old URL answers 404 from now on. Its host, an operator or a co-host.",
    ...calendarWrite,
    params: listing,
    body: ExportRegenerateSchema,
    responses: { 200: { description: "The new URL.", schema: ExportUrlSchema } },
    errors: [400, 401, 403, 404, 405, 415, 422],
  }),
];
