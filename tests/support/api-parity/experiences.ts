// Parity map (ADR 225): experiences, their bookings, partners' proposals.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).experiences.$id.tsx", api: ["POST /api/v1/experience-bookings"] },
  { route: "($lang).partner-proposal.tsx", api: ["POST /api/v1/partner-proposals"] },
];
