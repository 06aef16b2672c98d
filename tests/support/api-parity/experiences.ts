// Parity map (ADR 225): experiences, their bookings, partners' proposals.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).experiences.$id.tsx", api: ["POST /api/v1/experience-bookings"] },
  { route: "($lang).partner-proposal.tsx", api: ["POST /api/v1/partner-proposals"] },
  { route: "($lang).dashboard.experiences_.new.tsx", api: ["POST /api/v1/partner/experiences"] },
  {
    // pay (card, transfer, deposit), send the bank receipt, cancel.
    route: "($lang).experience-bookings.$id.tsx",
    api: ["GET /api/v1/experience-bookings/{id}", "POST /api/v1/experience-bookings/{id}/payments", "POST /api/v1/payments/{reference}/proof", "POST /api/v1/experience-bookings/{id}/cancel",
      // review-save / -delete / -reply / -report (ADR 184)
      "POST /api/v1/experience-bookings/{id}/review", "PATCH /api/v1/reviews/{id}", "DELETE /api/v1/reviews/{id}", "POST /api/v1/reviews/{id}/reply", "POST /api/v1/reviews/{id}/report",
    ],
  },
  // The partner's photos page: upload, cover, move, delete.
  {
    route: "($lang).dashboard.experiences_.$id.photos.tsx",
    api: [
      "POST /api/v1/partner/experiences/{id}/photos",
      "POST /api/v1/partner/experiences/{id}/photos/{photoId}/cover",
      "POST /api/v1/partner/experiences/{id}/photos/{photoId}/move",
      "DELETE /api/v1/partner/experiences/{id}/photos/{photoId}",
    ],
  },
];
