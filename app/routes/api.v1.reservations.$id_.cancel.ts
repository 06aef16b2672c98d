// GET  /api/v1/reservations/{id}/cancel: what cancelling now would give back (nothing changes)
// POST /api/v1/reservations/{id}/cancel: the traveler or the host cancels (refund by the rules)
import { cancelReservation } from "~/services/booking/reservation.server";
import { getReservationDetails, previewCancellation } from "~/services/booking/reservation-details.server";
import { apiError, apiRoute } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return previewCancellation(user, Number(params.id));
});

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  await cancelReservation(user, Number(params.id));
  return getReservationDetails(user, Number(params.id));
});
