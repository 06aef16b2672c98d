// The daily analytics rollup (issue 17 point 5, ADR 171). Every finished Tunis day that still has
// raw events and is not rolled up yet is summed into analytics_daily (per event × page kind ×
// source) and analytics_daily_destinations, and marked in analytics_rollups, in one transaction per
// day; then raw page views of rolled-up days older than the retention are deleted. Named events
// (bookings, accounts…) are few and stay raw. Running it again changes nothing: a day is rolled up
// once, and rolling a day up replaces its rows.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { addDays, dateInTunis, tunisInstant, type IsoDate } from "~/domain/stay-dates";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";

/** Raw page views are kept this many days (the rollups keep their counts for ever). */
export const RAW_PAGE_VIEW_DAYS = 90;
const ROLLUP_JOB = "analytics-rollup";

export interface RollupResult {
  daysRolledUp: number;
  pageViewsPruned: number;
}

export async function rollUpAnalytics(now: Date = new Date(), { keepRawDays = RAW_PAGE_VIEW_DAYS } = {}): Promise<RollupResult> {
  const sequelize = getSequelize();
  const today = dateInTunis(now);
  const pending = await sequelize.query<{ day: string }>(
    `SELECT e.day FROM analytics_events e WHERE e.day < :today
        AND NOT EXISTS (SELECT 1 FROM analytics_rollups r WHERE r.day = e.day)
      GROUP BY e.day ORDER BY e.day`,
    { type: QueryTypes.SELECT, replacements: { today } },
  );
  for (const { day } of pending) await rollUpDay(day, now);

  const cutoff = addDays(today, -keepRawDays);
  const prunable = await sequelize.query<{ day: string }>(
    `SELECT r.day FROM analytics_rollups r WHERE r.day < :cutoff
        AND EXISTS (SELECT 1 FROM analytics_events e WHERE e.day = r.day AND e.name = 'Page View')
      ORDER BY r.day`,
    { type: QueryTypes.SELECT, replacements: { cutoff } },
  );
  let pruned = 0;
  for (const { day } of prunable) {
    // One day per statement: short locks, and a crash leaves whole days.
    const deleted = await sequelize.query("DELETE FROM analytics_events WHERE day = :day AND name = 'Page View'", {
      type: QueryTypes.BULKDELETE,
      replacements: { day },
    });
    pruned += Number(deleted);
  }
  return { daysRolledUp: pending.length, pageViewsPruned: pruned };
}

async function rollUpDay(day: IsoDate, now: Date): Promise<void> {
  const sequelize = getSequelize();
  await sequelize.transaction(async (transaction) => {
    const options = { transaction, replacements: { day } };
    await sequelize.query("DELETE FROM analytics_daily WHERE day = :day", options);
    await sequelize.query("DELETE FROM analytics_daily_destinations WHERE day = :day", options);
    await sequelize.query("DELETE FROM analytics_rollups WHERE day = :day", options);
    await sequelize.query(
      `INSERT INTO analytics_daily (day, week, name, page, source, events, value_sum)
       SELECT day, MIN(week), name, COALESCE(page, ''), COALESCE(source, ''), COUNT(*), COALESCE(SUM(value), 0)
         FROM analytics_events WHERE day = :day
        GROUP BY day, name, COALESCE(page, ''), COALESCE(source, '')`,
      options,
    );
    await sequelize.query(
      `INSERT INTO analytics_daily_destinations (day, destination, searches)
       SELECT day, destination, COUNT(*) FROM analytics_events
        WHERE day = :day AND name = 'Page View' AND page = 'search' AND destination IS NOT NULL
        GROUP BY day, destination`,
      options,
    );
    await sequelize.query(
      `INSERT INTO analytics_rollups (day, events, rolled_up_at)
       SELECT :day, COUNT(*), :now FROM analytics_events WHERE day = :day`,
      { transaction, replacements: { day, now } },
    );
  });
}

/** Queues the rollup of the day before `day`, at 02:00 Tunis on `day` (one job per day). */
export async function scheduleAnalyticsRollup(day: IsoDate): Promise<void> {
  await enqueueJob(ROLLUP_JOB, { day }, { runAt: tunisInstant(day, 2 * 60), uniqueKey: `${ROLLUP_JOB}:${day}` });
}

registerJobHandler(ROLLUP_JOB, async (_payload, { now }) => {
  await rollUpAnalytics(now);
  await scheduleAnalyticsRollup(addDays(dateInTunis(now), 1));
});
