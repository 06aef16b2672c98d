// POST /api/v1/reservations/{id}/decline { reason }: the host declines a request (a reason is required).
import { DeclineSchema } from "~/schemas/booking";
import { declineRequest } from "~/services/booking/reservation.server";
import { getReservationDetails } from "~/services/booking/reservation-details.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { reason } = await readJsonBody(request, DeclineSchema);
  await declineRequest(user, Number(params.id), reason);
  return getReservationDetails(user, Number(params.id));
});
