// POST /api/v1/experience-bookings/{id}/cancel: the traveler or the partner's account cancels
// (an unpaid hold is given up; a paid booking is refunded by the rules: all until 48 hours before
// the start or when the partner cancels, nothing after) → the booking and the refund (ADR 183).
import { cancelExperienceBooking, experienceBookingDetail } from "~/services/experiences/experience-payments.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw apiError(404, "experiences:errors.bookingNotFound");
  const { refund } = await cancelExperienceBooking(id, user.id);
  return { booking: await experienceBookingDetail(user.id, id, await apiLanguage(request)), refund };
});
