// POST /api/v1/friend-trip/requests { firstName, lastName, nationality, startDate, endDate,
// purpose, email, phone, pack, interests, consent: true } → 201 { id, reference, status, price,
// paymentUrl? }; 400 for a body that is not JSON, 422 with field errors.
import { z } from "~/schemas/zod";
import { dateInTunis } from "~/domain/stay-dates";
import { createFriendTripRequestSchema } from "~/schemas/friend-trip";
import { createFriendTripRequest } from "~/services/friend-trip/friend-trip-requests.server";
import { apiError, apiJson, apiLanguage, apiRoute, fieldKeysFromZodError, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const now = new Date();
  const body = await readJsonBody(request, z.unknown());
  const parsed = createFriendTripRequestSchema(dateInTunis(now)).safeParse(body, { reportInput: true });
  if (!parsed.success) throw apiError(422, "api:errors.invalid_input", { code: "invalid_input", fields: fieldKeysFromZodError(parsed.error) });
  const user = await getOptionalUser(request);
  const created = await createFriendTripRequest(parsed.data, { now, language: await apiLanguage(request), userId: user?.id ?? null });
  const { paymentUrl, ...rest } = created;
  return apiJson(paymentUrl ? { ...rest, paymentUrl } : rest, { status: 201 });
});
