// GET /api/v1/experience-bookings/{id}: a booking with its payments, refunds and what cancelling
// now would refund — for its traveler or its partner's account, 404 for anyone else (ADR 183).
import { experienceBookingDetail } from "~/services/experiences/experience-payments.server";
import { apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return experienceBookingDetail(user.id, Number(params.id), await apiLanguage(request));
});

export const action = methodNotAllowed(["GET"]);
