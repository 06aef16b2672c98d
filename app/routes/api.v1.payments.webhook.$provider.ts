// POST /api/v1/payments/webhook/{provider}: a gateway's signed callback (HMAC). Recorded once per
// event id; the same callback twice answers 200 with "duplicate": true and changes nothing.
import { receivePaymentWebhook } from "~/services/payments/payment-results.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const body = await request.text();
  if (body.length > 64 * 1024) throw apiError(400, "api:errors.invalid_input");
  return receivePaymentWebhook(String(params.provider ?? ""), body, request.headers);
});
