// Parity map (ADR 225): booking, paying, the reservation pages of the traveler and the host.
// The reservation pages act by `intent`: pay, cancel, accept, decline, review-save, review-delete,
// review-reply, review-report, claim-answer, upload-proof.
import type { ApiParityEntry } from "../api-parity";

const traveler = [
  "POST /api/v1/reservations/{id}/payments",
  "POST /api/v1/reservations/{id}/cancel",
  "POST /api/v1/reservations/{id}/review",
  "PATCH /api/v1/reviews/{id}",
  "DELETE /api/v1/reviews/{id}",
  "POST /api/v1/payments/{reference}/proof",
];
const host = [
  "POST /api/v1/reservations/{id}/accept",
  "POST /api/v1/reservations/{id}/decline",
  "POST /api/v1/reservations/{id}/cancel",
  "POST /api/v1/reviews/{id}/reply",
  "POST /api/v1/reviews/{id}/report",
  "POST /api/v1/claims/{id}/answer",
  "GET /api/v1/reservations/{id}/claims",
];

export const parity: ApiParityEntry[] = [
  { route: "($lang).payment.tsx", api: ["POST /api/v1/reservations", "POST /api/v1/reservations/{id}/payments"] },
  { route: "($lang).establishment-payment.tsx", api: ["POST /api/v1/reservations", "POST /api/v1/reservations/{id}/payments"] },
  { route: "($lang).reservation-verification.tsx", api: ["POST /api/v1/reservations/{id}/payments", "GET /api/v1/payments/{reference}"] },
  { route: "verify-establishment-payment.tsx", api: ["POST /api/v1/reservations/{id}/payments", "GET /api/v1/payments/{reference}"] },
  { route: "($lang).reservation-details.$id.tsx", api: traveler },
  { route: "($lang).est-reservation-details.$id.tsx", api: traveler },
  { route: "($lang).host_.reservation-details.$id.tsx", api: host },
  { route: "($lang).host_.est-reservation-details.$id.tsx", api: host },
  { route: "($lang).dashboard.reservations.tsx", api: ["POST /api/v1/reservations/{id}/accept", "POST /api/v1/reservations/{id}/decline"] },
  {
    route: "sandbox-gateway.pay.$ref.tsx",
    exception: "The sandbox card gateway's hosted page stands in for a payment provider's own page (another domain in production): the card is typed there by the payer, never sent through Darna's API.",
  },
];
