// POST /api/v1/reservations/{id}/accept: the host accepts a request (nights held, 24 hours to pay).
import { acceptRequest } from "~/services/booking/reservation.server";
import { getReservationDetails } from "~/services/booking/reservation-details.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  await acceptRequest(user, Number(params.id));
  return getReservationDetails(user, Number(params.id));
});
