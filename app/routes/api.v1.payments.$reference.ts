// GET /api/v1/payments/{reference}: verifies a payment with its gateway and answers its state
// (idempotent: verifying again records nothing more). Only the payer (or an operator) sees it.
import { verifyPayment } from "~/services/payments/payment-results.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const result = await verifyPayment(params.reference, { viewer: user });
  if (result.state === "missing_payment" || result.state === "missing_reference") throw apiError(404, "payment:errors.missingPayment");
  return result;
});

export const action = methodNotAllowed(["GET", "HEAD"]);
