// Parity map (issue 22 point 1): the developers pages. /profile/developers registers, turns off
// and on, deletes webhook endpoints and replays deliveries; each has its /api/v1/webhooks twin
// through the same service (app/services/webhooks/webhook-endpoints.server.ts). /developers has no
// action.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  {
    route: "($lang).profile.developers.tsx",
    api: [
      "POST /api/v1/webhooks/endpoints",
      "PATCH /api/v1/webhooks/endpoints/{id}",
      "DELETE /api/v1/webhooks/endpoints/{id}",
      "POST /api/v1/webhooks/deliveries/{id}/replay",
    ],
  },
];
