// The answers of /api/v1/webhooks/** (and the shapes the /profile/developers page shows).
import { z } from "~/schemas/zod";
import { DateTime, named } from "~/openapi/components";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";

const EventType = z.enum(WEBHOOK_EVENT_TYPES);

export const WebhookEndpointViewSchema = named(
  "WebhookEndpoint",
  z.object({
    id: z.int().min(1),
    url: z.string(),
    events: z.array(EventType),
    enabled: z.boolean(),
    disabledReason: z.enum(["owner", "failing"]).nullable().describe('"failing": turned off after 3 days of failed deliveries (the owner was e-mailed).'),
    failingSince: DateTime.nullable(),
    createdAt: DateTime,
  }),
);

export const CreatedWebhookEndpointSchema = named(
  "CreatedWebhookEndpoint",
  WebhookEndpointViewSchema.extend({ secret: z.string().describe("The signing secret. Shown once: store it now.") }),
);

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointViewSchema) });

export const WebhookDeliveryViewSchema = named(
  "WebhookDelivery",
  z.object({
    id: z.int().min(1),
    eventId: z.string().describe("The event's id (the body's `id`)."),
    type: EventType,
    occurredAt: DateTime,
    status: z.enum(["pending", "delivered", "failed"]).describe('"failed": gave up after 24 hours of retries (a replay may still deliver it).'),
    attempts: z.int().min(0),
    nextAttemptAt: DateTime.nullable(),
    lastResponseCode: z.int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: DateTime.nullable(),
    history: z.array(
      z.object({
        attemptedAt: DateTime,
        ok: z.boolean(),
        responseCode: z.int().nullable(),
        durationMs: z.int().min(0),
        error: z.string().nullable(),
        replay: z.boolean(),
      }),
    ),
  }),
);

export const WebhookDeliveryListSchema = z.object({
  deliveries: z.array(WebhookDeliveryViewSchema),
  page: z.int().min(1),
  pageSize: z.int().min(1).max(100),
  total: z.int().min(0),
});

export const ReplayQueuedSchema = z.object({ queued: z.literal(true), deliveryId: z.int().min(1) });

export type WebhookEndpointView = z.output<typeof WebhookEndpointViewSchema>;
export type WebhookDeliveryView = z.output<typeof WebhookDeliveryViewSchema>;
