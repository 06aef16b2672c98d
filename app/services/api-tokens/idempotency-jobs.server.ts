// The hourly clean-up of expired Idempotency-Keys (ADR 221) on the job runner: each run deletes
// the keys past their 24 hours and schedules the next hour's run.
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { pruneIdempotencyKeys } from "~/utils/api-idempotency.server";

export const PRUNE_IDEMPOTENCY_JOB = "api.prune-idempotency-keys";

/** Schedules the hourly clean-up of the hour starting at `hour` (once across instances). */
export async function scheduleIdempotencyPrune(hour: Date): Promise<void> {
  const start = new Date(Math.floor(hour.getTime() / 3_600_000) * 3_600_000);
  await enqueueJob(PRUNE_IDEMPOTENCY_JOB, {}, { runAt: start, uniqueKey: `${PRUNE_IDEMPOTENCY_JOB}:${start.toISOString()}` });
}

registerJobHandler(PRUNE_IDEMPOTENCY_JOB, async (_payload, { now }) => {
  await pruneIdempotencyKeys(now);
  await scheduleIdempotencyPrune(new Date(now.getTime() + 3_600_000));
});
