// Every feature's job handlers, imported once so they are registered when the server build
// loads. Features add one import line here.
import "~/services/booking/booking-jobs.server";
import "~/services/channel-manager/links.server";
import { scheduleSyncTick } from "~/services/calendar-sync/sync.server";
import "~/services/reviews/review-emails.server";
import "~/services/admin/console-emails.server";
import "~/services/experiences/experience-booking.server";
import "~/services/webhooks/webhook-delivery.server";
import { dateInTunis } from "~/domain/stay-dates";
import { scheduleAnalyticsRollup } from "~/services/analytics/analytics-rollup.server";
import { startJobRunner } from "~/services/jobs/jobs.server";
import { scheduleQualityChecks } from "~/services/reviews/quality-checks.server";
import { scheduleIdempotencyPrune } from "~/services/api-tokens/idempotency-jobs.server";
import { scheduleVariantUpgrade } from "~/services/photos/variant-upgrade.server";
import { env } from "~/utils/env.server";

export function startBackgroundJobs(): (graceMs?: number) => Promise<void> {
  // The calendar sync's clock: a tick row per period (one across instances; kept over restarts).
  scheduleSyncTick().catch((error: unknown) => console.error("calendar-sync: could not schedule", error instanceof Error ? error.message : error));
  // The daily quality-check run: each run schedules the next; this starts the chain (once per day).
  scheduleQualityChecks(dateInTunis(new Date())).catch((error: unknown) =>
    console.error("jobs: could not schedule the quality checks", error instanceof Error ? error.message : error),
  );
  // The daily analytics rollup (ADR 171): each run schedules the next; this starts the chain.
  scheduleAnalyticsRollup(dateInTunis(new Date())).catch((error: unknown) =>
    console.error("jobs: could not schedule the analytics rollup", error instanceof Error ? error.message : error),
  );
  // The hourly clean-up of expired Idempotency-Keys (ADR 221): each run schedules the next.
  scheduleIdempotencyPrune(new Date()).catch((error: unknown) =>
    console.error("jobs: could not schedule the idempotency-key clean-up", error instanceof Error ? error.message : error),
  );
  // Photos stored before ADR 230 get their 800 px and AVIF variants (a no-op once done).
  scheduleVariantUpgrade().catch((error: unknown) =>
    console.error("jobs: could not schedule the photo variant upgrade", error instanceof Error ? error.message : error),
  );
  return startJobRunner({ intervalMs: env.jobIntervalMs });
}
