// Parity map (ADR 225): the host's dashboard pages other than the listings' (host-listings.ts).
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  {
    route: "($lang).dashboard.channel-manager.tsx",
    api: ["PUT /api/v1/host/channel-manager", "POST /api/v1/host/channel-manager/links", "DELETE /api/v1/host/channel-manager/links/{listingId}"],
  },
];
