// GET  /api/v1/webhooks/endpoints → { endpoints: [...] } (the bearer's own; secrets never shown again)
// POST /api/v1/webhooks/endpoints { url, events } → 201 { id, url, events, enabled, …, secret } (ADR 222)
import { WebhookEndpointSchema } from "~/schemas/webhooks";
import { createEndpoint, listEndpoints } from "~/services/webhooks/webhook-endpoints.server";
import { apiError, apiJson, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  return { endpoints: await listEndpoints(user.id) };
});

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, WebhookEndpointSchema);
  return apiJson(await createEndpoint(user.id, body), { status: 201 });
});
