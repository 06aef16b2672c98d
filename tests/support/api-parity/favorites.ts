// Parity map (ADR 225): the heart on cards and pages.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).favorites.tsx", api: ["POST /api/v1/favorites/{kind}/{id}", "DELETE /api/v1/favorites/{kind}/{id}", "GET /api/v1/favorites"] },
];
