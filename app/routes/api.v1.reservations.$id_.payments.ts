// POST /api/v1/reservations/{id}/payments { method }: start paying a held reservation.
// card → 201 with the gateway's redirectUrl; bank_transfer / bank_deposit → 201 with the bank
// details and the reference to write on the transfer (the proof is uploaded on the reservation page).
import { StartPaymentSchema } from "~/schemas/booking";
import { bankDetails } from "~/services/payments/payment.server";
import { startPayment } from "~/services/payments/payment-start.server";
import { apiError, apiJson, apiLanguage, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { method } = await readJsonBody(request, StartPaymentSchema);
  const started = await startPayment(user, Number(params.id), method, { language: await apiLanguage(request) });
  return apiJson(
    {
      payment: started.payment,
      redirectUrl: started.kind === "gateway" ? started.redirectUrl : null,
      bank: started.kind === "bank" ? bankDetails() : null,
    },
    { status: 201 },
  );
});
