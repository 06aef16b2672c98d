// Parity map (ADR 225): the host's dashboard pages other than the listings' (host-listings.ts).
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  {
    route: "($lang).dashboard.channel-manager.tsx",
    api: ["PUT /api/v1/host/channel-manager", "POST /api/v1/host/channel-manager/links", "DELETE /api/v1/host/channel-manager/links/{listingId}"],
  },
  {
    route: "($lang).dashboard.cohosts.tsx",
    api: [
      "GET /api/v1/cohost-invitations",
      "POST /api/v1/cohost-invitations",
      "POST /api/v1/cohost-invitations/{id}/accept",
      "POST /api/v1/cohost-invitations/{id}/decline",
      "POST /api/v1/cohost-invitations/{id}/end",
    ],
  },
  {
    route: "($lang).dashboard.listing-answer.$id.tsx",
    exception:
      "A host's answer to an operator's suspension of a listing belongs under /api/v1/host/listings/{id} (api-host's paths); no twin yet — ADR 225 lists it as not done.",
  },
];
