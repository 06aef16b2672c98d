// POST /api/v1/experience-bookings { slotId, people, acceptTerms: true } → 201 { id, reference, status, … }:
// the places are held 30 minutes for payment; 409 "Not enough places left on this date" (ADR 182).
import { ExperienceBookingBodySchema } from "~/schemas/experiences-api";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { apiError, apiJson, apiLanguage, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireVerifiedUser(request);
  const body = await readJsonBody(request, ExperienceBookingBodySchema);
  const created = await bookExperience(user, body, { language: await apiLanguage(request) });
  return apiJson(created, { status: 201 });
});
