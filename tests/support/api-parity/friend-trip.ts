// Parity map (ADR 225): Friend Trip.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).friend-trip.tsx", api: ["POST /api/v1/friend-trip/requests"] },
  { route: "($lang).friend-trip-failed.tsx", api: ["POST /api/v1/friend-trip/requests/{reference}/payment"] },
];
