// PATCH  /api/v1/webhooks/endpoints/{id} { enabled } → the endpoint (turned off or on)
// DELETE /api/v1/webhooks/endpoints/{id} → 204 (its deliveries go with it)
import { parseId } from "~/services/listings/listing-forms.server";
import { WebhookEndpointPatchSchema } from "~/schemas/webhooks";
import { deleteEndpoint, setEndpointEnabled } from "~/services/webhooks/webhook-endpoints.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["PATCH", "DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") {
    throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["PATCH", "DELETE"] } });
  }
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) throw new AppError(404, "developers:errors.notFound");
  if (request.method === "DELETE") {
    await deleteEndpoint(user.id, id);
    return new Response(null, { status: 204 });
  }
  const body = await readJsonBody(request, WebhookEndpointPatchSchema);
  return setEndpointEnabled(user.id, id, body.enabled);
});
