// Calendar sync and channel manager (issue 15): a listing's export URL and imported calendars,
// and the channel-manager account and links. The bodies are the zod schemas of
// app/schemas/calendar-sync.ts turned into JSON Schema, so the document and the routes share one
// definition.
import { z } from "zod";
import { bearerSecurity, errorResponses, jsonContent, jsonResponse, languageParameters, ref, type JsonSchema, type OpenApiPaths } from "~/openapi/shared";
import {
  AddFeedSchema,
  CalendarsResponseSchema,
  ChannelLinkSchema,
  ChannelManagerStateSchema,
  ChannelTokenSchema,
  CreatedFeedSchema,
  FeedStateSchema,
} from "~/schemas/calendar-sync";

export const tags = [{ name: "Calendars", description: "iCal export and import of a listing's calendar, and the channel-manager link." }];

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

export const schemas: Record<string, JsonSchema> = {
  AddCalendarFeedRequest: jsonSchema(AddFeedSchema, "input"),
  CalendarFeedCreated: jsonSchema(CreatedFeedSchema, "output"),
  CalendarFeedState: jsonSchema(FeedStateSchema, "output"),
  ListingCalendars: jsonSchema(CalendarsResponseSchema, "output"),
  ChannelManagerTokenRequest: jsonSchema(ChannelTokenSchema, "input"),
  ChannelManagerLinkRequest: jsonSchema(ChannelLinkSchema, "input"),
  ChannelManagerLinkCreated: jsonSchema(ChannelLinkSchema, "output"),
  ChannelManagerState: jsonSchema(ChannelManagerStateSchema, "output"),
};

const id = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 }, description: "The listing." };
const feedId = { name: "feedId", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
const listingId = { name: "listingId", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
const noContent = { "204": { description: "Done." } };

export const paths: OpenApiPaths = {
  "/api/v1/host/listings/{id}/calendars": {
    get: {
      operationId: "listListingCalendars",
      summary: "The listing's private export URL and imported calendars",
      description: "Each feed with its last success, last attempt, error (translated) and the nights it blocks; stale after 3 hours without a success.",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [id, ...languageParameters],
      responses: { "200": jsonResponse("The export URL and the feeds.", ref("ListingCalendars")), ...errorResponses(401, 403, 404, 405) },
    },
    post: {
      operationId: "addListingCalendar",
      summary: "Add (or re-point) the listing's calendar of a source",
      description: "One feed per source (airbnb, booking, other); a second POST for a source replaces its URL. 400 \"Invalid URL\".",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [id, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("AddCalendarFeedRequest")) },
      responses: { "201": jsonResponse("The feed.", ref("CalendarFeedCreated")), ...errorResponses(400, 401, 403, 404, 415) },
    },
  },
  "/api/v1/host/listings/{id}/calendars/{feedId}": {
    delete: {
      operationId: "deleteListingCalendar",
      summary: "Remove an imported calendar (its nights are freed)",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [id, feedId, ...languageParameters],
      responses: { ...noContent, ...errorResponses(401, 403, 404, 405) },
    },
  },
  "/api/v1/host/listings/{id}/calendars/{feedId}/sync": {
    post: {
      operationId: "syncListingCalendar",
      summary: "Fetch an imported calendar now",
      description: "Answers the feed's state after the fetch; a failed fetch changes nothing and shows in `error`.",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [id, feedId, ...languageParameters],
      responses: { "200": jsonResponse("The feed's state.", ref("CalendarFeedState")), ...errorResponses(401, 403, 404, 405) },
    },
  },
  "/api/v1/host/channel-manager": {
    get: {
      operationId: "getChannelManager",
      summary: "Whether the account token is saved, and the listings' links",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      responses: { "200": jsonResponse("The channel-manager state.", ref("ChannelManagerState")), ...errorResponses(401, 405) },
    },
    put: {
      operationId: "saveChannelManagerToken",
      summary: "Save the channel-manager account token (checked with the provider)",
      description: "400 \"The token is not valid\" when the provider refuses it; 502 \"Error saving the token\" when it cannot be reached.",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ChannelManagerTokenRequest")) },
      responses: {
        "200": jsonResponse("The channel-manager state.", ref("ChannelManagerState")),
        "502": { description: "The channel manager could not be reached.", content: jsonContent(ref("Error")) },
        ...errorResponses(400, 401, 415),
      },
    },
  },
  "/api/v1/host/channel-manager/links": {
    post: {
      operationId: "linkChannelManagerListing",
      summary: "Link a listing with its property key",
      description: "409 while the account token is not saved; then availability and prices are pushed and bookings pulled as blocked nights.",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ChannelManagerLinkRequest")) },
      responses: {
        "201": jsonResponse("The link.", ref("ChannelManagerLinkCreated")),
        "502": { description: "The channel manager could not be reached.", content: jsonContent(ref("Error")) },
        ...errorResponses(400, 401, 403, 404, 405, 409, 415),
      },
    },
  },
  "/api/v1/host/channel-manager/links/{listingId}": {
    delete: {
      operationId: "unlinkChannelManagerListing",
      summary: "Unlink a listing (frees the nights the link had blocked)",
      tags: ["Calendars"],
      security: bearerSecurity,
      parameters: [listingId, ...languageParameters],
      responses: { ...noContent, ...errorResponses(401, 403, 404, 405) },
    },
  },
};
