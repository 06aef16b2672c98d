// Webhooks (issue 22, ADR 222): a user's endpoints, their deliveries and replays. Bodies and
// answers are the zod schemas of app/schemas/webhooks.ts and webhooks-api.ts.
import { bearer, idParams, operation } from "~/openapi/operation";
import {
  CreatedWebhookEndpointSchema,
  ReplayQueuedSchema,
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookEndpointViewSchema,
} from "~/schemas/webhooks-api";
import { WebhookDeliveriesQuerySchema, WebhookEndpointPatchSchema, WebhookEndpointSchema } from "~/schemas/webhooks";

export const tags = [
  {
    name: "Webhooks",
    description:
      "Endpoints of your own systems that Darna POSTs signed events to ({id, type, createdAt, data}; Darna-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, \"<t>.<raw body>\")>), in event-time order, retried for 24 hours.",
  },
];

const id = idParams();

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/webhooks/endpoints",
    operationId: "listWebhookEndpoints",
    summary: "Your webhook endpoints",
    description: "Their URL, events and state; the secret is shown only when an endpoint is created.",
    tag: "Webhooks",
    ...bearer,
    scope: "read",
    responses: { 200: { description: "The endpoints.", schema: WebhookEndpointListSchema } },
    errors: [401, 403, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/webhooks/endpoints",
    operationId: "createWebhookEndpoint",
    summary: "Register a webhook endpoint",
    description: 'https only (400 "The URL must start with https://."); at most 10 per user (409 too_many_endpoints). The answer holds the signing secret, shown this once.',
    tag: "Webhooks",
    ...bearer,
    scope: "webhooks:write",
    body: WebhookEndpointSchema,
    responses: { 201: { description: "The endpoint and its secret.", schema: CreatedWebhookEndpointSchema } },
    errors: [400, 401, 403, 409, 415],
  }),
  operation({
    method: "patch",
    path: "/api/v1/webhooks/endpoints/{id}",
    operationId: "updateWebhookEndpoint",
    summary: "Turn a webhook endpoint off or on",
    description: "Turned on again, the deliveries that waited go out in order and the 3-day failure clock starts over.",
    tag: "Webhooks",
    ...bearer,
    scope: "webhooks:write",
    params: id,
    body: WebhookEndpointPatchSchema,
    responses: { 200: { description: "The endpoint.", schema: WebhookEndpointViewSchema } },
    errors: [400, 401, 403, 404, 415],
  }),
  operation({
    method: "delete",
    path: "/api/v1/webhooks/endpoints/{id}",
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint and its deliveries",
    tag: "Webhooks",
    ...bearer,
    scope: "webhooks:write",
    params: id,
    responses: { 204: { description: "Deleted." } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/webhooks/endpoints/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "An endpoint's deliveries and their attempts",
    description: "Newest event first; each attempt with its time, response code, duration and error.",
    tag: "Webhooks",
    ...bearer,
    scope: "read",
    params: id,
    query: WebhookDeliveriesQuerySchema,
    responses: { 200: { description: "A page of deliveries.", schema: WebhookDeliveryListSchema } },
    errors: [400, 401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/webhooks/deliveries/{id}/replay",
    operationId: "replayWebhookDelivery",
    summary: "Send a delivery again",
    description: "Queued at once: the same body and Darna-Delivery, a new signature; out of the endpoint's order. Recorded as a replay attempt.",
    tag: "Webhooks",
    ...bearer,
    scope: "webhooks:write",
    params: id,
    responses: { 200: { description: "Queued.", schema: ReplayQueuedSchema } },
    errors: [401, 403, 404, 405],
  }),
];
