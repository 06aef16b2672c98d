// Parity map (ADR 225): the host's dashboard pages other than the listings' (host-listings.ts).
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
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
];
