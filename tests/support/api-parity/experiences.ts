// Parity map (ADR 225): experiences, their bookings, partners' proposals.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).experiences.$id.tsx", api: ["POST /api/v1/experience-bookings"] },
  { route: "($lang).partner-proposal.tsx", api: ["POST /api/v1/partner-proposals"] },
  { route: "($lang).dashboard.experiences_.new.tsx", api: ["POST /api/v1/partner/experiences"] },
  {
    // pay (card, transfer, deposit), send the bank receipt, cancel.
    route: "($lang).experience-bookings.$id.tsx",
    api: ["GET /api/v1/experience-bookings/{id}", "POST /api/v1/experience-bookings/{id}/payments", "POST /api/v1/payments/{reference}/proof", "POST /api/v1/experience-bookings/{id}/cancel"],
  },
  // The partner cancels a confirmed booking of one of its experiences (full refund).
  { route: "($lang).dashboard.experiences.tsx", api: ["POST /api/v1/experience-bookings/{id}/cancel"] },
];
