import { registerJobHandler } from "~/services/jobs/jobs.server";
import { receivePaymentWebhook } from "~/services/payments/payment-results.server";
import { buildSandboxWebhook, SANDBOX_PROVIDER_ID, SANDBOX_WEBHOOK_JOB } from "~/services/payments/payment-sandbox.server";
import "~/services/booking/reservation-emails.server";
import { expireHold, expireRequest } from "~/services/booking/reservation.server";
import { EXPIRE_HOLD_JOB, EXPIRE_REQUEST_JOB } from "~/services/booking/reservation-timers.server";

// The booking timers and deliveries, registered with the database-backed job runner
// (app/jobs/register.server.ts imports this module once):
// - reservation:expire-hold     an unpaid hold (30 min after a direct booking, 24 h after the
//                               host accepted) is cancelled and its nights freed;
// - reservation:expire-request  a request the host did not answer in 24 hours expires;
// - reservation:email           the e-mail of a step (reservation-emails.server.ts);
// - payment:sandbox-webhook     the sandbox gateway's signed callback, delivered through the same
//                               code as a real gateway's HTTP webhook.

registerJobHandler(EXPIRE_HOLD_JOB, async (payload, { now }) => {
  await expireHold(Number((payload as { reservationId: number }).reservationId), now);
});

registerJobHandler(EXPIRE_REQUEST_JOB, async (payload, { now }) => {
  await expireRequest(Number((payload as { reservationId: number }).reservationId), now);
});

registerJobHandler(SANDBOX_WEBHOOK_JOB, async (payload, { now }) => {
  const delivery = await buildSandboxWebhook(String((payload as { reference: string }).reference), now);
  if (delivery) await receivePaymentWebhook(SANDBOX_PROVIDER_ID, delivery.body, delivery.headers, now);
});
