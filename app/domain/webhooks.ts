// Webhooks to hosts' and partners' systems (issue 22, ADR 222): the event types, when a failed
// delivery is tried again and when a failing endpoint is turned off. Pure (the signature, which
// needs node:crypto, is in app/services/webhooks/webhook-signature.server.ts).

export const WEBHOOK_EVENT_TYPES = [
  "reservation.requested",
  "reservation.accepted",
  "reservation.declined",
  "reservation.paid",
  "reservation.cancelled",
  "reservation.expired",
  "message.received",
  "review.posted",
  "payout.updated",
  "calendar.changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Deliveries are tried again for this long after the event. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** An endpoint whose deliveries have failed for this long, without a success, is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * When a delivery that failed its `attempts`-th try goes again: 1 min, 2, 4, 8… (at most 6 h
 * apart), the last try at 24 h after the event; null once that window is over (it has failed).
 */
export function nextRetryAt(occurredAt: Date, attempts: number, now: Date): Date | null {
  const deadline = occurredAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  return new Date(Math.min(now.getTime() + wait, deadline));
}

/** True when an endpoint failing since `failingSince` has failed long enough to be disabled. */
export function failingTooLong(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

export type WebhookUrlError = "invalid" | "httpsRequired";

/** https, or http only when private addresses are allowed (tests and local setups). */
export function webhookUrlError(raw: string, allowPrivate: boolean): WebhookUrlError | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.username || url.password || raw.length > 2048) return "invalid";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return allowPrivate ? null : "httpsRequired";
  return "invalid";
}
