// GET /api/v1/webhooks/endpoints/{id}/deliveries?page=&pageSize= → the endpoint's deliveries,
// newest event first, each with its attempts (status, response code, duration, error).
import { parseId } from "~/services/listings/listing-forms.server";
import { WebhookDeliveriesQuerySchema } from "~/schemas/webhooks";
import { listDeliveries } from "~/services/webhooks/webhook-endpoints.server";
import { AppError } from "~/utils/app-error";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) throw new AppError(404, "developers:errors.notFound");
  const query = WebhookDeliveriesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listDeliveries(user.id, id, { page: query.page ?? 1, pageSize: query.pageSize ?? 20 });
});

export const action = methodNotAllowed(["GET", "HEAD"]);
