import type { Transaction } from "sequelize";
import { enqueueJob } from "~/services/jobs/jobs.server";
import { env } from "~/utils/env.server";

// The timers of PRODUCT.md "Reservations", as rows of the database-backed job runner: they run
// once across server instances and survive a restart. A handler always re-reads the reservation
// and acts only when its state and deadline still call for it, so a stale timer is harmless.

export const EXPIRE_HOLD_JOB = "reservation:expire-hold";
export const EXPIRE_REQUEST_JOB = "reservation:expire-request";

/** How long an uploaded bank proof keeps the nights held for the operator (BANK_REVIEW_HOURS, default 48). */
export function bankReviewHours(): number {
  return env.bankReviewHours;
}

export async function scheduleHoldExpiry(reservationId: number, at: Date, transaction: Transaction): Promise<void> {
  await enqueueJob(EXPIRE_HOLD_JOB, { reservationId }, { runAt: at, uniqueKey: `expire-hold:${reservationId}:${at.getTime()}`, transaction });
}

export async function scheduleRequestExpiry(reservationId: number, at: Date, transaction: Transaction): Promise<void> {
  await enqueueJob(EXPIRE_REQUEST_JOB, { reservationId }, { runAt: at, uniqueKey: `expire-request:${reservationId}`, transaction });
}
