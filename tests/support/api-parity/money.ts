// Parity map (ADR 225): revenues and payouts, claims, the company on receipts.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).dashboard.revenues.tsx", api: ["POST /api/v1/host/payouts"] },
  { route: "($lang).reservation-details.$id_.claim.tsx", api: ["POST /api/v1/reservations/{id}/claims"] },
  { route: "($lang).dashboard.company.tsx", api: ["GET /api/v1/host/company", "PUT /api/v1/host/company", "DELETE /api/v1/host/company"] },
];
