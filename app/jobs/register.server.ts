// Every feature's job handlers, imported once so they are registered when the server build
// loads. Features add one import line here.
import "~/services/booking/booking-jobs.server";
import { startJobRunner } from "~/services/jobs/jobs.server";

export function startBackgroundJobs(): () => void {
  return startJobRunner({ intervalMs: Number(process.env.JOB_INTERVAL_MS ?? 5_000) });
}
