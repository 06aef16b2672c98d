// A user's webhook endpoints (ADR 222): register, list with their recent deliveries, turn off and
// on, delete, replay a delivery. The page /profile/developers and /api/v1/webhooks/** both call
// these; every function checks the endpoint or delivery belongs to the user (404 otherwise).
import { Op } from "sequelize";
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from "~/db/models/webhook.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { webhookUrlError, type WebhookEventType } from "~/domain/webhooks";
import type { WebhookEndpointInput } from "~/schemas/webhooks";
import type { WebhookDeliveryView, WebhookEndpointView } from "~/schemas/webhooks-api";
import { enqueueJob } from "~/services/jobs/jobs.server";
import { WEBHOOK_REPLAY_JOB } from "~/services/webhooks/webhook-delivery.server";
import { WEBHOOK_DELIVER_JOB, subscribedTypes } from "~/services/webhooks/webhook-events.server";
import { newWebhookSecret } from "~/services/webhooks/webhook-signature.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";

export const MAX_ENDPOINTS = 10;
const NOT_FOUND = "developers:errors.notFound";

function toView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: subscribedTypes(endpoint) as WebhookEventType[],
    enabled: Boolean(endpoint.enabled),
    disabledReason: endpoint.disabledReason ?? null,
    failingSince: endpoint.failingSince ? endpoint.failingSince.toISOString() : null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

/** Registers an endpoint; its secret is in this answer only. */
export async function createEndpoint(userId: number, input: WebhookEndpointInput, now = new Date()): Promise<WebhookEndpointView & { secret: string }> {
  const urlError = webhookUrlError(input.url, env.webhooksAllowPrivate);
  if (urlError) throw new AppError(400, `developers:errors.${urlError}`, { fields: { url: `developers:errors.${urlError}` } });
  const secret = newWebhookSecret();
  const endpoint = await writeTransaction(async (transaction) => {
    const count = await WebhookEndpoint.count({ where: { userId }, transaction });
    if (count >= MAX_ENDPOINTS) {
      throw new AppError(409, "developers:errors.tooMany", { code: "too_many_endpoints", values: { max: MAX_ENDPOINTS } });
    }
    return WebhookEndpoint.create(
      { userId, url: input.url, events: JSON.stringify([...new Set(input.events)]), secret, enabled: true, createdAt: now, updatedAt: now },
      { transaction },
    );
  });
  return { ...toView(endpoint), secret };
}

export async function listEndpoints(userId: number): Promise<WebhookEndpointView[]> {
  const endpoints = await WebhookEndpoint.findAll({ where: { userId }, order: [["id", "ASC"]] });
  return endpoints.map(toView);
}

async function ownEndpoint(userId: number, endpointId: number): Promise<WebhookEndpoint> {
  const endpoint = await WebhookEndpoint.findOne({ where: { id: endpointId, userId } });
  if (!endpoint) throw new AppError(404, NOT_FOUND);
  return endpoint;
}

/** Turns an endpoint off or on; turned on, its waiting deliveries go out again (failure clock reset). */
export async function setEndpointEnabled(userId: number, endpointId: number, enabled: boolean, now = new Date()): Promise<WebhookEndpointView> {
  const endpoint = await ownEndpoint(userId, endpointId);
  await writeTransaction(async (transaction) => {
    await endpoint.update(
      enabled ? { enabled: true, disabledReason: null, failingSince: null, updatedAt: now } : { enabled: false, disabledReason: "owner", updatedAt: now },
      { transaction },
    );
    if (enabled) {
      await WebhookDelivery.update({ nextAttemptAt: now }, { where: { endpointId, status: "pending" }, transaction });
      await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId }, { runAt: now, maxAttempts: 3, transaction });
    }
  });
  return toView(endpoint);
}

export async function deleteEndpoint(userId: number, endpointId: number): Promise<void> {
  const endpoint = await ownEndpoint(userId, endpointId);
  await writeTransaction(async (transaction) => {
    const deliveryIds = (await WebhookDelivery.findAll({ where: { endpointId }, attributes: ["id"], transaction })).map((row) => row.id);
    if (deliveryIds.length > 0) await WebhookAttempt.destroy({ where: { deliveryId: { [Op.in]: deliveryIds } }, transaction });
    await WebhookDelivery.destroy({ where: { endpointId }, transaction });
    await endpoint.destroy({ transaction });
  });
}

/** An endpoint's deliveries, newest event first, each with its attempts. */
export async function listDeliveries(
  userId: number,
  endpointId: number,
  paging: { page: number; pageSize: number } = { page: 1, pageSize: 20 },
): Promise<{ deliveries: WebhookDeliveryView[]; page: number; pageSize: number; total: number }> {
  await ownEndpoint(userId, endpointId);
  const { rows, count } = await WebhookDelivery.findAndCountAll({
    where: { endpointId },
    order: [
      ["occurredAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  const ids = rows.map((row) => row.id);
  const [events, attempts] = await Promise.all([
    WebhookEvent.findAll({ where: { id: { [Op.in]: rows.map((row) => row.eventId) } } }),
    ids.length > 0 ? WebhookAttempt.findAll({ where: { deliveryId: { [Op.in]: ids } }, order: [["id", "ASC"]] }) : Promise.resolve([]),
  ]);
  const eventById = new Map(events.map((event) => [event.id, event]));
  return {
    deliveries: rows.map((row) => {
      const event = eventById.get(row.eventId);
      return {
        id: row.id,
        eventId: event?.publicId ?? "",
        type: (event?.type ?? "calendar.changed") as WebhookEventType,
        occurredAt: row.occurredAt.toISOString(),
        status: row.status,
        attempts: row.attempts,
        nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
        lastResponseCode: row.lastResponseCode ?? null,
        lastError: row.lastError ?? null,
        deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
        history: attempts
          .filter((attempt) => attempt.deliveryId === row.id)
          .map((attempt) => ({
            attemptedAt: attempt.attemptedAt.toISOString(),
            ok: Boolean(attempt.ok),
            responseCode: attempt.responseCode,
            durationMs: attempt.durationMs,
            error: attempt.error,
            replay: Boolean(attempt.replay),
          })),
      };
    }),
    page: paging.page,
    pageSize: paging.pageSize,
    total: count,
  };
}

/** Queues one more send of a delivery of the user's endpoint (the job runner posts it). */
export async function replayDelivery(userId: number, deliveryId: number, now = new Date()): Promise<{ queued: true; deliveryId: number }> {
  const delivery = await WebhookDelivery.findByPk(deliveryId);
  if (!delivery) throw new AppError(404, NOT_FOUND);
  await ownEndpoint(userId, delivery.endpointId);
  await enqueueJob(WEBHOOK_REPLAY_JOB, { deliveryId }, { runAt: now, maxAttempts: 1 });
  return { queued: true, deliveryId };
}
