// Recording a webhook event (ADR 222): called inside the transaction of the change that causes it,
// like notify(), so an event exists exactly when its change committed (an outbox). It writes the
// event, one delivery per enabled endpoint of the user that subscribed to its type, and the job
// that posts them; a user without endpoints costs one indexed read.
import crypto from "node:crypto";
import type { Transaction } from "sequelize";
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "~/db/models/webhook.server";
import type { WebhookEventType } from "~/domain/webhooks";
import { enqueueJob } from "~/services/jobs/jobs.server";

export const WEBHOOK_DELIVER_JOB = "webhooks:deliver";

export type WebhookData = Record<string, unknown>;

export function subscribedTypes(endpoint: Pick<WebhookEndpoint, "events">): string[] {
  try {
    const parsed: unknown = JSON.parse(endpoint.events);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === "string") : [];
  } catch {
    return [];
  }
}

/** Records `type` for `userId`'s endpoints in the caller's transaction. Returns how many deliveries it queued. */
export async function recordWebhookEvent(
  transaction: Transaction,
  input: { userId: number; type: WebhookEventType; data: WebhookData; now?: Date },
): Promise<number> {
  const endpoints = (await WebhookEndpoint.findAll({ where: { userId: input.userId, enabled: true }, transaction })).filter((endpoint) =>
    subscribedTypes(endpoint).includes(input.type),
  );
  if (endpoints.length === 0) return 0;
  const now = input.now ?? new Date();
  const event = await WebhookEvent.create(
    { publicId: `evt_${crypto.randomBytes(12).toString("hex")}`, userId: input.userId, type: input.type, data: JSON.stringify(input.data), occurredAt: now },
    { transaction },
  );
  for (const endpoint of endpoints) {
    const delivery = await WebhookDelivery.create(
      { endpointId: endpoint.id, eventId: event.id, occurredAt: now, nextAttemptAt: now, createdAt: now, updatedAt: now },
      { transaction },
    );
    await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId: endpoint.id }, { runAt: now, uniqueKey: `webhook:${delivery.id}`, maxAttempts: 3, transaction });
  }
  return endpoints.length;
}
