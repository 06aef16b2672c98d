// POST /api/v1/webhooks/deliveries/{id}/replay → 200 { queued: true, deliveryId }: the same event
// is sent again to its endpoint (same body and Darna-Delivery, a new signature), out of the queue's order.
import { parseId } from "~/services/listings/listing-forms.server";
import { replayDelivery } from "~/services/webhooks/webhook-endpoints.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) throw new AppError(404, "developers:errors.notFound");
  return apiJson(await replayDelivery(user.id, id), { status: 200 });
});
