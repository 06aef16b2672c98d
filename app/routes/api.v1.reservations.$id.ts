// GET /api/v1/reservations/{id}: the reservation, for its traveler, its host or an operator (else 404).
import { getReservationDetails } from "~/services/booking/reservation-details.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return getReservationDetails(user, Number(params.id));
});

export const action = methodNotAllowed(["GET", "HEAD"]);
