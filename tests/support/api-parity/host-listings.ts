// The API twins of the host's listing, photo and calendar pages (issue 22 point 1). Each page
// route that exports an `action` names the operations doing what its forms do; ADR 224.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  {
    // The wizard: the address step starts a draft, each step saves its section, photos, hotel
    // room types, guesthouse rooms, and the last step submits.
    route: "($lang).become-host.$step.tsx",
    api: [
      "POST /api/v1/host/listings",
      "PATCH /api/v1/host/listings/{id}",
      "POST /api/v1/host/listings/{id}/photos",
      "DELETE /api/v1/host/listings/{id}/photos/{photoId}",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/cover",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/move",
      "POST /api/v1/host/listings/{id}/room-types",
      "PUT /api/v1/host/listings/{id}/room-types/{roomTypeId}",
      "DELETE /api/v1/host/listings/{id}/room-types/{roomTypeId}",
      "POST /api/v1/host/listings/{id}/rooms",
      "PUT /api/v1/host/listings/{id}/rooms/{roomId}",
      "DELETE /api/v1/host/listings/{id}/rooms/{roomId}",
      "POST /api/v1/host/listings/{id}/submit",
    ],
  },
  {
    // The edit tabs (sections, photos), hide/show, pauses and delete.
    route: "($lang).dashboard.host-property-details.$id.tsx",
    api: [
      "PATCH /api/v1/host/listings/{id}",
      "POST /api/v1/host/listings/{id}/photos",
      "DELETE /api/v1/host/listings/{id}/photos/{photoId}",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/cover",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/move",
      "PUT /api/v1/host/listings/{id}/visibility",
      "POST /api/v1/host/listings/{id}/pauses",
      "DELETE /api/v1/host/listings/{id}/pauses/{pauseId}",
      "DELETE /api/v1/host/listings/{id}",
    ],
  },
  {
    // A hotel's or guesthouse's information, room types (with their photos) and rooms.
    route: "($lang).host-establishment-details.$id.tsx",
    api: [
      "PATCH /api/v1/host/listings/{id}",
      "POST /api/v1/host/listings/{id}/room-types",
      "PUT /api/v1/host/listings/{id}/room-types/{roomTypeId}",
      "DELETE /api/v1/host/listings/{id}/room-types/{roomTypeId}",
      "POST /api/v1/host/listings/{id}/rooms",
      "PUT /api/v1/host/listings/{id}/rooms/{roomId}",
      "DELETE /api/v1/host/listings/{id}/rooms/{roomId}",
      "POST /api/v1/host/listings/{id}/photos",
      "DELETE /api/v1/host/listings/{id}/photos/{photoId}",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/cover",
      "POST /api/v1/host/listings/{id}/photos/{photoId}/move",
    ],
  },
  {
    // The photo forms' JavaScript upload path.
    route: "listings.$id.photos.ts",
    api: ["POST /api/v1/host/listings/{id}/photos"],
  },
  {
    // The host calendar: blocks, prices, and its calendar-sync section (imported calendars, export link).
    route: "($lang).dashboard.calendrier.$id.tsx",
    api: [
      "GET /api/v1/host/listings/{id}/calendar",
      "POST /api/v1/host/listings/{id}/calendar/blocks",
      "DELETE /api/v1/host/listings/{id}/calendar/blocks",
      "PUT /api/v1/host/listings/{id}/calendar/prices",
      "POST /api/v1/host/listings/{id}/calendars",
      "DELETE /api/v1/host/listings/{id}/calendars/{feedId}",
      "POST /api/v1/host/listings/{id}/calendars/{feedId}/sync",
      "POST /api/v1/host/listings/{id}/calendars/export-url",
    ],
  },
  {
    // The channel-manager account and its links (calendar sync).
    route: "($lang).dashboard.channel-manager.tsx",
    api: ["PUT /api/v1/host/channel-manager", "POST /api/v1/host/channel-manager/links", "DELETE /api/v1/host/channel-manager/links/{listingId}"],
  },
  {
    // The host's answer to the team about a suspended listing.
    route: "($lang).dashboard.listing-answer.$id.tsx",
    api: ["POST /api/v1/host/listings/{id}/suspension-answer"],
  },
];
