// Quality checks (PRODUCT.md "Reviews and quality"): after a host's first 3 completed stays, then
// every 3 months, a task opens for operators (/admin/quality) with the host's recent reviews,
// ratings and cancellations; the operator records passed, warned (the host is e-mailed) or
// suspended. A daily job opens the tasks that are due (the schedule is app/domain/reviews.ts).
import { QueryTypes } from "sequelize";
import { QualityCheck, type QualityCheckStatus } from "~/db/models/quality-check.server";
import { getSequelize } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { addMonthsToDate, isQualityCheckDue, QUALITY_CHECK_MONTHS, type QualityOutcome } from "~/domain/reviews";
import { addDays, dateInTunis, tunisInstant } from "~/domain/stay-dates";
import type { ReviewItem } from "~/schemas/review";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { hostRating, operatorSetsSuspension } from "~/services/reviews/host-standing.server";
import { queueReviewEmail } from "~/services/reviews/review-emails.server";
import { hostReviews } from "~/services/reviews/review-reads.server";
import { AppError } from "~/utils/app-error";
import { can, type UserRole } from "~/domain/staff-roles";
import { audit } from "~/services/admin/audit.server";

export const QUALITY_CHECKS_JOB = "reviews:quality-checks";

/** Opens the quality checks due on `now`'s date (Tunis). Returns the hosts checked. */
export async function openDueQualityChecks(now: Date): Promise<number[]> {
  const today = dateInTunis(now);
  const sequelize = getSequelize();
  const stays = await sequelize.query<{ host_id: number; check_out: string }>(
    "SELECT host_id, check_out FROM reservations WHERE status = 'confirmed' AND check_out <= :today ORDER BY host_id, check_out",
    { replacements: { today }, type: QueryTypes.SELECT },
  );
  const byHost = new Map<number, string[]>();
  for (const row of stays) {
    const list = byHost.get(Number(row.host_id)) ?? [];
    list.push(String(row.check_out).slice(0, 10));
    byHost.set(Number(row.host_id), list);
  }
  const last = await sequelize.query<{ host_id: number; opened_on: string }>("SELECT host_id, MAX(opened_on) AS opened_on FROM quality_checks GROUP BY host_id", {
    type: QueryTypes.SELECT,
  });
  const lastByHost = new Map(last.map((row) => [Number(row.host_id), String(row.opened_on).slice(0, 10)]));
  const opened: number[] = [];
  for (const [hostId, completedCheckOuts] of byHost) {
    if (!isQualityCheckDue({ completedCheckOuts, lastCheckOpenedOn: lastByHost.get(hostId) ?? null }, today)) continue;
    // The unique (host_id, opened_on) index keeps a second run of the day from opening another.
    const [, created] = await QualityCheck.findOrCreate({ where: { hostId, openedOn: today }, defaults: { hostId, openedOn: today } });
    if (created) opened.push(hostId);
  }
  return opened;
}

/** Schedules the daily run of `day` (03:00 in Tunis), once per day whatever the instances. */
export async function scheduleQualityChecks(day: string): Promise<void> {
  await enqueueJob(QUALITY_CHECKS_JOB, { day }, { runAt: tunisInstant(day, 3 * 60), uniqueKey: `${QUALITY_CHECKS_JOB}:${day}` });
}

registerJobHandler(QUALITY_CHECKS_JOB, async (_payload, { now }) => {
  await openDueQualityChecks(now);
  await scheduleQualityChecks(addDays(dateInTunis(now), 1));
});

export interface QualityCheckTask {
  id: number;
  openedOn: string;
  host: { id: number; name: string; email: string };
  rating: number | null;
  reviewCount: number;
  completedStays: number;
  hostCancellations: number;
  recentReviews: ReviewItem[];
}

/** The open quality checks, oldest first, each with what the operator needs to decide. */
export async function openQualityChecks(now: Date = new Date()): Promise<QualityCheckTask[]> {
  const sequelize = getSequelize();
  const checks = await sequelize.query<{ id: number; host_id: number; opened_on: string; first_name: string; last_name: string; email: string }>(
    `SELECT q.id, q.host_id, q.opened_on, u.first_name, u.last_name, u.email
       FROM quality_checks q JOIN users u ON u.id = q.host_id
      WHERE q.status = 'open' ORDER BY q.opened_on, q.id LIMIT 100`,
    { type: QueryTypes.SELECT },
  );
  const since = addMonthsToDate(dateInTunis(now), -QUALITY_CHECK_MONTHS);
  return Promise.all(
    checks.map(async (check) => {
      const hostId = Number(check.host_id);
      const [summary, reviews, counts] = await Promise.all([
        hostRating(hostId),
        hostReviews(hostId, 10),
        sequelize.query<{ completed: number; cancelled: number }>(
          `SELECT SUM(CASE WHEN status = 'confirmed' AND check_out <= :today THEN 1 ELSE 0 END) AS completed,
                  SUM(CASE WHEN status = 'cancelled' AND cancelled_by = 'host' AND check_in >= :since THEN 1 ELSE 0 END) AS cancelled
             FROM reservations WHERE host_id = :hostId`,
          { replacements: { hostId, today: dateInTunis(now), since }, type: QueryTypes.SELECT },
        ),
      ]);
      return {
        id: Number(check.id),
        openedOn: String(check.opened_on).slice(0, 10),
        host: { id: hostId, name: `${check.first_name} ${check.last_name}`, email: check.email },
        rating: summary.rating,
        reviewCount: summary.count,
        completedStays: Number(counts[0]?.completed ?? 0),
        hostCancellations: Number(counts[0]?.cancelled ?? 0),
        recentReviews: reviews.items,
      };
    }),
  );
}

/** The operator records the outcome: passed, warned (host e-mailed) or suspended (with the note as reason). */
export async function decideQualityCheck(
  operator: { id: number; role: UserRole },
  checkId: number,
  outcome: QualityOutcome,
  note: string,
  options: { now?: Date } = {},
): Promise<void> {
  if (!can(operator.role, "moderate")) throw new AppError(403, "reviews:errors.operatorsOnly");
  const now = options.now ?? new Date();
  await writeTransaction(async (transaction) => {
    const check = await QualityCheck.findByPk(checkId, { transaction });
    if (!check) throw new AppError(404, "reviews:errors.notFound");
    if (check.status !== "open") throw new AppError(409, "reviews:errors.alreadyDecided");
    await check.update({ status: outcome as QualityCheckStatus, decidedBy: operator.id, decidedAt: now, note }, { transaction });
    await audit(transaction, { operatorId: operator.id, kind: `quality_check.${outcome}`, recordId: check.id, reason: note, details: { hostId: check.hostId }, now });
    if (outcome === "warned") {
      await queueReviewEmail({ kind: "qualityWarned", userId: check.hostId, path: "/dashboard/listings", values: { note } }, transaction, `quality:${check.id}`);
    }
    if (outcome === "suspended") await operatorSetsSuspension(operator.id, check.hostId, "impose", note, { now, transaction });
  });
}
