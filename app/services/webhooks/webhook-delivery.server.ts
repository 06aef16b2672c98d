// Posting webhook deliveries (ADR 222). The job runner runs "webhooks:deliver" for an endpoint: it
// takes the endpoint's lease (one poster at a time, so order holds), then posts its pending
// deliveries oldest event first. A failure keeps the delivery at the head of the queue and tries it
// again later (1 min, 2, 4… for 24 hours, nextRetryAt); every attempt is recorded. An endpoint that
// has not taken a delivery for 3 days is disabled and its owner e-mailed.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Op } from "sequelize";
import { User } from "~/db/models/user.server";
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from "~/db/models/webhook.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { failingTooLong, nextRetryAt } from "~/domain/webhooks";
import { guardedLookup, isInternalAddress } from "~/services/calendar-sync/feed-fetcher.server";
import { sendEmail } from "~/services/email/email.server";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { WEBHOOK_DELIVER_JOB } from "~/services/webhooks/webhook-events.server";
import { signatureHeader } from "~/services/webhooks/webhook-signature.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export const WEBHOOK_REPLAY_JOB = "webhooks:replay";
const WEBHOOK_DISABLED_EMAIL_JOB = "webhooks:disabled-email";
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Deliveries one job posts before it hands over to the next job (others get the runner too). */
const BATCH = 50;

export interface PostOutcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

function refusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return `scheme ${url.protocol} not allowed`;
  if (url.username || url.password) return "credentials in the URL";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && net.isIP(host) && isInternalAddress(host)) return `address ${host} not allowed`;
  if (!allowPrivate && /^localhost$|\.localhost$/i.test(host)) return `host ${host} not allowed`;
  return null;
}

/**
 * POSTs `body` to the endpoint with the calendar sync's address rule (never an internal address,
 * checked on the address connected to), a time limit for the whole exchange, no redirects
 * followed (a 3xx is a failure) and the answer read up to 64 KB then dropped.
 */
export async function postWebhook(rawUrl: string, body: string, headers: Record<string, string>): Promise<PostOutcome> {
  const started = Date.now();
  const allowPrivate = env.webhooksAllowPrivate;
  const timeoutMs = env.webhookTimeoutMs;
  const done = (responseCode: number | null, error: string | null): PostOutcome => ({
    ok: error === null && responseCode !== null && responseCode >= 200 && responseCode < 300,
    responseCode,
    durationMs: Date.now() - started,
    error: error ?? (responseCode !== null && (responseCode < 200 || responseCode >= 300) ? `HTTP ${responseCode}` : null),
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return done(null, "not a URL");
  }
  const refused = refusal(url, allowPrivate);
  if (refused) return done(null, refused);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          lookup: guardedLookup(allowPrivate),
          signal: controller.signal,
          headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "Darna webhooks" },
        },
        (res) => {
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) res.destroy();
          });
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("close", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    return done(status, null);
  } catch (error) {
    if (controller.signal.aborted) return done(null, `timeout: no answer within ${timeoutMs} ms`);
    const cause = (error as { cause?: unknown } | null)?.cause;
    const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
    return done(null, message.slice(0, 400));
  } finally {
    clearTimeout(timer);
  }
}

/** The JSON body of a delivery: the same on every attempt and replay. */
export function deliveryBody(event: WebhookEvent): string {
  return JSON.stringify({ id: event.publicId, type: event.type, createdAt: event.occurredAt.toISOString(), data: JSON.parse(event.data) as unknown });
}

/** One attempt at a delivery, recorded; marks the delivery delivered on success. */
async function attempt(endpoint: WebhookEndpoint, delivery: WebhookDelivery, now: Date, replay: boolean): Promise<PostOutcome> {
  const event = (await WebhookEvent.findByPk(delivery.eventId))!;
  const body = deliveryBody(event);
  const outcome = await postWebhook(endpoint.url, body, {
    "Darna-Signature": signatureHeader(endpoint.secret, now, body),
    "Darna-Event": event.type,
    "Darna-Delivery": String(delivery.id),
  });
  await writeTransaction(async (transaction) => {
    await WebhookAttempt.create(
      { deliveryId: delivery.id, ok: outcome.ok, responseCode: outcome.responseCode, durationMs: outcome.durationMs, error: outcome.error, replay, attemptedAt: now },
      { transaction },
    );
    await delivery.update(
      {
        attempts: delivery.attempts + 1,
        lastResponseCode: outcome.responseCode,
        lastError: outcome.error,
        updatedAt: now,
        ...(outcome.ok ? { status: "delivered" as const, deliveredAt: now } : {}),
      },
      { transaction },
    );
    if (outcome.ok && endpoint.failingSince) await endpoint.update({ failingSince: null }, { transaction });
  });
  return outcome;
}

/** Takes the endpoint's lease at `now`; false when another runner holds it. */
async function lease(endpointId: number, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + BATCH * env.webhookTimeoutMs + 60_000);
  const [taken] = await WebhookEndpoint.update(
    { lockedUntil: until },
    { where: { id: endpointId, [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: now } }] }, silent: true },
  );
  return taken === 1;
}

/** Posts the endpoint's due deliveries in event-time order (the "webhooks:deliver" job). */
export async function deliverEndpoint(endpointId: number, now: Date): Promise<void> {
  if (!(await lease(endpointId, now))) {
    // Another runner is posting this endpoint's deliveries: look again shortly.
    await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId }, { runAt: new Date(now.getTime() + 15_000), maxAttempts: 3 });
    return;
  }
  let more = false;
  try {
    for (let sent = 0; ; sent += 1) {
      const endpoint = await WebhookEndpoint.findByPk(endpointId);
      if (!endpoint || !endpoint.enabled) return;
      const head = await WebhookDelivery.findOne({ where: { endpointId, status: "pending" }, order: [["occurredAt", "ASC"], ["id", "ASC"]] });
      if (!head) return;
      if (head.nextAttemptAt.getTime() > now.getTime()) {
        await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId }, { runAt: head.nextAttemptAt, uniqueKey: `webhook-retry:${head.id}:${head.attempts}`, maxAttempts: 3 });
        return;
      }
      if (sent >= BATCH) {
        more = true;
        return;
      }
      const outcome = await attempt(endpoint, head, now, false);
      if (outcome.ok) continue;
      const retryAt = nextRetryAt(head.occurredAt, head.attempts, now);
      const disable = failingTooLong(endpoint.failingSince ?? now, now);
      await writeTransaction(async (transaction) => {
        await head.update(retryAt ? { nextAttemptAt: retryAt } : { status: "failed" }, { transaction });
        if (disable) {
          await endpoint.update({ enabled: false, disabledReason: "failing", failingSince: endpoint.failingSince ?? now }, { transaction });
          await enqueueJob(WEBHOOK_DISABLED_EMAIL_JOB, { endpointId }, { runAt: now, uniqueKey: `webhook-disabled:${endpointId}:${now.getTime()}`, transaction });
        } else if (!endpoint.failingSince) {
          await endpoint.update({ failingSince: now }, { transaction });
        }
        if (retryAt && !disable) {
          await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId }, { runAt: retryAt, uniqueKey: `webhook-retry:${head.id}:${head.attempts}`, maxAttempts: 3, transaction });
        }
      });
      if (disable || retryAt) return;
      // Given up after 24 hours: the next event goes.
    }
  } finally {
    await WebhookEndpoint.update({ lockedUntil: null }, { where: { id: endpointId }, silent: true });
    if (more) await enqueueJob(WEBHOOK_DELIVER_JOB, { endpointId }, { runAt: now, maxAttempts: 3 });
  }
}

/** Sends one delivery again, out of the queue's order (the owner asked; the "webhooks:replay" job). */
export async function replayNow(deliveryId: number, now: Date): Promise<PostOutcome | null> {
  const delivery = await WebhookDelivery.findByPk(deliveryId);
  if (!delivery) return null;
  const endpoint = await WebhookEndpoint.findByPk(delivery.endpointId);
  if (!endpoint) return null;
  return attempt(endpoint, delivery, now, true);
}

/** The e-mail telling the owner their endpoint was disabled (exported for tests). */
export async function renderDisabledEmail(endpointId: number) {
  const endpoint = await WebhookEndpoint.findByPk(endpointId);
  if (!endpoint) return null;
  const user = await User.findByPk(endpoint.userId);
  if (!user) return null;
  const language = isLanguage(user.language) ? user.language : fallbackLanguage;
  const t = await getFixedT(language, "developers");
  const subject = String(t("email.disabled.subject"));
  const url = new URL(withLanguage("/profile/developers", language), env.appUrl).toString();
  const { text, html } = noticeEmailBodies({
    language,
    subject,
    greeting: String(t("email.disabled.greeting", { name: user.firstName })),
    body: String(t("email.disabled.body", { url: endpoint.url })),
    action: String(t("email.disabled.action")),
    url,
  });
  return { to: user.email, subject, text, html, template: "webhook-endpoint-disabled", language };
}

registerJobHandler(WEBHOOK_DELIVER_JOB, async (payload, { now }) => {
  await deliverEndpoint((payload as { endpointId: number }).endpointId, now);
});

registerJobHandler(WEBHOOK_REPLAY_JOB, async (payload, { now }) => {
  await replayNow((payload as { deliveryId: number }).deliveryId, now);
});

registerJobHandler(WEBHOOK_DISABLED_EMAIL_JOB, async (payload, { now }) => {
  const email = await renderDisabledEmail((payload as { endpointId: number }).endpointId);
  if (email) await sendEmail(email, now);
});
