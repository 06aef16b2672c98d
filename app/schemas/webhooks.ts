// The webhook endpoint form and API body (issue 22; ADR 222): one zod schema shared by the
// /profile/developers action, POST /api/v1/webhooks/endpoints and the OpenAPI document.
import { z } from "~/schemas/zod";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";

export const webhookMessages = {
  url: "developers:errors.url",
  events: "developers:errors.events",
} as const;

export const WebhookEndpointSchema = z.object({
  url: z
    .string({ error: webhookMessages.url })
    .trim()
    .min(1, { error: webhookMessages.url })
    .max(2048, { error: webhookMessages.url })
    .describe("Where deliveries are POSTed: https (http to a local address only where the server allows it)."),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.events }), { error: webhookMessages.events })
    .min(1, { error: webhookMessages.events })
    .max(WEBHOOK_EVENT_TYPES.length, { error: webhookMessages.events })
    .describe("The event types to receive."),
});
export type WebhookEndpointInput = z.output<typeof WebhookEndpointSchema>;

/** The page's other buttons: enable, disable, delete an endpoint; replay a delivery. */
export const WebhookActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), endpoint: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("disable"), endpoint: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete"), endpoint: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("replay"), delivery: z.coerce.number().int().positive() }),
]);

const pageNumber = (max: number) =>
  z.coerce.number({ error: "api:fields.invalid" }).int({ error: "api:fields.invalid" }).min(1, { error: "api:fields.invalid" }).max(max, { error: "api:fields.invalid" });

/** GET /api/v1/webhooks/endpoints/{id}/deliveries: a page of at most 100 deliveries. */
export const WebhookDeliveriesQuerySchema = z.object({
  page: pageNumber(100_000).optional(),
  pageSize: pageNumber(100).optional(),
});

/** PATCH /api/v1/webhooks/endpoints/{id}: turn an endpoint off or on. */
export const WebhookEndpointPatchSchema = z.object({
  enabled: z.boolean({ error: "api:fields.invalid" }).describe("false turns deliveries off; true turns them on again (waiting deliveries go out)."),
});
