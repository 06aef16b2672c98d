// POST /api/v1/experience-bookings/{id}/payments { method }: start paying a held booking, as
// POST /api/v1/reservations/{id}/payments does for stays (ADR 183). card → 201 with the gateway's
// redirectUrl (it sends the traveler back to /experience-bookings/{id}?ref=…); bank_transfer /
// bank_deposit → 201 with the bank details and the reference to write on the transfer.
import { StartPaymentSchema } from "~/schemas/booking";
import { startExperiencePayment } from "~/services/experiences/experience-payments.server";
import { bankDetails } from "~/services/payments/payment.server";
import { apiError, apiJson, apiLanguage, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { method } = await readJsonBody(request, StartPaymentSchema);
  const started = await startExperiencePayment(user, Number(params.id), method, { language: await apiLanguage(request) });
  return apiJson(
    {
      payment: started.payment,
      redirectUrl: started.kind === "gateway" ? started.redirectUrl : null,
      bank: started.kind === "bank" ? bankDetails() : null,
    },
    { status: 201 },
  );
});
