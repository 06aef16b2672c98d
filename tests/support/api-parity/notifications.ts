// Parity map (ADR 225): the notification centre.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).notifications._index.tsx", api: ["POST /api/v1/notifications/read", "GET /api/v1/notifications/settings", "PUT /api/v1/notifications/settings"] },
  // Opening one marks it read and leads to its link (which the list answers).
  { route: "($lang).notifications.$id.tsx", api: ["POST /api/v1/notifications/read"] },
];
